/**
 * The name of the marker every descendant of a run inherits in its environment,
 * `FUSEFORKS_RUN_ID=<random>` (process-tree.ts sets it, tree-tracker.ts looks for it; child-env.ts
 * lists the names copied from the parent).
 */
export const RUN_MARKER_NAME = 'FUSEFORKS_RUN_ID';
