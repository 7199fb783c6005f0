/**
 * Meta's 400 texts (ledger part 6 §5.7, measured 2026-08-13) read as a sentence a person can act on.
 * Meta names one field at a time and lists the values of a scalar enum, but says nothing about
 * what this app does; the hint says which rule of this wire the refusal touches. The provider's own
 * text is kept after the hint (the caller appends it), so nothing Meta said is lost.
 *
 * Every one of these is a 400: ClientError, fatal, so the agent stops as with any other 400.
 */

interface MetaErrorHint {
  pattern: RegExp;
  hint: string;
}

const HINTS: readonly MetaErrorHint[] = [
  {
    pattern: /unknown variant `[^`]*`, expected one of `none`/,
    hint: 'Meta refused the reasoning effort: its ladder is none, minimal, low, medium, high, xhigh (this wire sends max as xhigh)',
  },
  {
    pattern: /only "auto" is supported for tool_choice/,
    hint: 'Meta accepts only tool_choice "auto" (this wire never sends tool_choice; forced tool calls cannot be expressed on Meta)',
  },
  {
    pattern: /input\[\d+\]\.output did not match any supported type/,
    hint: 'Meta takes a tool result (function_call_output.output) only as a string',
  },
  {
    pattern: /tools\[\]\.\S+ is not supported for Responses web_search/,
    hint: 'Meta’s web_search takes no options such as max_results or filters (this wire sends the bare tool)',
  },
  {
    pattern: /tools\[\d+\] did not match any supported type/,
    hint: 'Meta refused a tool type (it does not list the types it accepts)',
  },
  {
    pattern: /requires video_url or file_id/,
    hint: 'Meta needs the video of an input_video part as video_url or file_id',
  },
  {
    pattern: /input_audio content part requires/,
    hint: 'Meta needs the audio of an input_audio part as input_audio, audio_url or file_id',
  },
];

/** The hint for a known Meta refusal, or null. */
export function metaErrorHint(providerText: string): string | null {
  return HINTS.find(({ pattern }) => pattern.test(providerText))?.hint ?? null;
}
