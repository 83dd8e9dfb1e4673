// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultThresholds } from '../../../../contracts/schemas/dashboard/monitor';
import { startTestServer, type TestServer } from '../../../../server/testing';
import { createI18n, translator } from '../../../i18n';
import type { ConsoleApi } from '../../../adapters/api';
import { createCookies, memoryCookieJar } from '../../../adapters/cookies';
import { ApiError } from '../../../adapters/errors';
import { recordingCallbacks } from '../../../test/fake-callbacks';
import { RestConsoleApi } from '../../../adapters/rest/rest-api';
import { createGraphqlConsoleApi } from '../../../adapters/graphql/graphql-api';

/**
 * The shared adapter suite's pattern (src/adapters/graphql/both-adapters.test.ts) for the monitor's range
 * series and thresholds and the workbench's game KPIs: the same calls over REST and over GraphQL (the
 * gateway the reference server mounts) give equal answers, and a refused save is the same ApiError.
 */

const t = translator(createI18n('zh-chs'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ captcha: false });
}, 60_000);
afterAll(() => server?.close(), 60_000);

async function signedIn(kind: 'rest' | 'graphql'): Promise<ConsoleApi> {
  const options = { serverUrl: server.baseUrl, cookies: createCookies(memoryCookieJar()), t, callbacks: recordingCallbacks(), retry: { count: 3, delayMs: 10 } };
  const api = kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options);
  await api.login({ username: 'superadmin', password: 'admin123456' });
  return api;
}

describe('monitor and KPI calls over both adapters on the reference server', () => {
  it('series, thresholds and game KPIs are equal over REST and GraphQL; a save over one is read over the other', async () => {
    const [rest, gql] = await Promise.all([signedIn('rest'), signedIn('graphql')]);
    const now = Date.now();
    const at = Array.from({ length: 60 }, (_, i) => new Date(now - 10_000 - i * 30_000).toISOString());
    await server.query(
      `INSERT INTO monitor_samples (instance, at, host, pid, started, figures)
       SELECT 'both-adapters', a, 'h', 1, now(), jsonb_build_object('request_rate', 3, 'error_rate', 0, 'requests', 10, 'errors', 1, 'latency_p50_ms', 2, 'latency_p95_ms', 9,
         'latency_p99_ms', 30, 'event_loop_lag_p99_ms', 11, 'cpu', 0.25, 'rss_bytes', 1000, 'heap_used_bytes', 500)
       FROM unnest($1::timestamptz[]) AS a`,
      [at],
    );
    const [sRest, sGql] = await Promise.all([rest.dashboard.monitorSeries('1h', 'both-adapters'), gql.dashboard.monitorSeries('1h', 'both-adapters')]);
    expect(sGql.points).toEqual(sRest.points);
    expect(sRest.points.length).toBeGreaterThan(40);
    expect(sRest.points[0]).toMatchObject({ error_rate: 0.1, cpu: 0.25, latency_p99_ms: 30 });

    expect(await gql.dashboard.thresholds()).toEqual(await rest.dashboard.thresholds());
    const changed = defaultThresholds().map((x) => (x.metric === 'error_rate' ? { ...x, limit: 2.5, sustain_seconds: 120 } : x));
    await gql.dashboard.saveThresholds(changed);
    expect((await rest.dashboard.thresholds()).thresholds).toEqual(changed);

    const [kRest, kGql] = await Promise.all([rest.dashboard.gameKpis(), gql.dashboard.gameKpis()]);
    expect({ ...kGql, at: '' }).toEqual({ ...kRest, at: '' });
    expect(kRest.revenue_allowed).toBe(true);
  });

  it('a bad save is refused with the same message over both', async () => {
    for (const kind of ['rest', 'graphql'] as const) {
      const api = await signedIn(kind);
      const error = await api.dashboard.saveThresholds([{ metric: 'memory', enabled: true, limit: 120, sustain_seconds: 60 }]).catch((e: unknown) => e);
      expect(error, kind).toBeInstanceOf(ApiError);
      expect((error as ApiError).message, kind).toBe('告警阈值:memory 的阈值必须在 1 到 100 % 之间');
    }
  });
});
