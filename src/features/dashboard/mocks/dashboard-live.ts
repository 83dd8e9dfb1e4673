import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  envelope,
  listPage,
  menuItem,
  monitorResult,
  realtimeFrame,
  realtimeSnapshot,
  REALTIME_TOPIC,
  type MenuItem,
  type MonitorResult,
  type MonitorSample,
  type RealtimeSnapshot,
} from '../../../../contracts/schemas';
import {
  defaultThresholds,
  MONITOR_RANGE_SECONDS,
  MONITOR_SERIES_POINTS,
  monitorSeries,
  monitorThresholds,
  monitorThresholdsInput,
  type MonitorRange,
  type MonitorSeries,
  type MonitorThreshold,
  type MonitorThresholds,
} from '../../../../contracts/schemas/dashboard/monitor';
import { RealtimeSocket, type SocketLike } from '../../../adapters/socket/realtime-socket';
import type { RealtimeConnector } from '../../../adapters/socket/connector';
import { failure, menuEntry, ok } from '../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../stories/mocks/handlers';

/**
 * Mocks of the live dashboards' back end for the dashboard/realtime and dashboard/monitor stories:
 * the menus, the two REST answers and a mock-socket server that records subscriptions and
 * pushes `dashboard.realtime` frames. Every answer and frame goes through its contract schema
 * (contracts/schemas/dashboard-live.ts), so a change of the wire shapes breaks the mocks.
 */

export const LIVE_SCREENS = {
  realtime: { id: 601, name: '实时概况', path: '/dashboard/realtime', component: 'dashboard/realtime' },
  monitor: { id: 602, name: '服务监控', path: '/dashboard/monitor', component: 'dashboard/monitor' },
} as const;

export interface LiveMockOptions {
  /** These answer a failure / never: 'realtime', 'monitor'. */
  failing?: string[];
  slow?: string[];
  /** No activity (realtime) or no instance (monitor). */
  empty?: boolean;
  /** Long names, many instances, long SQL. */
  long?: boolean;
  /** The thresholds answered as not editable (no Update permission). */
  readOnlyThresholds?: boolean;
  /** Open breaches shown under the thresholds. */
  alerts?: boolean;
}

export interface LiveMockState {
  realtimeCalls: number;
  monitorCalls: number;
  /** The `range` of every series read, in order. */
  seriesRanges: string[];
  thresholdPuts: unknown[];
}

/** One instance's series over a range, downsampled as the server does (a point per bucket, at most 180). */
export function seriesMock(range: MonitorRange, instance: string, opts: { now?: number; empty?: boolean } = {}): MonitorSeries {
  const now = opts.now ?? Date.now();
  const bucket = Math.max(1, Math.ceil(MONITOR_RANGE_SECONDS[range] / MONITOR_SERIES_POINTS / 5)) * 5;
  const last = Math.floor(now / 1000 / bucket);
  const n = opts.empty ? 0 : Math.min(MONITOR_SERIES_POINTS, Math.floor(MONITOR_RANGE_SECONDS[range] / bucket));
  const points = Array.from({ length: n }, (_, k) => {
    const i = k + (last - n + 1);
    const s = sample(i * bucket * 1000, k, 1 + (range === '24h' ? Math.sin(k / 30) * 0.5 : 0));
    return { at: s.at, samples: Math.max(1, bucket / 5), request_rate: s.request_rate, error_rate: s.error_rate, latency_p50_ms: s.latency_p50_ms, latency_p95_ms: s.latency_p95_ms, latency_p99_ms: s.latency_p99_ms, event_loop_lag_p99_ms: s.event_loop_lag_p99_ms, cpu: s.cpu, rss_bytes: s.rss_bytes, heap_used_bytes: s.heap_used_bytes };
  });
  return monitorSeries.parse({ range, instance, from: new Date((last - n + 1) * bucket * 1000).toISOString(), to: new Date(now).toISOString(), bucket_seconds: bucket, points });
}

export function thresholdsMock(opts: { editable?: boolean; alerts?: boolean; thresholds?: MonitorThreshold[]; now?: number } = {}): MonitorThresholds {
  const now = opts.now ?? Date.now();
  return monitorThresholds.parse({
    thresholds: opts.thresholds ?? defaultThresholds(),
    editable: opts.editable ?? true,
    alerts: opts.alerts ? [{ instance: 'console-b-5177-0a7e3b', metric: 'latency_p99', since: new Date(now - 300_000).toISOString(), raised: new Date(now - 240_000).toISOString(), value: 2412.5, limit: 2000 }] : [],
    update_datetime: opts.thresholds ? '2026-12-02 10:00:00' : null,
  });
}

const MIN = 60_000;
const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版（测试服务器・华东二区）';

/** Figures of the last hour ending `now`; `bump` adds logins to the current minute (a new event). */
export function realtimeMock(opts: { now?: number; empty?: boolean; long?: boolean; bump?: number } = {}): RealtimeSnapshot {
  const now = opts.now ?? Date.now();
  const minuteNow = Math.floor(now / MIN) * MIN;
  const minutes = Array.from({ length: 60 }, (_, i) => {
    const t = minuteNow - (59 - i) * MIN;
    const wave = opts.empty ? 0 : Math.round(8 + 6 * Math.sin(i / 6) + (i % 7));
    const payments = opts.empty ? 0 : Math.max(0, Math.round(wave / 4) - (i % 3));
    return { minute: new Date(t).toISOString(), logins: wave + (i === 59 ? (opts.bump ?? 0) : 0), payments, amount: payments * 3000 + (i % 5) * 600 };
  });
  const games = opts.empty
    ? []
    : [
        [3, opts.long ? LONG_GAME : '星穹远征', 128],
        [5, '消消乐园', 64],
        [8, opts.long ? `${LONG_GAME} 怀旧版` : '三国策略', 31],
        [2, '跑酷达人', 9],
      ].map(([game, name, online]) => ({ game: game as number, name: name as string, online: online as number, logins: Math.round((online as number) / 3), payments: Math.round((online as number) / 20), revenue_today: (online as number) * 12_345 }));
  const last = minutes[59];
  const prev = minutes[58];
  return realtimeSnapshot.parse({
    at: new Date(now).toISOString(),
    day: new Date(now + 8 * 3_600_000).toISOString().slice(0, 10),
    timezone: 'Asia/Shanghai',
    currency: 'CNY',
    online: games.reduce((s, g) => s + g.online, 0),
    logins_per_minute: Math.max(last?.logins ?? 0, prev?.logins ?? 0),
    payments_per_minute: Math.max(last?.payments ?? 0, prev?.payments ?? 0),
    revenue_today: opts.empty ? 0 : 2_816_400,
    orders_today: opts.empty ? 0 : 412,
    minutes,
    top_games: games,
  });
}

function sample(at: number, i: number, load: number): MonitorSample {
  const wave = (n: number) => Math.max(0, Math.round((n + n * 0.3 * Math.sin(i / 5)) * 100) / 100);
  return {
    at: new Date(at).toISOString(),
    request_rate: wave(12 * load),
    error_rate: i % 9 === 0 ? 0.02 : 0,
    requests: Math.round(wave(60 * load)),
    errors: i % 9 === 0 ? 1 : 0,
    requests_total: 5000 + i * 60,
    latency_p50_ms: wave(4),
    latency_p95_ms: wave(18),
    latency_p99_ms: wave(42),
    event_loop_lag_p99_ms: wave(21),
    event_loop_lag_mean_ms: wave(10.5),
    rss_bytes: 180_000_000 + i * 200_000,
    heap_used_bytes: 70_000_000 + (i % 10) * 1_000_000,
    cpu: Math.min(1.5, wave(0.18 * load)),
    sockets: 42,
    db: { kind: 'postgres', total: 6, idle: 4, waiting: i % 11 === 0 ? 2 : 0, max: 10 },
    queries: Math.round(wave(240 * load)),
    query_p95_ms: wave(3.2),
    jobs_in_flight: i % 4,
    queue: { created: 3, active: 1, retry: 0, completed: 1200, failed: 4 },
  };
}

export function monitorMock(opts: { now?: number; empty?: boolean; long?: boolean } = {}): MonitorResult {
  const now = opts.now ?? Date.now();
  const self = 'console-a-4121-9f2c1d';
  const instance = (name: string, host: string, load: number, silentFor = 0) => {
    const history = Array.from({ length: 60 }, (_, i) => sample(now - silentFor - (59 - i) * 5000, i, load));
    const current = history[history.length - 1] ?? sample(now, 0, load);
    return {
      instance: name,
      host,
      pid: 4121,
      started: new Date(now - 3 * 3_600_000).toISOString(),
      last_seen: current.at,
      status: silentFor > 20_000 ? 'lost' : 'online',
      current,
      history,
      slow_queries: [
        { sql: 'SELECT game, distinct_id, event, time FROM tracking_events WHERE time >= $1::timestamptz AND time < $3::timestamptz', ms: 182.4, at: new Date(now - 40_000).toISOString() },
        {
          sql: opts.long
            ? `WITH ev AS MATERIALIZED (SELECT game, distinct_id, event, time FROM tracking_events WHERE time >= $1::timestamptz AND time < $3::timestamptz), od AS MATERIALIZED (SELECT game, distinct_id, amount_cny, time FROM orders WHERE time >= $1::timestamptz AND time < $3::timestam…`
            : 'UPDATE automation_runs r SET state = $1 WHERE r.id = ANY($2::uuid[])',
          ms: 64.1,
          at: new Date(now - 120_000).toISOString(),
        },
        { sql: 'SELECT count(*)::int AS n FROM pgboss.job GROUP BY 1', ms: 12.9, at: new Date(now - 300_000).toISOString() },
      ],
    };
  };
  const others = opts.long
    ? Array.from({ length: 6 }, (_, i) => instance(`console-worker-${i + 2}-very-long-hostname-of-the-cluster-node-${i}`, `k8s-node-${i}.cn-east-2.internal.example.com`, 0.5 + i / 4, i === 5 ? 90_000 : 0))
    : [instance('console-b-5177-0a7e3b', 'app-2', 0.7), instance('console-c-3019-77d0aa', 'app-3', 0.4, 90_000)];
  return monitorResult.parse({
    at: new Date(now).toISOString(),
    self,
    sample_seconds: 5,
    instances: opts.empty ? [] : [instance(self, 'app-1', 1), ...others],
  });
}

function menusOf(): MenuItem[] {
  return [
    menuEntry(600, null, '仪表盘', { icon: 'dashboard', is_catalog: true }),
    ...Object.values(LIVE_SCREENS).map((s) => menuEntry(s.id, 600, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: ['Retrieve'] })),
  ];
}

export function liveBackend(options: LiveMockOptions = {}): MockBackend & { live: LiveMockState } {
  const state: LiveMockState = { realtimeCalls: 0, monitorCalls: 0, seriesRanges: [], thresholdPuts: [] };
  let stored: MonitorThreshold[] | undefined;
  const base = mockBackend();
  const menus = menusOf();
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/dashboard/realtime/', async () => {
      state.realtimeCalls++;
      const refused = await gate('realtime');
      if (refused) return refused;
      await delay(60);
      return HttpResponse.json(ok(realtimeSnapshot, realtimeMock({ empty: !!options.empty, long: !!options.long })));
    }),
    http.get('*/api/dashboard/monitor/', async () => {
      state.monitorCalls++;
      const refused = await gate('monitor');
      if (refused) return refused;
      await delay(60);
      return HttpResponse.json(ok(monitorResult, monitorMock({ empty: !!options.empty, long: !!options.long })));
    }),
    http.get('*/api/dashboard/monitor/series/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      const range = (q.get('range') ?? '15m') as MonitorRange;
      state.seriesRanges.push(range);
      const refused = await gate('series');
      if (refused) return refused;
      await delay(40);
      return HttpResponse.json(ok(monitorSeries, seriesMock(range, q.get('instance') ?? 'console-a-4121-9f2c1d', { empty: !!options.empty })));
    }),
    http.get('*/api/dashboard/monitor/thresholds/', async () => {
      const refused = await gate('thresholds');
      if (refused) return refused;
      return HttpResponse.json(ok(monitorThresholds, thresholdsMock({ editable: !options.readOnlyThresholds, alerts: !!options.alerts, thresholds: stored })));
    }),
    http.put('*/api/dashboard/monitor/thresholds/', async ({ request }) => {
      const body: unknown = await request.json();
      state.thresholdPuts.push(body);
      const refused = await gate('saveThresholds');
      if (refused) return refused;
      // Validated as the server does: the contract's own schema.
      const parsed = monitorThresholdsInput.safeParse(body);
      if (!parsed.success) return HttpResponse.json(failure(4000, `告警阈值:${parsed.error.issues[0]?.message ?? '不合法'}`));
      const byMetric = new Map(parsed.data.thresholds.map((t) => [t.metric, t]));
      stored = (stored ?? defaultThresholds()).map((t) => byMetric.get(t.metric) ?? t);
      return HttpResponse.json(ok(monitorThresholds, thresholdsMock({ editable: true, alerts: !!options.alerts, thresholds: stored }), '保存成功'));
    }),
  ];
  return Object.assign(new MockBackend(handlers, base.state, base.reset), { live: state });
}

let serial = 0;

/**
 * A mock-socket server for the realtime stories: records what the console sends (subscriptions) and
 * pushes schema-checked `dashboard.realtime` frames to its clients.
 */
export function liveSocket(opts: { noServer?: boolean } = {}) {
  const url = `ws://live-socket-${++serial}.local/api/ws/story-access-token/`;
  const received: unknown[] = [];
  const server = opts.noServer ? null : new Server(url, { mock: false });
  server?.on('connection', (socket) => {
    socket.send(JSON.stringify({ sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false }));
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
  });
  const connector: RealtimeConnector = (events) =>
    new RealtimeSocket({ url: () => url, events, createSocket: (u) => new MockWebSocket(u) as unknown as SocketLike, baseDelayMs: 20, maxDelayMs: 80, maxAuthFailures: 3, maxHandshakeFailures: 3 });
  return {
    connector,
    received,
    subscribed: () => received.some((f) => (f as { type?: string; topic?: string }).type === 'subscribe' && (f as { topic?: string }).topic === REALTIME_TOPIC),
    push: (snapshot: RealtimeSnapshot) => server?.clients().forEach((c) => c.send(JSON.stringify(realtimeFrame.parse({ type: REALTIME_TOPIC, realtime: snapshot })))),
    stop: () => server?.stop(),
  };
}
