/**
 * Addresses derive from the one configured server URL (spec §7): the REST base and the socket base.
 * An empty server URL means the console's own origin.
 */

/** Joins the server URL and an API path ('api/login/' or '/api/system/...'): exactly one slash between. */
export function apiUrl(serverUrl: string, path: string): string {
  const base = serverUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** The socket URL for a token: the server URL with ws(s) swapped in for http(s), plus the socket path. */
export function socketUrl(serverUrl: string, wsPath: string, token: string, origin: { protocol: string; host: string }): string {
  let base: string;
  if (serverUrl) {
    base = serverUrl.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`).replace(/\/+$/, '');
  } else {
    base = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  }
  return `${base}/${wsPath.replace(/^\/+/, '').replace('{token}', encodeURIComponent(token))}`;
}
