import { describe, expect, it } from 'vitest';
import type { MonitorSample } from '../../../../contracts/schemas/dashboard/live';
import { MONITOR_RANGE_SECONDS, MONITOR_SERIES_POINTS, monitorSeries, monitorThresholds, type MonitorRange } from '../../../../contracts/schemas/dashboard/monitor';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';
import { prng } from '../../../test/tracking-reference';
import { pruneMonitorSamples } from '../domain/monitor';
import { pruneMonitorAlerts, ThresholdWatch } from '../domain/thresholds';
import { notifySuperusers } from './live';

/**
 * dashboard/monitor's 24-hour history and alert thresholds. Samples of made-up instances are written
 * straight into monitor_samples; each range's series is compared with buckets computed here in plain
 * JS from the same rows; the table is pruned beyond the kept window; thresholds are validated whole
 * (code 4000, never 5xx), editable only with the right; a sustained breach sends one message to the
 * superusers, and a new one only after recovery.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s));

const rand = prng(63);
const SERIES = '/api/dashboard/monitor/series/';
const THRESHOLDS = '/api/dashboard/monitor/thresholds/';

function sampleAt(at: number, over: Partial<MonitorSample> = {}): MonitorSample {
  const requests = Math.floor(rand() * 200);
  return {
    at: new Date(at).toISOString(),
    request_rate: Math.round(rand() * 5000) / 100,
    error_rate: 0,
    requests,
    errors: Math.floor(rand() * Math.min(requests, 5)),
    requests_total: 1000,
    latency_p50_ms: Math.round(rand() * 1000) / 100,
    latency_p95_ms: Math.round(rand() * 5000) / 100,
    latency_p99_ms: Math.round(rand() * 20000) / 100,
    event_loop_lag_p99_ms: Math.round(rand() * 3000) / 100,
    event_loop_lag_mean_ms: 1,
    rss_bytes: 100_000_000 + Math.floor(rand() * 50_000_000),
    heap_used_bytes: 40_000_000 + Math.floor(rand() * 20_000_000),
    cpu: Math.round(rand() * 1000) / 1000,
    sockets: 1,
    db: { kind: 'pglite', total: 1, idle: 1, waiting: 0, max: 1 },
    queries: 10,
    query_p95_ms: 1,
    jobs_in_flight: 0,
    queue: {},
    ...over,
  };
}

async function insert(instance: string, samples: MonitorSample[]) {
  await ctx.db.query(
    `INSERT INTO monitor_samples (instance, at, host, pid, started, figures)
     SELECT $1, a, 'test-host', 1, now() - interval '2 days', f FROM unnest($2::timestamptz[], $3::jsonb[]) AS t(a, f)`,
    [instance, samples.map((s) => s.at), samples.map(({ at: _at, ...f }) => JSON.stringify(f))],
  );
}

/** The reference buckets: every sample of the range grouped by floor(epoch / bucket), in plain JS. */
function reference(samples: MonitorSample[], range: MonitorRange, bucket: number, now: number) {
  const from = (Math.floor((now - MONITOR_RANGE_SECONDS[range] * 1000) / 1000 / bucket) + 1) * bucket * 1000;
  const groups = new Map<number, MonitorSample[]>();
  for (const s of samples) {
    const t = Date.parse(s.at);
    if (t < from || t > now) continue;
    const b = Math.floor(t / 1000 / bucket);
    groups.set(b, [...(groups.get(b) ?? []), s]);
  }
  const r2 = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([b, ss]) => {
      const requests = ss.reduce((a, s) => a + s.requests, 0);
      const errors = ss.reduce((a, s) => a + s.errors, 0);
      return {
        at: new Date(b * bucket * 1000).toISOString(),
        samples: ss.length,
        request_rate: r2(avg(ss.map((s) => s.request_rate))),
        error_rate: requests === 0 ? 0 : r2(errors / requests, 4),
        latency_p50_ms: r2(avg(ss.map((s) => s.latency_p50_ms))),
        latency_p95_ms: Math.max(...ss.map((s) => s.latency_p95_ms)),
        latency_p99_ms: Math.max(...ss.map((s) => s.latency_p99_ms)),
        event_loop_lag_p99_ms: Math.max(...ss.map((s) => s.event_loop_lag_p99_ms)),
        cpu: r2(avg(ss.map((s) => s.cpu)), 3),
        rss_bytes: Math.max(...ss.map((s) => s.rss_bytes)),
        heap_used_bytes: Math.max(...ss.map((s) => s.heap_used_bytes)),
      };
    });
}

describe('monitor history', () => {
  it('answers each range downsampled to at most 180 points, the same buckets as the raw rows give', async () => {
    const now = Date.now();
    // 24 hours + a bit: every 40 s, and the last 20 minutes every 5 s (the sampling period).
    const older = Array.from({ length: Math.floor((24.2 * 3600) / 40) }, (_, i) => sampleAt(now - 20 * 60_000 - i * 40_000));
    const recent = Array.from({ length: 240 }, (_, i) => sampleAt(now - i * 5000));
    const all = [...older, ...recent];
    await insert('inst-series', all);
    await insert('inst-other', [sampleAt(now - 1000, { latency_p99_ms: 9999 })]);
    for (const range of ['15m', '1h', '6h', '24h'] as const) {
      const res = expectData(await call(srv, `${SERIES}?range=${range}&instance=inst-series`, { token: sa }), monitorSeries);
      expect(res.points.length, range).toBeLessThanOrEqual(MONITOR_SERIES_POINTS);
      expect(res.points.length, range).toBeGreaterThan(range === '15m' ? 150 : 80);
      expect(res.bucket_seconds * MONITOR_SERIES_POINTS).toBeGreaterThanOrEqual(MONITOR_RANGE_SECONDS[range]);
      // The answer was computed at its `to`: the reference uses the same instant.
      const expected = reference(all, range, res.bucket_seconds, Date.parse(res.to));
      // Averages may differ in the last rounded digit (the order of the sums); everything else is exact.
      const AVG = { request_rate: 0.011, latency_p50_ms: 0.011, cpu: 0.0011, error_rate: 0 } as const;
      expect(res.points.length, range).toBe(expected.length);
      res.points.forEach((p, i) => {
        const e = expected[i] as (typeof expected)[number];
        expect({ ...p, request_rate: 0, latency_p50_ms: 0, cpu: 0 }, `${range} ${p.at}`).toEqual({ ...e, request_rate: 0, latency_p50_ms: 0, cpu: 0 });
        for (const k of ['request_rate', 'latency_p50_ms', 'cpu'] as const) expect(Math.abs(p[k] - e[k]), `${range} ${p.at} ${k}`).toBeLessThanOrEqual(AVG[k]);
      });
      expect(res.points.every((p) => p.latency_p99_ms !== 9999)).toBe(true);
    }
    // Without an instance: the answering one (its own samples, written every 5 s).
    const self = expectData(await call(srv, `${SERIES}?range=15m`, { token: sa }), monitorSeries);
    expect(self.instance).toBe(ctx.live.monitor.sources.instance);
    // The user test holds the screen's Retrieve: reads the series too.
    expectData(await call(srv, `${SERIES}?range=1h&instance=inst-series`, { token: testToken }), monitorSeries);
  });

  it('refuses a bad query with the envelope (4000), never 5xx', async () => {
    for (const q of ['', '?range=2d', '?range=1h&extra=1', '?range=1h&range=6h', `?range=1h&instance=${'x'.repeat(129)}`]) {
      const res = await call(srv, `${SERIES}${q}`, { token: sa });
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(4000);
      expect(String(res.body.msg), q).not.toBe('');
    }
  });

  it('prunes samples beyond the kept window (24 hours and a margin), keeps the rest', async () => {
    const now = Date.now();
    await insert('inst-prune', [sampleAt(now - 25 * 3_600_000), sampleAt(now - 23.9 * 3_600_000), sampleAt(now - 20 * 60_000), sampleAt(now - 60_000)]);
    await ctx.db.query(`UPDATE monitor_samples SET slow_queries = '[{"sql":"SELECT 1","ms":5,"at":"2026-01-01T00:00:00.000Z"}]'::jsonb WHERE instance = 'inst-prune'`);
    await pruneMonitorSamples(ctx.db, now);
    const left = await srv.query<{ at: Date; n: number }>(`SELECT at, jsonb_array_length(slow_queries) AS n FROM monitor_samples WHERE instance = 'inst-prune' ORDER BY at`);
    expect(left.map((r) => new Date(r.at).getTime())).toEqual([now - 23.9 * 3_600_000, now - 20 * 60_000, now - 60_000].map((t) => Math.floor(t)));
    // The slow statements are read from each instance's newest row only: older rows (of the last hour) drop their copy.
    expect(left.map((r) => Number(r.n))).toEqual([1, 0, 1]);
    const oldest = await srv.query<{ at: Date | null }>('SELECT min(at) AS at FROM monitor_samples');
    expect(now - new Date(oldest[0]?.at ?? now).getTime()).toBeLessThan(24.2 * 3_600_000);
  });
});

describe('monitor thresholds', () => {
  const put = (token: string, body: unknown) => call(srv, THRESHOLDS, { token, method: 'PUT', body });

  it('reads the defaults; only a superuser (or the Update button) may change them', async () => {
    const mine = expectData(await call(srv, THRESHOLDS, { token: sa }), monitorThresholds);
    expect(mine.editable).toBe(true);
    expect(mine.thresholds.map((t) => t.metric)).toEqual(['cpu', 'memory', 'event_loop_lag', 'latency_p99', 'error_rate']);
    const theirs = expectData(await call(srv, THRESHOLDS, { token: testToken }), monitorThresholds);
    expect(theirs.editable).toBe(false);
    expect(theirs.thresholds).toEqual(mine.thresholds);
    const body = { thresholds: [{ metric: 'cpu', enabled: true, limit: 75, sustain_seconds: 30 }] };
    expectFailure(await put(testToken, body), 4000, `您没有执行该操作的权限。 (PUT: ${THRESHOLDS})`);
    expect((await srv.query('SELECT 1 FROM monitor_thresholds')).length).toBe(0);

    // The monitor screen's Update button given to test's role.
    const menu = await srv.query<{ id: number }>(`SELECT id FROM menus WHERE web_path = '/dashboard/monitor'`);
    const btn = await srv.query<{ id: number }>(`INSERT INTO menu_buttons (menu, name, value, api, method) VALUES ($1, '编辑', 'Update', '/api/dashboard/monitor/{id}/', 2) RETURNING id`, [menu[0]?.id]);
    await ctx.db.query(`INSERT INTO role_buttons (role_id, button_id) SELECT ur.role_id, $1 FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test'`, [btn[0]?.id]);
    expect(expectData(await call(srv, THRESHOLDS, { token: testToken }), monitorThresholds).editable).toBe(true);
    const saved = expectData(await put(testToken, body), monitorThresholds);
    expect(saved.thresholds[0]).toEqual(body.thresholds[0]);
    expect(saved.thresholds[1]).toEqual(mine.thresholds[1]);
    expect(saved.update_datetime).not.toBeNull();
    await ctx.db.query('DELETE FROM menu_buttons WHERE id = $1', [btn[0]?.id]);
    expectFailure(await put(testToken, body), 4000, `您没有执行该操作的权限。 (PUT: ${THRESHOLDS})`);
  });

  it('refuses bad thresholds whole with a clear message (4000), stores nothing', async () => {
    const before = await srv.query('SELECT metric, limit_value, sustain_seconds, enabled FROM monitor_thresholds ORDER BY metric');
    const good = { metric: 'memory', enabled: true, limit: 80, sustain_seconds: 60 };
    const cases: Array<[unknown, RegExp]> = [
      [{ thresholds: [good, { metric: 'cpu', enabled: true, limit: 0, sustain_seconds: 60 }] }, /cpu 的阈值必须在 1 到 1600 % 之间/],
      [{ thresholds: [{ ...good, limit: 101 }] }, /memory 的阈值必须在 1 到 100 % 之间/],
      [{ thresholds: [{ ...good, sustain_seconds: 2 }] }, /持续时间必须在 5 到 3600 秒之间/],
      [{ thresholds: [{ ...good, sustain_seconds: 7.5 }] }, /告警阈值/],
      [{ thresholds: [good, good] }, /memory 重复/],
      [{ thresholds: [{ ...good, metric: 'disk' }] }, /告警阈值/],
      [{ thresholds: [{ ...good, limit: '80' }] }, /告警阈值/],
      [{ thresholds: [] }, /不能为空/],
      [{ thresholds: [good], extra: 1 }, /.+/],
      [[good], /.+/],
      [{ thresholds: [{ ...good, extra: true }] }, /告警阈值/],
    ];
    for (const [body, msg] of cases) {
      const res = await put(sa, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(4000);
      expect(String(res.body.msg), JSON.stringify(body)).toMatch(msg);
    }
    // Not JSON at all: the envelope too.
    expectFailure(await call(srv, THRESHOLDS, { token: sa, method: 'PUT', raw: '{bad', headers: { 'content-type': 'application/json' } }), 4000, '请求体不是合法的 JSON');
    expect(await srv.query('SELECT metric, limit_value, sustain_seconds, enabled FROM monitor_thresholds ORDER BY metric')).toEqual(before);
  });

  it('a sustained breach sends one message to the superusers; again only after recovery', async () => {
    expectData(
      await put(sa, {
        thresholds: [
          { metric: 'cpu', enabled: true, limit: 50, sustain_seconds: 10 },
          { metric: 'memory', enabled: false, limit: 90, sustain_seconds: 60 },
          { metric: 'event_loop_lag', enabled: false, limit: 200, sustain_seconds: 60 },
          { metric: 'latency_p99', enabled: true, limit: 500, sustain_seconds: 60 },
          { metric: 'error_rate', enabled: false, limit: 5, sustain_seconds: 60 },
        ],
      }),
      monitorThresholds,
    );
    const watch = new ThresholdWatch(ctx.db, 'inst-watch', (text) => notifySuperusers(ctx, text), 1_000_000_000);
    const t0 = Date.now() - 120_000;
    // cpu (%): above 50 from t0; a short latency spike (one sample) never lasts 60 s.
    const cpu = [80, 90, 70, 85, 95, 40, 60, 65, 75, 90, 95];
    const raised: string[][] = [];
    for (const [i, v] of cpu.entries()) {
      raised.push(await watch.check(sampleAt(t0 + i * 5000, { cpu: v / 100, latency_p99_ms: i === 3 ? 900 : 10 })));
    }
    // A breach after 10 s above (the 3rd sample), nothing while it lasts, recovery at 40, again 10 s after 60.
    expect(raised).toEqual([[], [], ['cpu'], [], [], [], [], [], ['cpu'], [], []]);
    const msgs = await srv.query<{ id: number; title: string }>(`SELECT id, title FROM message_center WHERE title LIKE '%inst-watch%' ORDER BY id`);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]?.title).toBe('服务监控告警：inst-watch CPU 超过 50 %');
    const recipients = await srv.query<{ users: number }>(`SELECT users FROM message_center_target_user WHERE messagecenter = $1 ORDER BY users`, [msgs[0]?.id]);
    const supers = await srv.query<{ id: number }>('SELECT id FROM users WHERE is_superuser AND is_active ORDER BY id');
    expect(recipients.map((r) => Number(r.users))).toEqual(supers.map((r) => Number(r.id)));
    const rows = await srv.query<{ recovered: Date | null }>(`SELECT recovered FROM monitor_alerts WHERE instance = 'inst-watch' ORDER BY id`);
    expect(rows.map((r) => r.recovered === null)).toEqual([false, true]);
    // The open breach shows on the screen while the instance still reports.
    await insert('inst-watch', [sampleAt(Date.now() - 2000)]);
    const answer = expectData(await call(srv, THRESHOLDS, { token: testToken }), monitorThresholds);
    expect(answer.alerts.filter((a) => a.instance === 'inst-watch')).toMatchObject([{ metric: 'cpu', limit: 50, value: 75 }]);
    // Breaches are kept 24 hours: a day later both rows are gone.
    await pruneMonitorAlerts(ctx.db, Date.now() + 25 * 3_600_000);
    expect(await srv.query(`SELECT 1 FROM monitor_alerts WHERE instance = 'inst-watch'`)).toHaveLength(0);
  });
});
