/**
 * The console's side of index.html's early calls (boot-script.ts): a fetch for the adapters that
 * answers a request from a call the boot script already started, when it is the very same request
 * (GET, same absolute URL, no body, no Authorization header), once per call. Everything else, and
 * a second identical request, goes to the network as usual. An early call that failed is asked
 * again. The adapter's own timeout still applies (its abort signal rejects the adopted answer).
 */
export function adoptEarlyResponses(fetchImpl: typeof fetch, early: Record<string, Promise<Response>> | undefined, baseHref: string): typeof fetch {
  if (!early) return fetchImpl;
  const waiting = new Map(Object.entries(early));
  if (waiting.size === 0) return fetchImpl;
  return (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = new URL(request ? request.url : String(input), baseHref).href;
    const headers = new Headers(init?.headers ?? request?.headers);
    const same = method === 'GET' && init?.body == null && !headers.has('Authorization');
    const started = same ? waiting.get(url) : undefined;
    if (!started) return fetchImpl(input, init);
    waiting.delete(url);
    const answer = started.catch(() => fetchImpl(input, init));
    const signal = init?.signal ?? request?.signal;
    if (!signal) return answer;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  };
}
