/**
 * Which URLs an http server may use (ledger §5.3): https anywhere; plain http only to this machine,
 * judged on the parsed host like reqwest's `Url::host()` + `is_loopback()`. A private address is
 * not "this machine" (another host on the LAN, or a container's gateway) and would carry headers in
 * clear text, so it is refused too.
 */

export type UrlCheck = { ok: true } | { ok: false; reason: string };

/**
 * WHATWG URL parsing already canonicalises the host: IPv4 in any spelling (`127.1`, `0x7f.0.0.1`)
 * becomes dotted decimal, IPv6 becomes its compressed form in brackets, names are lower-cased.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname === '[::1]') return true;
  const ipv4 = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.exec(hostname);
  return ipv4 !== null && ipv4[1] === '127';
}

/**
 * `showScheme: false` for a URL whose variables were expanded: its scheme may be part of a value
 * (`${MCP_URL}`), which a message never shows.
 */
export function checkMcpUrl(url: string, { showScheme = true }: { showScheme?: boolean } = {}): UrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'is not a valid absolute URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ok: false,
      reason: `${showScheme ? `scheme ${JSON.stringify(parsed.protocol)}` : 'its scheme'} is not allowed: use https (http only for localhost)`,
    };
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return {
      ok: false,
      reason: 'http is only allowed to localhost or a loopback IP (127.0.0.0/8, ::1): use https',
    };
  }
  // user:pass@ would be copied into every log line and status that shows the URL.
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      ok: false,
      reason: 'must not contain a user name or password: send credentials in "headers"',
    };
  }
  return { ok: true };
}
