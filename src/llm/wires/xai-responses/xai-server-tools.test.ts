import { describe, expect, it } from 'vitest';
import { xaiServerTools } from './xai-server-tools.ts';
import { xaiTemplate as template } from './xai-test-helpers.ts';

describe('xaiServerTools', () => {
  it.each([
    [false, false, []],
    [true, false, [{ type: 'web_search' }]],
    [false, true, [{ type: 'x_search' }]],
    [true, true, [{ type: 'web_search' }, { type: 'x_search' }]],
  ])('web %s, x %s', (xaiWebSearch, xaiXSearch, tools) => {
    expect(xaiServerTools(template({ xaiWebSearch, xaiXSearch }))).toEqual(tools);
  });

  it('the flags alone do nothing on another wire (the *_active predicates decide)', () => {
    expect(
      xaiServerTools(template({ xaiWebSearch: true, xaiXSearch: true, provider: 'open_ai_compat' })),
    ).toEqual([]);
  });

  it('no reserved filter field is ever sent', () => {
    const tools = xaiServerTools(template({ xaiWebSearch: true, xaiXSearch: true }));
    expect(tools.every((tool) => Object.keys(tool).join() === 'type')).toBe(true);
  });
});
