import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  averageMs: number;
  total: number;
  errors: number;
  non2xx: number;
}

/** Signs in (captcha off) and returns an access token. */
export async function accessToken(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code?: number; msg?: unknown; data?: { access?: unknown } };
  if (body.code !== 2000 || typeof body.data?.access !== 'string') {
    throw new Error(`bench login failed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.data.access;
}

/** One call first: a load test of an endpoint that answers an error would measure the wrong thing. */
async function expectSuccess(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { code?: number; msg?: unknown; status?: unknown };
  // The envelope's success, or the health check's {status: 'ok'}.
  if (res.status !== 200 || (body.code !== 2000 && body.status !== 'ok')) throw new Error(`${url} does not succeed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}

/** autocannon: `connections` connections for `seconds` s after a warm-up (1 s by default; 0: none). */
export async function load(baseUrl: string, path: string, token: string | null, connections: number, seconds: number, warmupSeconds = 1, extraHeaders: Record<string, string> = {}): Promise<LoadResult> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'bench', ...extraHeaders };
  if (token) headers.authorization = `JWT ${token}`;
  const url = `${baseUrl}${path}`;
  await expectSuccess(url, headers);
  const r = await autocannon({ url, connections, duration: seconds, headers, ...(warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {}) });
  return {
    path,
    requestsPerSecond: r.requests.average,
    p99Ms: r.latency.p99,
    averageMs: r.latency.average,
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
