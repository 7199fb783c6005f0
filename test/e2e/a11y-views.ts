/**
 * The views of the village a person can reach, each with how to open and close it through the UI,
 * for checks that go over every one (axe in accessibility.e2e.test.ts, no sideways scroll at 390 px).
 */
import type { Page } from 'playwright-core';

export interface UiView {
  name: string;
  open(page: Page): Promise<void>;
  close(page: Page): Promise<void>;
}

const SETTINGS_PAGES = [
  'user',
  'language',
  'tokens',
  'ask-timeout',
  'browser',
  'theme',
  'zoom',
  'messages',
  'stats',
  'tour',
] as const;
const AGENT_TABS = ['general', 'tools', 'files', 'config', 'icon'] as const;

async function clickAndWait(page: Page, button: string, shown: string): Promise<void> {
  await page.getByTestId(button).click();
  await page.getByTestId(shown).waitFor();
}

async function closeWith(page: Page, button: string, gone: string): Promise<void> {
  await page.getByTestId(button).click();
  await page.getByTestId(gone).waitFor({ state: 'detached' });
}

/** A dialog opened from the title bar and closed with its own button. */
function titleBarDialog(name: string, opener: string, dialog: string, closer: string): UiView {
  return {
    name,
    open: (page) => clickAndWait(page, opener, dialog),
    close: (page) => closeWith(page, closer, dialog),
  };
}

/** Every dialog and dialog page, in an order that needs no state beyond the village's servants. */
export function dialogViews(agentId: string): UiView[] {
  const settings: UiView[] = SETTINGS_PAGES.map((id) => ({
    name: `settings: ${id}`,
    open: async (page) => {
      await clickAndWait(page, 'open-settings', 'settings-dialog');
      await page.getByTestId(`settings-page-${id}`).click();
      await page.locator(`[data-page="${id}"]`).waitFor();
    },
    close: (page) => closeWith(page, 'settings-close', 'settings-dialog'),
  }));
  const agentTabs: UiView[] = AGENT_TABS.map((tab) => ({
    name: `agent settings: ${tab}`,
    open: async (page) => {
      await page
        .locator(`[data-testid="agent-card"][data-agent-id="${agentId}"]`)
        .getByTestId('agent-edit')
        .click();
      await page.getByTestId('agent-settings-dialog').waitFor();
      await page.getByTestId(`agent-tab-${tab}`).click();
      await page.locator(`#agent-tab-${tab}[aria-selected="true"]`).waitFor();
    },
    close: (page) => closeWith(page, 'agent-close', 'agent-settings-dialog'),
  }));
  return [
    ...settings,
    {
      name: 'templates',
      open: (page) => clickAndWait(page, 'open-templates', 'templates-dialog'),
      close: (page) => closeWith(page, 'template-close', 'templates-dialog'),
    },
    {
      name: 'template editor',
      open: async (page) => {
        await clickAndWait(page, 'open-templates', 'templates-dialog');
        await page.getByTestId('template-row').first().click();
        await page.getByTestId('template-name').waitFor();
      },
      close: (page) => closeWith(page, 'template-close', 'templates-dialog'),
    },
    {
      name: 'new agent',
      open: (page) => clickAndWait(page, 'agent-new', 'agent-settings-dialog'),
      close: (page) => closeWith(page, 'agent-close', 'agent-settings-dialog'),
    },
    ...agentTabs,
    {
      name: 'new group name',
      open: (page) => clickAndWait(page, 'group-new', 'confirm-input'),
      close: (page) => closeWith(page, 'confirm-cancel', 'confirm-dialog'),
    },
    titleBarDialog('roles', 'open-roles', 'roles-dialog', 'roles-close'),
    {
      name: 'role editor',
      open: async (page) => {
        await clickAndWait(page, 'open-roles', 'roles-dialog');
        await page.getByTestId('role-new').click();
        await page.getByTestId('role-save').waitFor();
      },
      // Esc: on a narrow screen, pressing Close blurs the empty name field, whose "enter a name"
      // line then pushes the button down before the mouse is released (a click that misses).
      close: async (page) => {
        await page.keyboard.press('Escape');
        await page.getByTestId('roles-dialog').waitFor({ state: 'detached' });
      },
    },
    titleBarDialog('ordinance', 'open-ordinance', 'ordinance-dialog', 'ordinance-close'),
    titleBarDialog('sessions', 'open-sessions', 'sessions-dialog', 'sessions-close'),
    titleBarDialog('statistics', 'open-stats', 'stats-dialog', 'stats-close'),
    titleBarDialog('schedules', 'open-schedules', 'schedules-dialog', 'schedules-close'),
    {
      name: 'schedule editor',
      open: async (page) => {
        await clickAndWait(page, 'open-schedules', 'schedules-dialog');
        await clickAndWait(page, 'schedule-add', 'schedule-editor');
      },
      close: (page) => closeWith(page, 'schedules-close', 'schedules-dialog'),
    },
    {
      name: 'MCP',
      open: (page) => clickAndWait(page, 'open-mcp', 'mcp-dialog'),
      // Esc, as a keyboard user closes it (its close button has no test id of its own).
      close: async (page) => {
        await page.keyboard.press('Escape');
        await page.getByTestId('mcp-dialog').waitFor({ state: 'detached' });
      },
    },
    titleBarDialog('approvals', 'open-approvals', 'approvals-dialog', 'approvals-close'),
  ];
}

/** The first-run tour, replayed from its settings page, at its first and last steps. */
export const tourView: UiView = {
  name: 'tour',
  open: async (page) => {
    await clickAndWait(page, 'open-settings', 'settings-dialog');
    await page.getByTestId('settings-page-tour').click();
    await clickAndWait(page, 'settings-tour-replay', 'tour');
  },
  close: (page) => closeWith(page, 'tour-skip', 'tour'),
};
