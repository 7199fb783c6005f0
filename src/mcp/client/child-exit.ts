/**
 * How a stdio server's process ended, for the status ("the server exited with code 3"): the exit code
 * or signal is safe to show, unlike its stderr (which may echo tokens and is never read).
 *
 * The SDK's StdioClientTransport keeps its ChildProcess private and drops it before it reports the
 * close, so the process is picked up right after `start` spawned it. If a later SDK renames the field,
 * nothing is recorded and the status keeps the plain "closed the connection" text.
 */
import type { ChildProcess } from 'node:child_process';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface ChildExit {
  /** "exited with code 3", "was stopped by SIGKILL", or null while it runs (or when unknown). */
  describe(): string | null;
}

export function watchChildExit(transport: StdioClientTransport): ChildExit {
  let ended: string | null = null;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      ended = signal !== null ? `was stopped by ${signal}` : `exited with code ${code ?? 'unknown'}`;
    });
  };
  return { describe: () => ended };
}

/** The status text of a connection that ended: with how the process ended, when that is known. */
export function closedText(exit: ChildExit | null, when: 'handshake' | 'running'): string {
  const how = exit?.describe() ?? null;
  if (how === null) return 'the server closed the connection';
  return when === 'handshake'
    ? `the server ${how} before the handshake finished`
    : `the server closed the connection (its process ${how})`;
}
