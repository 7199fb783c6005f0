import { describe, expect, it } from 'vitest';
import { computed, isProxy, reactive } from 'vue';
import { readWhole } from './read-whole.ts';

describe('readWhole', () => {
  it('hands the plain array, and the computed follows every change to the list', () => {
    const state = reactive({ list: [1, 2, 3] });
    let runs = 0;
    const sum = computed(() => {
      runs += 1;
      const list = readWhole(state.list);
      expect(isProxy(list)).toBe(false);
      return list.reduce((a, b) => a + b, 0);
    });
    expect(sum.value).toBe(6);
    state.list.push(4);
    expect(sum.value).toBe(10);
    state.list[0] = 10;
    expect(sum.value).toBe(19);
    state.list.splice(0, 2);
    expect(sum.value).toBe(7);
    state.list = [5];
    expect(sum.value).toBe(5);
    const before = runs;
    expect(sum.value).toBe(5);
    expect(runs).toBe(before);
  });
});
