import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { AGENT_SPEC_DEFAULTS } from '../../../src/domain/agent.ts';
import { parseRunJson } from '../../../src/world/run-json.ts';
import { configProblems, parseMcpConfig } from '../../../src/mcp/config/index.ts';
import * as core from '../../../src/tools/tool-names.ts';
import {
  BUNDLED_TOOL_NAMES,
  createSpec,
  DEFAULT_ENABLED_TOOLS,
  defaultToolsHintParams,
  effectiveTools,
  emptyShell,
  formsEqual,
  isAbsolutePath,
  jsonErrorOffset,
  jsonFileProblem,
  jsonSyntaxProblem,
  newAgentForm,
  parseMaxToolIterations,
  roleTemplate,
  seedForm,
  updateSpec,
  validateForm,
  withTool,
  WORK_DIR_TOOL_NAMES,
  copyForm,
} from './agent-form.ts';
import type { AgentSpec } from './types.ts';

function spec(partial: Partial<AgentSpec> = {}): AgentSpec {
  return {
    id: 'agent_1',
    name: 'Zari',
    modelTemplateId: 'tpl1',
    ...AGENT_SPEC_DEFAULTS,
    connectedAgents: [],
    ...partial,
  };
}

describe('tool lists', () => {
  it('are the core lists', () => {
    expect([...DEFAULT_ENABLED_TOOLS]).toEqual([...core.DEFAULT_ENABLED_TOOLS]);
    expect([...BUNDLED_TOOL_NAMES]).toEqual([...core.BUNDLED_TOOL_NAMES]);
    expect([...WORK_DIR_TOOL_NAMES]).toEqual([...core.WORK_DIR_TOOL_NAMES]);
  });
  it('null shows the default set, which has no run', () => {
    expect(effectiveTools(null)).not.toContain('run');
    expect(effectiveTools(null)).toHaveLength(7);
    expect(effectiveTools([])).toEqual([]);
  });
  it('touching a checkbox turns null into an explicit list in bundled order', () => {
    expect(withTool(null, 'run', true)).toEqual([...BUNDLED_TOOL_NAMES].filter((n) => n !== 'browser'));
    expect(withTool(null, 'browser', true)).toEqual([...BUNDLED_TOOL_NAMES].filter((n) => n !== 'run'));
    expect(withTool(null, 'grep', false)).toEqual(['remember', 'fd', 'diff', 'sd', 'yq', 'file']);
    expect(withTool(['file', 'remember'], 'grep', true)).toEqual(['remember', 'grep', 'file']);
    expect(withTool(['remember'], 'remember', false)).toEqual([]);
  });
  it('the default hint names and counts what null really presents (run and browser are off)', () => {
    const locales = fileURLToPath(new URL('../locales', import.meta.url));
    const read = (language: 'ja' | 'en') =>
      JSON.parse(readFileSync(`${locales}/${language}/agentSettings.json`, 'utf8')) as object;
    const i18n = createI18n({
      legacy: false,
      locale: 'en',
      messages: { ja: { agentSettings: read('ja') }, en: { agentSettings: read('en') } },
    });
    const hint = (language: 'ja' | 'en') =>
      i18n.global.t('agentSettings.tools.useDefaultHint', defaultToolsHintParams(language), {
        locale: language,
      });
    expect(hint('en')).toMatch(/^The default is the 7 tools other than run and browser\. /u);
    expect(hint('ja')).toMatch(/^既定は run、browser を除く 7 本です。/u);
  });
  it('keeps names it does not know', () => {
    expect(withTool(['future', 'grep'], 'fd', true)).toEqual(['grep', 'fd', 'future']);
  });
});

describe('seedForm', () => {
  it('copies every field, batchStart included', () => {
    const agent = spec({
      batchStart: false,
      planReview: true,
      hearsRoomLog: false,
      usesBlackboard: false,
      allowHandoff: false,
      workDir: '/w',
      maxToolIterations: 30,
      enabledTools: ['grep'],
      ragSources: ['/docs', 'relative'],
      roleId: 'r1',
      groupId: 'g1',
    });
    const form = seedForm(agent, [{ id: 'g1' }]);
    expect(form).toEqual({
      name: 'Zari',
      modelTemplateId: 'tpl1',
      roleId: 'r1',
      groupId: 'g1',
      workDir: '/w',
      maxToolIterations: '30',
      enabledTools: ['grep'],
      ragSources: ['/docs', 'relative'],
      hearsRoomLog: false,
      usesBlackboard: false,
      allowHandoff: false,
      planReview: true,
      batchStart: false,
    });
    // Saving an untouched seed sends nothing but the id: batchStart is never reset to true.
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1' });
  });
  it('shows a group that no longer exists as none, and the save writes null', () => {
    const agent = spec({ groupId: 'gone' });
    const form = seedForm(agent, []);
    expect(form.groupId).toBeNull();
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1', groupId: null });
  });
  it('does not share the rag sources with the spec', () => {
    const agent = spec({ ragSources: ['/docs'] });
    const form = seedForm(agent, []);
    form.ragSources.push('/more');
    copyForm(form).ragSources.push('/copy');
    expect(agent.ragSources).toEqual(['/docs']);
    expect(form.ragSources).toEqual(['/docs', '/more']);
  });
  it('does not share the tool list with the spec', () => {
    const agent = spec({ enabledTools: ['grep'] });
    seedForm(agent, []).enabledTools!.push('fd');
    expect(agent.enabledTools).toEqual(['grep']);
  });
});

describe('updateSpec', () => {
  it('sends the rag sources when they changed, in the order shown, invalid ones included', () => {
    const agent = spec({ ragSources: ['/a', '/b'] });
    const form = seedForm(agent, []);
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1' });
    form.ragSources = ['/b', '/a'];
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1', ragSources: ['/b', '/a'] });
    form.ragSources = ['/a', '/b', 'not/absolute'];
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1', ragSources: ['/a', '/b', 'not/absolute'] });
    form.ragSources = [];
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1', ragSources: [] });
  });
  it('a change of the rag sources makes the form dirty; the same list does not', () => {
    const agent = spec({ ragSources: ['/a'] });
    const seed = seedForm(agent, []);
    const form = copyForm(seed);
    expect(formsEqual(form, seed)).toBe(true);
    form.ragSources.push('/b');
    expect(formsEqual(form, seed)).toBe(false);
    form.ragSources = ['/a'];
    expect(formsEqual(form, seed)).toBe(true);
  });
  it('sends only changed fields, in wire form', () => {
    const agent = spec();
    const form = seedForm(agent, []);
    form.name = '  Lobster ';
    form.workDir = ' /home/me/work ';
    form.maxToolIterations = '20';
    form.enabledTools = ['run'];
    expect(updateSpec(form, agent)).toEqual({
      id: 'agent_1',
      name: 'Lobster',
      workDir: '/home/me/work',
      maxToolIterations: 20,
      enabledTools: ['run'],
    });
  });
  it('clears back to null: empty work folder, empty limit, default tools', () => {
    const agent = spec({ workDir: '/w', maxToolIterations: 5, enabledTools: [] });
    const form = seedForm(agent, []);
    form.workDir = '';
    form.maxToolIterations = ' ';
    form.enabledTools = null;
    expect(updateSpec(form, agent)).toEqual({
      id: 'agent_1',
      workDir: null,
      maxToolIterations: null,
      enabledTools: null,
    });
  });
  it('a role change sends the role only', () => {
    const agent = spec();
    const form = seedForm(agent, []);
    form.roleId = 'r2';
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1', roleId: 'r2' });
  });
  it('ignores tool order', () => {
    const agent = spec({ enabledTools: ['fd', 'grep'] });
    const form = seedForm(agent, []);
    form.enabledTools = ['grep', 'fd'];
    expect(updateSpec(form, agent)).toEqual({ id: 'agent_1' });
    expect(formsEqual(form, seedForm(agent, []))).toBe(true);
  });
});

describe('createSpec', () => {
  it('sends name, template and role only, so the role defaults apply', () => {
    const form = newAgentForm([{ id: 't1' }]);
    form.name = ' New ';
    expect(createSpec(form)).toEqual({ name: 'New', modelTemplateId: 't1' });
    form.roleId = 'r1';
    expect(createSpec(form)).toEqual({ name: 'New', modelTemplateId: 't1', roleId: 'r1' });
  });
  it('starts from the spec defaults', () => {
    const form = newAgentForm([]);
    expect(form.modelTemplateId).toBe('');
    expect(form.batchStart).toBe(AGENT_SPEC_DEFAULTS.batchStart);
    expect(form.enabledTools).toBeNull();
  });
});

describe('validateForm', () => {
  const agents = [spec(), spec({ id: 'agent_2', name: 'Other ' }), spec({ id: 'agent_3', name: 'Twin' })];
  it('wants a name, unique after trimming', () => {
    const form = newAgentForm([{ id: 't' }]);
    form.name = '   ';
    expect(validateForm(form, { agents, self: null }).name).toBe('nameEmpty');
    form.name = ' Other';
    expect(validateForm(form, { agents, self: null }).name).toBe('nameTaken');
    form.name = 'Fresh';
    expect(validateForm(form, { agents, self: null })).toEqual({});
  });
  it('lets a servant keep its own name, even an old duplicate', () => {
    const form = seedForm(spec({ id: 'agent_4', name: 'Twin' }), []);
    expect(validateForm(form, { agents, self: { id: 'agent_4', name: 'Twin' } })).toEqual({});
    form.name = 'Zari';
    expect(validateForm(form, { agents, self: { id: 'agent_4', name: 'Twin' } }).name).toBe('nameTaken');
  });
  it('wants a template, an absolute work folder and a limit of 1–255', () => {
    const form = newAgentForm([]);
    form.name = 'x';
    form.workDir = 'relative/dir';
    form.maxToolIterations = '0';
    expect(validateForm(form, { agents, self: null })).toEqual({
      modelTemplateId: 'templateRequired',
      workDir: 'workDirRelative',
      maxToolIterations: 'iterationsRange',
    });
  });
  it('reads the limit', () => {
    expect(parseMaxToolIterations('')).toBeNull();
    expect(parseMaxToolIterations(' 12 ')).toBe(12);
    expect(parseMaxToolIterations('255')).toBe(255);
    expect(parseMaxToolIterations('256')).toBeUndefined();
    expect(parseMaxToolIterations('1.5')).toBeUndefined();
    expect(parseMaxToolIterations('-1')).toBeUndefined();
  });
  it('knows absolute paths', () => {
    expect(isAbsolutePath('/a')).toBe(true);
    expect(isAbsolutePath('C:\\work')).toBe(true);
    expect(isAbsolutePath('d:/work')).toBe(true);
    expect(isAbsolutePath('\\\\server\\share')).toBe(true);
    expect(isAbsolutePath('work')).toBe(false);
    expect(isAbsolutePath('./work')).toBe(false);
    expect(isAbsolutePath('C:work')).toBe(false);
  });
});

describe('roleTemplate', () => {
  const role = (modelTemplateId: string | null) => ({
    defaults: { construct: '', modelTemplateId, enabledTools: null, maxToolIterations: null },
  });
  it('names the role template when it exists', () => {
    expect(roleTemplate(role('t2'), [{ id: 't1' }, { id: 't2' }])).toBe('t2');
    expect(roleTemplate(role('gone'), [{ id: 't1' }])).toBeNull();
    expect(roleTemplate(role(null), [{ id: 't1' }])).toBeNull();
    expect(roleTemplate(null, [{ id: 't1' }])).toBeNull();
  });
});

describe('json files', () => {
  it('the empty shells are accepted by the core parsers and hold no example', () => {
    expect(configProblems(parseMcpConfig(emptyShell('mcp')))).toEqual([]);
    expect(JSON.parse(emptyShell('mcp'))).toEqual({ mcpServers: {} });
    const run = parseRunJson(emptyShell('run'));
    expect(run.ok).toBe(true);
    expect(JSON.parse(emptyShell('run'))).toEqual({ version: 1, allow: [], deny: [], timeoutSecs: 60 });
    expect(jsonFileProblem('mcp', emptyShell('mcp'))).toBeNull();
    expect(jsonFileProblem('run', emptyShell('run'))).toBeNull();
  });
  it('empty text is valid (the save removes the file)', () => {
    expect(jsonFileProblem('mcp', '  \n')).toBeNull();
    expect(jsonFileProblem('run', '')).toBeNull();
  });
  it('gives line and column, never the text', () => {
    const problem = jsonSyntaxProblem('{\n  "a": 1,\n  "secret-token"\n}');
    expect(problem?.key).toBe('notJsonAt');
    expect(problem?.params).toEqual({ line: 4, column: 1 });
    expect(JSON.stringify(problem)).not.toContain('secret');
    expect(jsonSyntaxProblem('{"a":')).toMatchObject({ key: 'notJsonAt', params: { line: 1 } });
  });
  it('finds errors exactly where JSON.parse refuses', () => {
    const samples = [
      '{}',
      '[]',
      '0',
      '-0.5e+10',
      '"a\\u00e9\\n"',
      'true',
      'null',
      ' { "a" : [1, {"b": false}] } ',
      '',
      ' ',
      '{',
      '{"a"}',
      '{"a":1,}',
      '[1,]',
      '01',
      '1.',
      '-',
      '"abc',
      '"\\x"',
      '"\\u12"',
      'tru',
      '{"a":1}}',
      '{a:1}',
      "{'a':1}",
      '[1 2]',
      '"tab\there"',
      'NaN',
      '1e',
      '{"a":1 "b":2}',
    ];
    for (const text of samples) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorOffset(text) === null, JSON.stringify(text)).toBe(valid);
    }
    expect(jsonErrorOffset('{"a":1,}')).toBe(7);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a":')).toBe(5);
  });
  it('checks the shape the core checks first', () => {
    expect(jsonFileProblem('mcp', '[]')?.key).toBe('notObject');
    expect(jsonFileProblem('mcp', '{"mcpServers": []}')?.key).toBe('mcpServers');
    expect(jsonFileProblem('mcp', '{"other": 1}')).toBeNull();
    expect(jsonFileProblem('run', '{"allow": "ls"}')).toEqual({
      key: 'stringList',
      params: { field: 'allow' },
    });
    expect(jsonFileProblem('run', '{"deny": [1]}')).toEqual({ key: 'stringList', params: { field: 'deny' } });
    expect(jsonFileProblem('run', '{"timeoutSecs": 0}')?.key).toBe('timeout');
    expect(jsonFileProblem('run', '{"timeoutSecs": 3601}')?.key).toBe('timeout');
    expect(jsonFileProblem('run', '{"allow": ["ls *"], "timeoutSecs": 3600}')).toBeNull();
  });
  it('copyForm does not share the tool list', () => {
    const form = newAgentForm([]);
    form.enabledTools = ['grep'];
    const copy = copyForm(form);
    copy.enabledTools!.push('fd');
    expect(form.enabledTools).toEqual(['grep']);
  });
});
