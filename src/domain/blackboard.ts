/** Wire shapes of the Blackboard tab's commands and the rag sources check (shared with the UI). */

/** One note of list_blackboard (ledger §1.8 blackboard_contract). */
export interface BlackboardNote {
  /** The work folder as an agent's spec declares it, path.resolve-normalised. */
  dir: string;
  /** The folder directly under blackboard/ (any name: the core does not judge states); null = root. */
  state: string | null;
  /** The file name only, e.g. "agent-1 - Survey.md". */
  name: string;
  /** UTF-8; over 256 KB cut on a character boundary, with a note at the end (`truncated`). */
  content: string;
  modifiedMs: number;
  truncated: boolean;
}

/** Why a declared rag source is not usable now (ledger part 5 `rag`). */
export type RagSourceProblem = 'not_absolute' | 'missing' | 'not_folder';

/** One entry of check_rag_sources, in the order asked. */
export interface RagSourceCheck {
  path: string;
  problem: RagSourceProblem | null;
}
