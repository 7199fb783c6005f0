import { describe, expect, it } from 'vitest';
import { paneAfterKey, tabAfterKey } from './pane-tabs.ts';

describe('paneAfterKey', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(paneAfterKey('list', 'ArrowRight')).toBe('map');
    expect(paneAfterKey('chat', 'ArrowRight')).toBe('list');
    expect(paneAfterKey('list', 'ArrowLeft')).toBe('chat');
    expect(paneAfterKey('map', 'ArrowLeft')).toBe('list');
  });

  it('goes to the first and last pane with Home and End, and ignores other keys', () => {
    expect(paneAfterKey('map', 'Home')).toBe('list');
    expect(paneAfterKey('map', 'End')).toBe('chat');
    expect(paneAfterKey('map', 'Enter')).toBeNull();
    expect(paneAfterKey('map', 'ArrowDown')).toBeNull();
  });
});

describe('tabAfterKey', () => {
  it('works on any list of tabs, as the right pane uses it', () => {
    const tabs = ['chat', 'work', 'blackboard'] as const;
    expect(tabAfterKey(tabs, 'blackboard', 'ArrowRight')).toBe('chat');
    expect(tabAfterKey(tabs, 'chat', 'ArrowLeft')).toBe('blackboard');
    expect(tabAfterKey(tabs, 'work', 'End')).toBe('blackboard');
    expect(tabAfterKey(tabs, 'work', 'Tab')).toBeNull();
  });
});
