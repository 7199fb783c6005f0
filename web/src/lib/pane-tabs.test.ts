import { describe, expect, it } from 'vitest';
import { paneAfterKey } from './pane-tabs.ts';

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
