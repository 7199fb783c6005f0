import { describe, expect, it } from 'vitest';
import { trashPlace } from './trash-place.ts';

describe('trashPlace', () => {
  it('names the XDG home trash on Linux, with the home shown as ~', () => {
    expect(trashPlace({ platform: 'linux', xdgDataHome: undefined, home: '/home/ann' })).toBe(
      '~/.local/share/Trash',
    );
    expect(trashPlace({ platform: 'linux', xdgDataHome: '', home: '/home/ann' })).toBe(
      '~/.local/share/Trash',
    );
    expect(trashPlace({ platform: 'linux', xdgDataHome: '/home/ann/data', home: '/home/ann/' })).toBe(
      '~/data/Trash',
    );
    expect(trashPlace({ platform: 'linux', xdgDataHome: '/srv/xdg', home: '/home/ann' })).toBe(
      '/srv/xdg/Trash',
    );
    // A folder that only starts with the home's name is not under it.
    expect(trashPlace({ platform: 'linux', xdgDataHome: '/home/anna/x', home: '/home/ann' })).toBe(
      '/home/anna/x/Trash',
    );
  });

  it('has no folder to name on other systems', () => {
    for (const platform of ['darwin', 'win32'] as const)
      expect(trashPlace({ platform, xdgDataHome: '/srv/xdg', home: '/Users/ann' })).toBeNull();
  });
});
