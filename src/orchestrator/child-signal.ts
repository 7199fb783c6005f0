/**
 * Signals that follow a parent signal through one listener on it, however many there are.
 *
 * Each task of a plan wave used to wait on the coordinator's own signal (its wait and the worker's
 * turn each added a listener), so a wave of 11 tasks or more passed Node's limit of 10 listeners and
 * printed MaxListenersExceededWarning. A child aborts when the parent does, in the same tick and
 * with the same reason, for as long as the parent lives: a worker still running after its task
 * timed out, or a servant it handed on to, is stopped by the coordinator's interrupt as before.
 */
const childrenOf = new WeakMap<AbortSignal, Set<AbortController>>();

export function childSignal(parent: AbortSignal): AbortSignal {
  const child = new AbortController();
  if (parent.aborted) {
    child.abort(parent.reason);
    return child.signal;
  }
  let children = childrenOf.get(parent);
  if (children === undefined) {
    const fresh = new Set<AbortController>();
    childrenOf.set(parent, fresh);
    parent.addEventListener(
      'abort',
      () => {
        childrenOf.delete(parent);
        for (const each of fresh) each.abort(parent.reason);
      },
      { once: true },
    );
    children = fresh;
  }
  children.add(child);
  return child.signal;
}
