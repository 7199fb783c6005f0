import { describe, expect, it } from 'vitest';
import {
  initialSettingsPage,
  LANGUAGE_OPTIONS,
  SETTINGS_MENU,
  SETTINGS_PAGES,
  settingsPage,
} from './settings-pages.ts';
import { LANGUAGES } from '../../../src/domain/enums.ts';

describe('settings catalogue', () => {
  it('groups by subject: General (User, Language), Cost, Tools, UI', () => {
    expect(SETTINGS_MENU.map((g) => [g.id, g.pages.map((p) => p.id)])).toEqual([
      ['general', ['user', 'language']],
      ['cost', ['tokens', 'ask-timeout']],
      ['tools', ['browser']],
      ['ui', ['theme', 'zoom', 'messages', 'stats', 'tour']],
    ]);
  });

  it('opens on the head of the catalogue (General → User) unless a known page is asked for', () => {
    expect(initialSettingsPage(null)).toBe('user');
    expect(initialSettingsPage('')).toBe('user');
    expect(initialSettingsPage('nonsense')).toBe('user');
    expect(initialSettingsPage('tour')).toBe('tour');
    expect(initialSettingsPage('ui.tour')).toBe('tour');
    expect(initialSettingsPage('cost.tokens')).toBe('tokens');
    expect(initialSettingsPage('tools.browser')).toBe('browser');
  });

  it('notes village pages as world.json and display pages as this device', () => {
    expect(settingsPage('tokens').storage).toBe('world');
    expect(settingsPage('language').storage).toBe('world');
    expect(settingsPage('user').storage).toBe('userIcon');
    expect(settingsPage('browser').storage).toBe('home');
    for (const id of ['theme', 'zoom', 'messages', 'stats', 'tour'] as const) {
      expect(settingsPage(id).storage).toBe('device');
    }
    expect(new Set(SETTINGS_PAGES.map((p) => p.id)).size).toBe(SETTINGS_PAGES.length);
  });

  it('offers exactly the core languages, labelled in their own language, no "auto"', () => {
    expect(LANGUAGE_OPTIONS.map((o) => o.value)).toEqual([...LANGUAGES]);
    expect(LANGUAGE_OPTIONS.map((o) => o.label)).toEqual(['日本語', 'English']);
  });
});
