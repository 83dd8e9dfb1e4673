/**
 * Whether a game's address can be opened before it is framed: a cross-origin frame that fails to load
 * shows the browser's error page (or nothing) and its `load` event fires all the same, so the preview
 * asks first. A `no-cors` request, without cookies or referrer: it resolves (opaque) when a server
 * answered, and fails on a network error (no such host, refused, TLS failure) or after `timeoutMs`.
 */
export type Reachability = { state: 'reachable' } | { state: 'unchecked' } | { state: 'unreachable'; reason: 'network' | 'mixed' } | { state: 'invalid' };

export type ProbeGame = (url: string) => Promise<Reachability>;

export async function probeGameAddress(url: string, timeoutMs = 8000): Promise<Reachability> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { state: 'invalid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { state: 'invalid' };
  if (window.location.protocol === 'https:' && parsed.protocol === 'http:') return { state: 'unreachable', reason: 'mixed' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  // The console page's own policy (connect-src) may refuse the request before it leaves the browser:
  // that says nothing of the game's server, so the game is framed unchecked rather than called unreachable.
  let refusedByPolicy = false;
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (e.effectiveDirective === 'connect-src') refusedByPolicy = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    await fetch(parsed.href, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store', signal: abort.signal });
    return { state: 'reachable' };
  } catch {
    // The violation event is dispatched as its own task: give it the chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return refusedByPolicy ? { state: 'unchecked' } : { state: 'unreachable', reason: 'network' };
  } finally {
    clearTimeout(timer);
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}
