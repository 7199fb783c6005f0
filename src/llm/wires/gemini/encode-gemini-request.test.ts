/** Golden request bodies: JSON.stringify equality pins key order as well as values. */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../canonical.ts';
import { chatRequest, GEN, geminiContext, golden, WEATHER, WEATHER_DECL } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

describe('geminiWire.encode', () => {
  it('plain text with a system prompt (stable + volatile) in systemInstruction', () => {
    const request = chatRequest({ system: { stable: 'You are Ann.', volatile: 'Roster: Bo' } });
    expect(golden(request)).toBe(
      JSON.stringify({
        systemInstruction: { parts: [{ text: 'You are Ann.\n\nRoster: Bo' }] },
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        generationConfig: GEN,
      }),
    );
    expect(geminiWire.headers(request, geminiContext())).toEqual({});
  });

  it('tool round 2: signatures back in place, results in one user message merged with the next user turn', () => {
    const request = chatRequest({
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Weather in SF and Tokyo?' },
        {
          role: 'assistant',
          content: 'Checking.',
          toolCalls: [
            {
              id: 'call_0',
              name: 'weather',
              arguments: { location: 'SF' },
              extra: { thoughtSignature: 'SIG-A' },
            },
            { id: 'call_1', name: 'weather', arguments: { location: 'Tokyo' } },
          ],
        },
        { role: 'tool', toolCallId: 'call_0', toolName: 'weather', content: 'sunny' },
        { role: 'tool', toolCallId: 'call_1', toolName: 'weather', content: 'rain' },
        { role: 'user', content: 'And tomorrow?' },
        { role: 'assistant', content: '', toolCalls: [] },
        { role: 'user', content: 'Hello?' },
      ],
    });
    expect(golden(request)).toBe(
      JSON.stringify({
        contents: [
          { role: 'user', parts: [{ text: 'Weather in SF and Tokyo?' }] },
          {
            role: 'model',
            parts: [
              { text: 'Checking.' },
              { functionCall: { name: 'weather', args: { location: 'SF' } }, thoughtSignature: 'SIG-A' },
              { functionCall: { name: 'weather', args: { location: 'Tokyo' } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'weather', response: { content: 'sunny' } } },
              { functionResponse: { name: 'weather', response: { content: 'rain' } } },
              { text: 'And tomorrow?' },
              { text: 'Hello?' },
            ],
          },
        ],
        tools: [{ functionDeclarations: [WEATHER_DECL] }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        generationConfig: GEN,
      }),
    );
  });

  it('temperature null is omitted, 0.3 sits between maxOutputTokens and thinkingConfig', () => {
    expect(golden(chatRequest({ temperature: null, maxOutputTokens: 1000 }))).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        generationConfig: { maxOutputTokens: 1000, thinkingConfig: { includeThoughts: true } },
      }),
    );
    expect(golden(chatRequest({ temperature: 0.3, maxOutputTokens: 1000 }))).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        generationConfig: {
          maxOutputTokens: 1000,
          temperature: 0.3,
          thinkingConfig: { includeThoughts: true },
        },
      }),
    );
  });

  it('attachments as inlineData before the text (image, audio, video, pdf)', () => {
    const request = chatRequest({
      messages: [
        {
          role: 'user',
          content: 'Describe these.',
          attachments: [
            { kind: 'image', mimeType: 'image/webp', data: 'SU1H' },
            { kind: 'audio', mimeType: 'audio/mpeg', data: 'QVVE', fileName: 'a.mp3' },
            { kind: 'video', mimeType: 'video/mp4', data: 'VklE' },
            { kind: 'pdf', mimeType: 'application/pdf', data: 'UERG', fileName: 'doc.pdf' },
          ],
        },
      ],
    });
    expect(golden(request)).toBe(
      JSON.stringify({
        contents: [
          {
            role: 'user',
            parts: [
              { inlineData: { mimeType: 'image/webp', data: 'SU1H' } },
              { inlineData: { mimeType: 'audio/mpeg', data: 'QVVE' } },
              { inlineData: { mimeType: 'video/mp4', data: 'VklE' } },
              { inlineData: { mimeType: 'application/pdf', data: 'UERG' } },
              { text: 'Describe these.' },
            ],
          },
        ],
        generationConfig: GEN,
      }),
    );
  });

  it('function parameters go through the OpenAPI subset allowlist; an empty object schema is omitted', () => {
    const mcpTool: ToolSpec = {
      name: 'search_docs',
      description: 'Search',
      parameters: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        additionalProperties: false,
        properties: {
          query: { type: 'string', minLength: 1, format: 'uri' },
          mode: { const: 'fast', description: 'Mode' },
          limit: { type: ['integer', 'null'], exclusiveMinimum: 0, maximum: 50 },
        },
        required: ['query'],
      },
    };
    const noArgs: ToolSpec = {
      name: 'now',
      description: 'Current time',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    };
    expect(golden(chatRequest({ tools: [mcpTool, noArgs] }))).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'search_docs',
                description: 'Search',
                parameters: {
                  type: 'OBJECT',
                  properties: {
                    query: { type: 'STRING', minLength: 1 },
                    mode: { type: 'STRING', description: 'Mode', enum: ['fast'] },
                    limit: { type: 'INTEGER', nullable: true, maximum: 50 },
                  },
                  required: ['query'],
                },
              },
              { name: 'now', description: 'Current time' },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        generationConfig: GEN,
      }),
    );
  });
});
