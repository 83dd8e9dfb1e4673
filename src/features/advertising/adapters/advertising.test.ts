// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attributionResult, performanceResult, spendResult } from '../../../../contracts/schemas/advertising';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { attributionParams, performanceParams, trackingLink } from './advertising';
import { ApiError } from '../../../adapters/errors';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the advertising port (advertisement/*) over both
 * adapters. The upstream is a stand-in answering in the shapes of contracts/schemas/advertisement
 * (each answer parsed by its schema first) and recording what reached it; the GraphQL adapter goes
 * through the real gateway code (executeGateway) mounted on that stand-in. The server side is tested
 * in server/routes/advertisement/advertising.test.ts.
 */

const FIGURES = { spend: 250_000, clicks: 120, installs: 20, cpi: 12_500, revenue: 300_000, roas: 1.2 };
const PERFORMANCE = performanceResult.parse({
  start: '2026-11-01',
  end: '2026-11-02',
  game: null,
  window_days: 7,
  currency: 'CNY',
  campaigns: [{ campaign: 4, name: '抖音信息流-1', game: 1, game_name: '星穹远征', channel: 'douyin', status: 'active', budget: 3_000_000, start_date: '2026-10-01', end_date: '2026-12-31', running: true, ...FIGURES }],
  totals: { ...FIGURES, organic_installs: 31 },
  days: [
    { day: '2026-11-01', spend: 100_000, clicks: 60, installs: 9 },
    { day: '2026-11-02', spend: 150_000, clicks: 60, installs: 11 },
  ],
});
const ATTRIBUTION = attributionResult.parse({
  start: '2026-11-01',
  end: '2026-11-02',
  window_days: 7,
  page: 1,
  limit: 20,
  total: 1,
  summary: { installs: 2, attributed: 1, organic: 1 },
  rows: [{ game: 1, game_name: '星穹远征', distinct_id: 'u1', device_id: 'dev-1', install_time: '2026-11-01T02:00:00.000Z', channel: 'douyin', campaign: 4, campaign_name: '抖音信息流-1', click_time: '2026-11-01T01:00:00.000Z', match: 'last_click' }],
});
const SPEND = spendResult.parse({ campaign: 4, currency: 'CNY', total: 250_000, days: [{ day: '2026-11-01', amount: 250_000 }] });

const upstream = standInUpstream(executeGateway, ({ url }, { ok, refuse }) => {
  if (url.pathname === '/api/advertisement/campaign/performance/') return url.searchParams.get('game') === '99' ? ok({ ...PERFORMANCE, currency: 'USD' }) : ok(PERFORMANCE);
  if (url.pathname === '/api/advertisement/attribution/') {
    if (url.searchParams.get('limit') === '100000') return refuse('limit 必须是 1 到 100 的整数');
    return ok(ATTRIBUTION);
  }
  if (url.pathname === '/api/advertisement/campaign/4/spend/') return ok(SPEND);
  if (url.pathname === '/api/advertisement/campaign/4/spend/import/') return ok(SPEND);
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'ads-token');

describe('the advertising query pairs and link', () => {
  it('in a fixed order, leaving out what is not set', () => {
    expect(reportQueryString(performanceParams({ start: '2026-11-01', end: '2026-11-02', game: 3 }))).toBe('start=2026-11-01&end=2026-11-02&game=3');
    expect(reportQueryString(attributionParams({ start: '2026-11-01', end: '2026-11-02', match: 'organic', channel: '', page: 2, limit: 20 }))).toBe('start=2026-11-01&end=2026-11-02&match=organic&page=2&limit=20');
    expect(trackingLink('https://ops.example.com', 4)).toBe('https://ops.example.com/api/advertisement/click/?campaign=4&device={device_id}');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the advertising calls over %s', (kind) => {
  it('performance, attribution and spend reach the REST routes with the same query and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.advertising.performance({ start: '2026-11-01', end: '2026-11-02' })).resolves.toEqual(PERFORMANCE);
    await expect(api.advertising.attribution({ start: '2026-11-01', end: '2026-11-02', campaign: 4, page: 1, limit: 20 })).resolves.toEqual(ATTRIBUTION);
    await expect(api.advertising.spend(4)).resolves.toEqual(SPEND);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /api/advertisement/campaign/performance/?start=2026-11-01&end=2026-11-02',
      'GET /api/advertisement/attribution/?start=2026-11-01&end=2026-11-02&campaign=4&page=1&limit=20',
      'GET /api/advertisement/campaign/4/spend/?',
    ]);
    expect(seen.every((s) => s.auth === 'JWT ads-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('entering spend PUTs the days as JSON; the sheet goes up as multipart over REST', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    await expect(api.advertising.setSpend(4, [{ day: '2026-11-01', amount: 250_000 }])).resolves.toEqual(SPEND);
    await expect(api.advertising.importSpend(4, new Blob(['PK-sheet']), 'spend.xlsx')).resolves.toEqual(SPEND);
    expect(seen[0] && [seen[0].method, seen[0].path, JSON.parse(seen[0].body) as unknown]).toEqual(['PUT', '/api/advertisement/campaign/4/spend/', { days: [{ day: '2026-11-01', amount: 250_000 }] }]);
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.path).toBe('/api/advertisement/campaign/4/spend/import/');
    expect(seen[1]?.type).toMatch(/^multipart\/form-data/);
    expect(seen[1]?.body).toContain('PK-sheet');
  });

  it('a refusal is an ApiError with the server message, toasted once; a drifted answer is malformed', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.advertising.attribution({ start: '2026-11-01', end: '2026-11-02', limit: 100_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('limit 必须是 1 到 100 的整数');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['limit 必须是 1 到 100 的整数']);
    const drift = await api.advertising.performance({ start: '2026-11-01', end: '2026-11-02', game: 99 }).catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
  });
});
