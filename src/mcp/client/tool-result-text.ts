import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Language } from '../../domain/enums.ts';
import { MCP_CALL_TEXTS } from './call-texts.ts';
import { capText, type ResultLimits } from './result-cap.ts';

type Block = CallToolResult['content'][number];

function bytesOfBase64(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

/** What the model reads for one content block: text as is, everything else named, never inlined. */
function blockText(block: Block, language: Language): string {
  const t = MCP_CALL_TEXTS[language];
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return t.mediaBlock(block.type, block.mimeType, bytesOfBase64(block.data));
    case 'resource_link':
      return t.resourceLink(block.uri, block.name);
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource && typeof resource.text === 'string') return resource.text;
      return t.binaryResource(resource.uri, resource.mimeType);
    }
    default:
      return t.otherBlock((block as { type: string }).type);
  }
}

/**
 * A tools/call result as the one string a tool result is, capped before it reaches the model: each
 * block at `blockMax`, the whole at `totalMax`, each cut with a note of how much was left out.
 */
export function toolResultText(result: CallToolResult, limits: ResultLimits, language: Language): string {
  const parts = result.content.map((block) => blockText(block, language));
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const joined = parts.map((part) => capText(part, limits.blockMax, 'block', language)).join('\n');
  return capText(joined, limits.totalMax, 'result', language);
}
