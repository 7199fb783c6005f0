/**
 * Every tool schema of two real MCP servers from npm, through the Gemini wire, checked against
 * Gemini's Schema rules (src/llm/wires/gemini/gemini-schema-rules.ts). The servers run for real over
 * stdio with the official SDK client; the client offers roots, sampling, elicitation and tasks, so
 * server-everything also registers the tools it keeps for such clients.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/llm/canonical.ts';
import { toGeminiParameters } from '../../src/llm/wires/gemini/gemini-declarations.ts';
import { geminiParametersViolations } from '../../src/llm/wires/gemini/gemini-schema-rules.ts';
import { chatRequest, geminiContext } from '../../src/llm/wires/gemini/gemini-test-helpers.ts';
import { geminiWire } from '../../src/llm/wires/gemini/index.ts';
import { EVERYTHING, FILESYSTEM, SCRIPTED } from './servers.ts';

async function listTools(args: string[]): Promise<Tool[]> {
  const client = new Client(
    { name: 'fuseforks-schema-test', version: '0' },
    {
      capabilities: {
        roots: { listChanged: true },
        sampling: {},
        elicitation: { form: {}, url: {} },
        tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      },
    },
  );
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } finally {
    await client.close();
  }
}

/** The tools each server version in package-lock.json lists (a newer version may add some). */
const EXPECTED: Record<string, string[]> = {
  everything: [
    'echo',
    'get-annotated-message',
    'get-env',
    'get-resource-links',
    'get-resource-reference',
    'get-structured-content',
    'get-sum',
    'get-tiny-image',
    'gzip-file-as-resource',
    'toggle-simulated-logging',
    'toggle-subscriber-updates',
    'trigger-long-running-operation',
    // Registered only for a client that offers roots, elicitation, sampling and tasks.
    'get-roots-list',
    'trigger-elicitation-request',
    'trigger-url-elicitation',
    'trigger-sampling-request',
    'simulate-research-query',
    'trigger-sampling-request-async',
    'trigger-elicitation-request-async',
  ],
  filesystem: [
    'read_file',
    'read_text_file',
    'read_media_file',
    'read_multiple_files',
    'write_file',
    'edit_file',
    'create_directory',
    'list_directory',
    'list_directory_with_sizes',
    'directory_tree',
    'move_file',
    'search_files',
    'get_file_info',
    'list_allowed_directories',
  ],
};

/** What MCP servers in the wild declare and Gemini refuses as is: numbers in enums, consts, $refs. */
const AWKWARD_TOOLS = [
  {
    name: 'set_level',
    inputSchema: {
      type: 'object',
      properties: {
        level: { type: 'integer', enum: [1, 2, 3], description: 'Log level.' },
        verbose: { type: 'boolean', const: true },
        unit: { $ref: '#/$defs/Unit' },
        default: { $ref: '#/$defs/Box' },
      },
      required: ['level', 'unit'],
      $defs: {
        Unit: { type: 'string', enum: ['m', 'km'] },
        Box: { type: 'object', properties: { width: { type: 'number' } } },
      },
    },
  },
  {
    name: 'tree',
    inputSchema: {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    },
  },
];

let allowed: string;
const servers: Record<string, Tool[]> = {};

beforeAll(async () => {
  allowed = mkdtempSync(join(tmpdir(), 'fuseforks-gemini-fs-'));
  servers.everything = await listTools([EVERYTHING, 'stdio']);
  servers.filesystem = await listTools([FILESYSTEM, allowed]);
  servers.awkward = await listTools([SCRIPTED, JSON.stringify(AWKWARD_TOOLS)]);
}, 60_000);
afterAll(() => rmSync(allowed, { recursive: true, force: true }));

describe.each(['everything', 'filesystem'])('every tool schema of server-%s, for Gemini', (name) => {
  it('converts each inputSchema into parameters that satisfy Gemini’s Schema rules, nothing refused', () => {
    // All of them, including the ones kept for capable clients.
    expect(servers[name]!.map((t) => t.name)).toEqual(expect.arrayContaining(EXPECTED[name]!));
    for (const tool of servers[name]!) {
      const input = tool.inputSchema as Record<string, unknown>;
      const params = toGeminiParameters(input);
      const declared = Object.keys((input.properties as Record<string, unknown> | undefined) ?? {});
      if (declared.length === 0) {
        expect(params, tool.name).toBeUndefined();
        continue;
      }
      expect(geminiParametersViolations(params), tool.name).toEqual([]);
      // Nothing the model needs is lost: every argument and every required name is still there.
      expect(Object.keys(params!.properties as object), tool.name).toEqual(declared);
      expect(params!.required ?? [], tool.name).toEqual(input.required ?? []);
    }
  });

  it('sends every tool in one request whose declarations all pass the rules', () => {
    const specs: ToolSpec[] = servers[name]!.map((t) => ({
      name: `${name}__${t.name}`.replace(/[^A-Za-z0-9_.-]/g, '_'),
      description: t.description ?? '',
      parameters: t.inputSchema as Record<string, unknown>,
    }));
    const request = chatRequest({ tools: specs });
    expect(geminiWire.toolRefusals?.(request)).toEqual([]);
    const body = geminiWire.encode(request, geminiContext()) as {
      tools: { functionDeclarations: { name: string; parameters?: unknown }[] }[];
    };
    const declarations = body.tools[0]!.functionDeclarations;
    expect(declarations.map((d) => d.name)).toEqual(specs.map((s) => s.name));
    for (const d of declarations) {
      if (d.parameters !== undefined) expect(geminiParametersViolations(d.parameters), d.name).toEqual([]);
    }
  });
});

describe('tool schemas Gemini refuses as they are, listed by a real stdio server', () => {
  it('numbers and booleans move into the description, $refs are resolved, a recursive tool is refused', () => {
    const specs: ToolSpec[] = servers.awkward!.map((t) => ({
      name: t.name,
      description: t.description ?? '',
      parameters: t.inputSchema as Record<string, unknown>,
    }));
    const request = chatRequest({ tools: specs });
    expect(geminiWire.toolRefusals?.(request)).toEqual([
      { tool: 'tree', reason: expect.stringContaining('recursive') },
    ]);
    const body = geminiWire.encode(request, geminiContext()) as {
      tools: { functionDeclarations: { name: string; parameters?: Record<string, unknown> }[] }[];
    };
    const declarations = body.tools[0]!.functionDeclarations;
    expect(declarations.map((d) => d.name)).toEqual(['set_level']);
    expect(geminiParametersViolations(declarations[0]!.parameters)).toEqual([]);
    expect(declarations[0]!.parameters).toEqual({
      type: 'OBJECT',
      properties: {
        level: { type: 'INTEGER', description: 'Log level. Allowed values: 1, 2, 3.' },
        verbose: { type: 'BOOLEAN', description: 'Must be true.' },
        unit: { type: 'STRING', enum: ['m', 'km'] },
        default: { type: 'OBJECT', properties: { width: { type: 'NUMBER' } } },
      },
      required: ['level', 'unit'],
    });
  });
});
