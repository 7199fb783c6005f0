/** Characters no file system takes in a name, and controls. */
const UNSAFE = /[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu;

const NAME_CHARS = 60;

/**
 * The download's name from the title: what no file system takes becomes `_`, no leading dot (a hidden
 * file) and at most 60 characters, then the session id (two conversations may share a title). `ascii`
 * is the plain `filename=` for old clients, `utf8` the percent-encoded `filename*=` (RFC 6266).
 */
export function downloadFileName(
  title: string,
  sessionId: string,
  extension: string,
): { ascii: string; utf8: string } {
  const cleaned = Array.from(
    title
      .replace(UNSAFE, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\s]+/, ''),
  )
    .slice(0, NAME_CHARS)
    .join('')
    .trim();
  const id = sessionId.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 40);
  const base = cleaned === '' ? `conversation-${id}` : `${cleaned}-${id}`;
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return { ascii: `${ascii}.${extension}`, utf8: rfc5987(`${base}.${extension}`) };
}

/** Percent-encoding with RFC 5987's attr-char: encodeURIComponent leaves `'()*!` as they are. */
function rfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
