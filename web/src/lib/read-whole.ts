import { toRaw } from 'vue';

/**
 * A reactive list read whole by a computed: one dependency on the list (any change to it, an entry
 * or its length, makes the computed run again), then the plain array. Each `list[i]` through Vue's
 * proxy is a tracked read of its own; at 10,000 messages, rebuilding the chat's rows that way cost
 * more than the rows themselves (issue 22's scroll figure).
 */
export function readWhole<T>(list: readonly T[]): readonly T[] {
  // Starting an iteration tracks the whole array (Vue's "iterate" key); nothing is read from it.
  void list[Symbol.iterator]();
  return toRaw(list);
}
