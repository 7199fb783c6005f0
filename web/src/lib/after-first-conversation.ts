/**
 * When to start work the first view does not need (issue 22's open figure): after the first
 * conversation fetch has settled and the frame that draws it has passed, or after `maxWaitMs` when
 * that fetch never comes (a village that does not finish booting still gets its bond map).
 */
export function afterFirstConversation(
  firstConversation: Promise<void>,
  maxWaitMs = 3000,
  host: { frame: (run: () => void) => void; wait: (run: () => void, ms: number) => void } = browserHost(),
): Promise<void> {
  const waited = new Promise<void>((resolve) => host.wait(resolve, maxWaitMs));
  return Promise.race([firstConversation, waited]).then(
    // One frame draws the rows the fetch put; the work starts in the task after the next one.
    () => new Promise<void>((resolve) => host.frame(() => host.frame(() => host.wait(resolve, 0)))),
  );
}

function browserHost() {
  return {
    frame: (run: () => void) => void requestAnimationFrame(() => run()),
    wait: (run: () => void, ms: number) => void setTimeout(run, ms),
  };
}
