/**
 * A servant's work folder as the core names it in `BlackboardNote.dir` (Node's `path.resolve` of the
 * absolute path the spec declares). The spec keeps the folder as typed (`/work/a/` stays so), and the
 * browser has no `path`: without this, a folder typed with a trailing separator would make every note
 * of its owner look moved. POSIX and Windows forms are both understood (the page cannot know the OS).
 */
export function resolvedDir(path: string): string {
  const windows = /^[A-Za-z]:[\\/]/.test(path) || /^\\\\[^\\/]/.test(path);
  return windows ? resolveWindows(path) : resolvePosix(path);
}

function normalSegments(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out;
}

function resolvePosix(path: string): string {
  return `/${normalSegments(path.split('/')).join('/')}`;
}

function resolveWindows(path: string): string {
  const parts = path.split(/[\\/]/);
  if (/^[A-Za-z]:$/.test(parts[0] ?? '')) {
    return `${parts[0]}\\${normalSegments(parts.slice(1)).join('\\')}`;
  }
  // UNC: \\server\share is the root and `..` never climbs above it.
  const [server = '', share = '', ...rest] = parts.slice(2);
  const tail = normalSegments(rest);
  return `\\\\${server}\\${share}\\${tail.join('\\')}`;
}
