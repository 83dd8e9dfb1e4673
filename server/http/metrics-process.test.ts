import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';
import { login, SERVER_TIMEOUT_MS } from '../test/helpers';

/**
 * /metrics's process figures whose prom-client collectors grew with the open sockets are
 * replaced by cheap ones (server/http/metrics.ts): they are still there, and right.
 */
describe('/metrics process figures', () => {
  let srv: TestServer;
  let sa: string;
  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  });

  const scrape = async () => (await (await fetch(`${srv.baseUrl}/metrics`, { headers: { authorization: `JWT ${sa}` } })).text()).split('\n');
  const value = (lines: string[], name: string) => lines.filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `)).map((l) => Number(l.slice(l.lastIndexOf(' ') + 1)));

  it('counts active resources by type with a total equal to their sum, and the open descriptors', async () => {
    let lines = await scrape();
    for (let i = 0; i < 50 && (value(lines, 'process_open_fds')[0] ?? 0) === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      lines = await scrape();
    }
    const fds = value(lines, 'process_open_fds')[0] ?? 0;
    expect(fds).toBeGreaterThan(3);
    // This process's own descriptors, counted independently.
    const { readdirSync } = await import('node:fs');
    expect(Math.abs(readdirSync('/proc/self/fd').length - 1 - fds)).toBeLessThan(50);
    const byType = lines.filter((l) => l.startsWith('nodejs_active_resources{'));
    expect(byType.some((l) => l.includes('type="TCPServerWrap"'))).toBe(true);
    const total = value(lines, 'nodejs_active_resources_total')[0];
    expect(total).toBe(value(lines, 'nodejs_active_resources').reduce((a, b) => a + b, 0));
    expect(lines.some((l) => l.startsWith('nodejs_active_handles'))).toBe(false);
    // The default collectors that stay are there.
    expect(value(lines, 'process_resident_memory_bytes')[0]).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith('nodejs_eventloop_lag_p99_seconds'))).toBe(true);
  });
});
