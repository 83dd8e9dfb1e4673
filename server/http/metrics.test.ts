import { describe, expect, it } from 'vitest';
import type { TestServer } from '../testing';
import { suiteServer } from '../test/helpers';

let srv: TestServer;
let sa: string;
let test: string;

suiteServer(['superadmin', 'test'], (s) => ({ srv, tokens: [sa, test] } = s), { env: { JOBS: 'on' } }, 180_000);

/** One sample's value from Prometheus text, by metric name and labels it must carry. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('GET /metrics', () => {
  it('counts requests by route and status class, with latency, process and queue figures, in Prometheus text', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${srv.baseUrl}/api/init/settings/`);
    await fetch(`${srv.baseUrl}/api/system/user/`); // no token: refused
    const res = await fetch(`${srv.baseUrl}/metrics`, { headers: { authorization: `JWT ${sa}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'console_http_requests_total', { method: 'GET', route: '/api/init/settings/', status: '2xx' })).toBe(3);
    expect(sample(text, 'console_http_request_duration_seconds_count', { route: '/api/init/settings/' })).toBe(3);
    expect(text).toMatch(/console_http_requests_total\{[^}]*route="\/api\/system\/user\/"/);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'console_sockets_open')).toBe(0);
    expect(sample(text, 'console_jobs_in_flight')).toBe(0);
    // The scrape itself is not counted.
    expect(text).not.toMatch(/route="\/metrics"/);
  });
});

describe('GET /metrics access', () => {
  it('without METRICS_TOKEN: 401 with no credentials, a bearer, a bad or a non-superuser token; 200 with a superuser session', async () => {
    const scrape = (authorization?: string) => fetch(`${srv.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
    for (const refused of [undefined, 'Bearer anything', 'JWT not-a-token', `JWT ${test}`]) {
      const res = await scrape(refused);
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(text).not.toContain('console_http_requests_total');
      expect(text).toContain('superuser session');
    }
    expect((await scrape(`JWT ${sa}`)).status).toBe(200);
  });
});
