/**
 * The whole Messages body each recorded stream stands for, written by hand from the chunk files (the
 * recorded .json bodies of the same names are other replies): what Anthropic sends for the same reply
 * without `stream: true`. The content blocks are the joined deltas; stop reason, stop details and
 * `context_management` come from `message_delta`; usage is message_start's with message_delta's
 * cumulative counts over it (input_tokens too, see message-delta-input-tokens).
 */

const CACHE_CREATION = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 };

export const WHOLE_BODIES: Record<string, Record<string, unknown>> = {
  'anthropic-text.chunks.txt': {
    model: 'claude-sonnet-4-5-20250929',
    id: 'msg_01QC4g3HwBThD4BaNtBckFDJ',
    type: 'message',
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
      },
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 12,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: CACHE_CREATION,
      output_tokens: 30,
      service_tier: 'standard',
      inference_geo: 'not_available',
    },
  },
  'anthropic-tool-no-args.chunks.txt': {
    model: 'claude-sonnet-4-5-20250929',
    id: 'msg_01GE2RKp1VYsPzdFs3sS9z5S',
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'text', text: "I'll update the issue list for you." },
      { type: 'tool_use', id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', input: {} },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: 565,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: CACHE_CREATION,
      output_tokens: 48,
      service_tier: 'standard',
    },
  },
  'anthropic-message-delta-input-tokens.chunks.txt': {
    content: [{ text: 'pong', type: 'text' }],
    id: 'msg_3196a1cc08de4d76b85b8f5777c0d42b',
    model: 'claude-opus-4-5-20251101',
    role: 'assistant',
    stop_reason: 'end_turn',
    stop_sequence: null,
    type: 'message',
    usage: { input_tokens: 61, output_tokens: 2 },
  },
  'anthropic-json-tool.1.chunks.txt': {
    model: 'claude-haiku-4-5-20251001',
    id: 'msg_01K2JbSUMYhez5RHoK9ZCj9U',
    type: 'message',
    role: 'assistant',
    content: [
      {
        type: 'tool_use',
        id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
        name: 'json',
        input: { elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] },
      },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: 849,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: CACHE_CREATION,
      output_tokens: 47,
      service_tier: 'standard',
    },
  },
  'anthropic-refusal.chunks.txt': {
    model: 'claude-fable-5',
    id: 'msg_01RefusalStreamAbcdefghijk',
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: 'refusal',
    stop_sequence: null,
    stop_details: {
      type: 'refusal',
      category: 'cyber',
      explanation:
        "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.",
      recommended_model: 'claude-fable-5',
    },
    usage: {
      input_tokens: 18,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: CACHE_CREATION,
      output_tokens: 5,
      service_tier: 'standard',
      inference_geo: 'not_available',
    },
  },
  'anthropic-clear-thinking.1.chunks.txt': {
    model: 'claude-sonnet-4-5-20250929',
    id: 'msg_01Y6V41gqPaKWEw7iPouH7iW',
    type: 'message',
    role: 'assistant',
    content: [
      {
        type: 'thinking',
        thinking: 'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185',
        signature:
          'EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB',
      },
      { type: 'text', text: '925 ÷ 5 = 185' },
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 69,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: CACHE_CREATION,
      output_tokens: 53,
      service_tier: 'standard',
      inference_geo: 'not_available',
    },
    context_management: { applied_edits: [] },
  },
};
