/**
 * One trash at a time per work folder, in this process. Two deletes of the same note at once would
 * both pass the "is it still there" check and both reach the trash (two trash records for one note);
 * queued, the second sees the first's result and says the note is gone. Keyed by the folder's real
 * path, so two spellings of one folder share a queue. Folders never wait on each other.
 */
const tails = new Map<string, Promise<unknown>>();

export async function queuedFor<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  // The queue goes on whatever this one's outcome; a settled tail is dropped so the map stays small.
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
