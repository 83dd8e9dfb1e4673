// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventAnalysis, eventCounts, eventProperties, funnelResult, SESSION_BUCKETS, sessionsResult } from '../../../../contracts/schemas/tracking';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { ApiError } from '../../../adapters/errors';
import { reportQueryString } from '../../../adapters/port';
import { eventParams, type EventAnalysisQuery } from './tracking';

/**
 * Part of the shared adapter suite (graphql/both-adapters.test.ts): the tracking port over both
 * adapters. The upstream here is a stand-in that answers in the shapes of contracts/schemas/tracking
 * (each answer parsed by its schema first) and records what reached it; the GraphQL adapter goes
 * through the real gateway code (executeGateway) mounted on that stand-in, as the reference server
 * mounts it on itself.
 */

const EVENT_DATA = eventAnalysis.parse({
  start: '2026-11-01',
  end: '2026-11-03',
  interval: 'day',
  measure: 'total',
  times: ['2026-11-01', '2026-11-02', '2026-11-03'],
  series: [
    { time: '2026-11-01', value: 3 },
    { time: '2026-11-02', value: 5 },
    { time: '2026-11-03', value: 0 },
  ],
  lines: [{ key: 'login', event: 'login', group: null, values: [3, 5, 0], total: 8 }],
  previous: { start: '2026-10-29', end: '2026-10-31', times: ['2026-10-29', '2026-10-30', '2026-10-31'], lines: [{ key: 'login', event: 'login', group: null, values: [1, 1, 1], total: 3 }] },
});
const FUNNEL_DATA = funnelResult.parse({
  funnel: { id: 7, name: '注册到付费', game: 3, window_seconds: 86400 },
  start: '2026-11-01',
  end: '2026-11-07',
  steps: [
    { event: 'register', players: 100, conversion: 1, step_conversion: 1, median_seconds: null },
    { event: 'pay', players: 25, conversion: 0.25, step_conversion: 0.25, median_seconds: 3600 },
  ],
});
const SESSION_DATA = sessionsResult.parse({
  start: '2026-11-01',
  end: '2026-11-07',
  game: 3,
  sessions: 10,
  players: 4,
  avg_seconds: 600,
  median_seconds: 420,
  events_per_session: 6.5,
  histogram: SESSION_BUCKETS.map(([from, to], i) => ({ from_seconds: from, to_seconds: to, sessions: i === 0 ? 10 : 0 })),
  days: [{ day: '2026-11-01', sessions: 10, avg_seconds: 600, median_seconds: 420, events_per_session: 6.5 }],
  games: [{ game: 3, game_name: '星穹远征', sessions: 10, players: 4, avg_seconds: 600, median_seconds: 420 }],
});

const PROPERTIES_DATA = eventProperties.parse([
  { name: 'level', type: 'number', declared: true },
  { name: 'channel', type: 'string', declared: false },
  { name: 'is_vip', type: 'boolean', declared: false },
]);
const COUNTS_DATA = eventCounts.parse([
  { event: 'login', events: 120 },
  { event: 'level_up', events: 40 },
]);

const upstream = standInUpstream(executeGateway, ({ url, req: incoming }, { ok, refuse, res }) => {
  if (url.pathname === '/api/data_embed/event/') {
    if (url.searchParams.get('start') === 'bad') return refuse('start 必须是 YYYY-MM-DD');
    return ok(EVENT_DATA);
  }
  if (url.pathname === '/api/data_embed/event/export/') {
    res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename*=UTF-8''event.xlsx" });
    res.end(Buffer.from([0x50, 0x4b, 3, 4]));
    return;
  }
  if (url.pathname === '/api/data_embed/funnel/') return ok(url.searchParams.get('funnel') === '99' ? { ...FUNNEL_DATA, steps: 'drift' } : FUNNEL_DATA);
  if (url.pathname === '/api/data_embed/sessions/') return ok(SESSION_DATA);
  if (url.pathname === '/api/data_embed/properties/') {
    if (url.searchParams.get('events') === '') return refuse('events 不能为空：以逗号分隔的事件标识');
    return ok(url.searchParams.get('events') === 'drift' ? [{ name: 'x', type: 'object' }] : PROPERTIES_DATA);
  }
  if (url.pathname === '/api/data_embed/event_counts/') return ok(COUNTS_DATA);
  if (url.pathname === '/api/embed_configure/game/5/regenerate/' && incoming.method === 'POST') return ok({ app_key: 'ak_new', secret: 'sk_new_secret' });
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'tracking-token');

const QUERY: EventAnalysisQuery = {
  game: 3,
  events: ['login', 'pay'],
  start: '2026-11-01',
  end: '2026-11-03',
  interval: 'day',
  measure: 'sum',
  property: 'amount',
  filters: [{ property: 'channel', op: 'eq', value: 'huawei' }],
  breakdown: 'channel',
  compare: true,
};
const EXPECTED_QUERY =
  'game=3&event=login&event=pay&start=2026-11-01&end=2026-11-03&interval=day&measure=sum&property=amount&filters=%5B%7B%22property%22%3A%22channel%22%2C%22op%22%3A%22eq%22%2C%22value%22%3A%22huawei%22%7D%5D&breakdown=channel&compare=1';

describe('the tracking query pairs', () => {
  it('repeat event per series, send property only for sum/avg, filters as JSON, compare as 1', () => {
    expect(reportQueryString(eventParams(QUERY))).toBe(EXPECTED_QUERY);
    expect(reportQueryString(eventParams({ ...QUERY, measure: 'unique', filters: [], breakdown: undefined, compare: false }))).toBe(
      'game=3&event=login&event=pay&start=2026-11-01&end=2026-11-03&interval=day&measure=unique',
    );
  });
});

describe.each<Kind>(['rest', 'graphql'])('the tracking calls over %s', (kind) => {
  it('event, funnel and session analysis reach the REST routes with the same query and answer the same shapes', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    const event = await api.tracking.events(QUERY);
    expect(event.times).toEqual(EVENT_DATA.times);
    expect(event.lines[0]?.values).toEqual([3, 5, 0]);
    expect(event.previous?.lines[0]?.total).toBe(3);
    const funnel = await api.tracking.funnel({ funnel: 7, start: '2026-11-01', end: '2026-11-07', breakdown: 'channel' });
    expect(funnel.steps.map((s) => s.players)).toEqual([100, 25]);
    const sessions = await api.tracking.sessions({ start: '2026-11-01', end: '2026-11-07', game: 3 });
    expect(sessions.median_seconds).toBe(420);
    const all = await api.tracking.sessions({ start: '2026-11-01', end: '2026-11-07' });
    expect(all.games).toHaveLength(1);
    await api.tracking.sessions({ start: '2026-11-01', end: '2026-11-07', fresh: true });
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      `/api/data_embed/event/?${EXPECTED_QUERY}`,
      '/api/data_embed/funnel/?funnel=7&start=2026-11-01&end=2026-11-07&breakdown=channel',
      '/api/data_embed/sessions/?start=2026-11-01&end=2026-11-07&game=3',
      '/api/data_embed/sessions/?start=2026-11-01&end=2026-11-07',
      '/api/data_embed/sessions/?start=2026-11-01&end=2026-11-07&fresh=1',
    ]);
    expect(seen.every((s) => s.auth === 'JWT tracking-token')).toBe(true);
  });

  it('the pickers: properties of the chosen events and the events with data reach their REST routes; a drifted or refused answer is an error', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    await expect(api.tracking.properties({ game: 3, events: ['level_up', 'pay'], start: '2026-11-01', end: '2026-11-03' })).resolves.toEqual(PROPERTIES_DATA);
    await expect(api.tracking.eventCounts({ game: 3, start: '2026-11-01', end: '2026-11-03' })).resolves.toEqual(COUNTS_DATA);
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/api/data_embed/properties/?game=3&events=level_up%2Cpay&start=2026-11-01&end=2026-11-03',
      '/api/data_embed/event_counts/?game=3&start=2026-11-01&end=2026-11-03',
    ]);
    const drift = await api.tracking.properties({ game: 3, events: ['drift'], start: '2026-11-01', end: '2026-11-03' }).catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
    expect((drift as ApiError).url).toBe('/api/data_embed/properties/');
    const refused = await api.tracking.properties({ game: 3, events: [], start: '2026-11-01', end: '2026-11-03' }).catch((e: unknown) => e);
    expect((refused as ApiError).message).toBe('events 不能为空：以逗号分隔的事件标识');
  });

  it('regenerating a secret posts to the app and answers the new pair; export downloads the file over REST', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    await expect(api.tracking.regenerateSecret(5)).resolves.toEqual({ app_key: 'ak_new', secret: 'sk_new_secret' });
    const file = await api.tracking.exportEvents(QUERY);
    expect(file.name).toBe('event.xlsx');
    expect(file.blob.size).toBe(4);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/embed_configure/game/5/regenerate/', 'GET /api/data_embed/event/export/']);
    expect(seen[1]?.query).toBe(EXPECTED_QUERY);
  });

  it('a refused report is an ApiError with the server message, toasted once', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.tracking.events({ ...QUERY, start: 'bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('start 必须是 YYYY-MM-DD');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['start 必须是 YYYY-MM-DD']);
  });

  it('an answer that does not fit its contract schema is the malformed error, named by the REST path', async () => {
    const { api } = adapter(kind);
    const drift = await api.tracking.funnel({ funnel: 99, start: '2026-11-01', end: '2026-11-07' }).catch((e: unknown) => e);
    expect(drift).toBeInstanceOf(ApiError);
    expect((drift as ApiError).kind).toBe('format');
    expect((drift as ApiError).url).toBe('/api/data_embed/funnel/');
  });
});

describe('the gateway field trackingReport', () => {
  it('refuses parameter names that are not lower snake case, long values and unknown reports before any upstream call', async () => {
    seen.length = 0;
    const run = (variables: Record<string, unknown>) =>
      executeGateway({ query: 'query R($report: TrackingReport!, $params: [ReportParamInput!]!) { trackingReport(report: $report, params: $params) }', variables }, { baseUrl: upstream.baseUrl });
    const badName = await run({ report: 'EVENT', params: [{ name: 'start; drop', value: 'x' }] });
    expect(badName.errors?.[0]?.message).toBe('参数名无效');
    const longValue = await run({ report: 'EVENT', params: [{ name: 'filters', value: 'x'.repeat(4001) }] });
    expect(longValue.errors?.[0]?.message).toBe('参数 filters 的值无效');
    const unknown = await run({ report: 'USERS', params: [] });
    expect(unknown.errors?.length).toBe(1);
    expect(seen).toEqual([]);
  });
});
