/** The probe's numbers (ledger part 3 §5 Pre-check probe / Acceptance, and the limits table). */

/** stdout is captured up to this many characters (code points). */
export const PROBE_STDOUT_CAPTURE_CHARS = 65_536;
/** The text appended to the request on a match (stdout lines 2+) is cut here; the note sits outside. */
export const PROBE_APPENDIX_CHARS = 4_000;
/** The failure excerpt of an acceptance re-request. */
export const ACCEPTANCE_EXCERPT_CHARS = 500;
