/** The result text of a call that ran, in the village language. */
import { fillSlot, STDERR_SLOT_CHARS, STDOUT_SLOT_CHARS, type SlotText } from './output-slots.ts';
import type { RunCapture, RunEnding } from './process-tree.ts';
import type { Language } from '../../domain/enums.ts';
import { runResultTexts, type RunResultTexts } from './result-texts.ts';
import { treeLines } from './tree-lines.ts';

const SHOWN_MAX = 200;

/** The call as one line for messages: args holding whitespace (or empty) are quoted. */
export function commandLine(command: string, args: readonly string[]): string {
  const line = [command, ...args].map((t) => (t === '' || /[\s"]/.test(t) ? JSON.stringify(t) : t)).join(' ');
  return line.length > SHOWN_MAX ? `\`${line.slice(0, SHOWN_MAX)}…\`` : `\`${line}\``;
}

/** How the run ended, as the log's `exit=` value. */
export function exitLabel(ending: RunEnding): string {
  switch (ending.kind) {
    case 'exited':
      return String(ending.code);
    case 'signal':
      return `signal:${ending.signal}`;
    case 'spawn_failed':
      return `spawn_failed:${ending.code}`;
    default:
      return ending.kind;
  }
}

function endingLine(R: RunResultTexts, ending: RunEnding, timeoutSecs: number, allGone: boolean): string {
  switch (ending.kind) {
    case 'exited':
      return R.exited(ending.code);
    case 'signal':
      return R.signal(ending.signal);
    case 'timeout':
      return R.timeout(timeoutSecs, allGone);
    case 'interrupted':
      return R.interrupted(allGone);
    case 'spawn_failed':
      return ending.code;
  }
}

function streamBlock(R: RunResultTexts, name: string, slot: SlotText, slotChars: number): string[] {
  const lines = [R.stream(name), slot.text === '' ? R.emptyStream : slot.text];
  if (slot.truncated) lines.push(R.truncated(name, slot.totalBytes, slotChars));
  return lines;
}

export function formatRunResult(
  resolved: string,
  cwd: string,
  capture: RunCapture,
  timeoutSecs: number,
  language: Language,
): string {
  const R = runResultTexts(language);
  if (capture.ending.kind === 'spawn_failed') return R.spawnFailed(resolved, capture.ending.code);
  return [
    R.program(resolved),
    R.cwd(cwd),
    endingLine(R, capture.ending, timeoutSecs, (capture.tree?.unkilled.length ?? 0) === 0),
    ...treeLines(R, capture.ending, capture.tree),
    ...streamBlock(R, 'stdout', fillSlot(capture.stdout, STDOUT_SLOT_CHARS), STDOUT_SLOT_CHARS),
    ...streamBlock(R, 'stderr', fillSlot(capture.stderr, STDERR_SLOT_CHARS), STDERR_SLOT_CHARS),
  ].join('\n');
}
