/** Pure prompt composition for the orchestrator: system prompt, envelopes, presence, room log, turns. */
export * from './attachment-marker.ts';
export * from './attachment-note.ts';
export * from './envelope.ts';
export * from './history.ts';
export * from './presence.ts';
export * from './room-log.ts';
export * from './room-log-ids.ts';
export * from './room-log-read.ts';
export * from './roster.ts';
export * from './system-prompt.ts';
export * from './text.ts';
export * from './volatile-context.ts';
