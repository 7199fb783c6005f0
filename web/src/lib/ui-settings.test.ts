import { describe, expect, it } from 'vitest';
import { parseUiSettings, UI_SETTINGS_DEFAULTS } from './ui-settings.ts';

describe('fuseforks.settings.v1', () => {
  it('has the pinned shape and defaults (theme absent = follow the OS)', () => {
    expect(parseUiSettings(null)).toEqual({
      confirmEdgeDelete: true,
      confirmClose: true,
      showPresenceNotices: true,
      autoFitOnResize: false,
      hideToolLog: false,
      statsClosingDay: 'eom',
      chatZoom: 1,
    });
    expect(parseUiSettings(null)).toEqual(UI_SETTINGS_DEFAULTS);
  });

  it('keeps valid fields and lets each bad one fall back alone', () => {
    const parsed = parseUiSettings(
      JSON.stringify({
        confirmEdgeDelete: false,
        theme: 'light',
        statsClosingDay: 29,
        chatZoom: 1.3,
        hideToolLog: 'yes',
      }),
    );
    expect(parsed).toMatchObject({
      confirmEdgeDelete: false,
      theme: 'light',
      statsClosingDay: 'eom',
      chatZoom: 1,
      hideToolLog: false,
    });
    expect(
      parseUiSettings(JSON.stringify({ theme: 'sepia', statsClosingDay: 25, chatZoom: 1.75 })),
    ).toMatchObject({
      statsClosingDay: 25,
      chatZoom: 1.75,
    });
    expect('theme' in parseUiSettings(JSON.stringify({ theme: 'sepia' }))).toBe(false);
  });

  it('reads a corrupt or non-object value as the defaults', () => {
    expect(parseUiSettings('{not json')).toEqual(UI_SETTINGS_DEFAULTS);
    expect(parseUiSettings('[1,2]')).toEqual(UI_SETTINGS_DEFAULTS);
  });
});
