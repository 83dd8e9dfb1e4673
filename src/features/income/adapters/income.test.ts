// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { distributionResult, historyResult, overviewResult, rankResult } from '../../../../contracts/schemas/income';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { ApiError } from '../../../adapters/errors';
import { orderFilterParams, rankParams } from './income';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite (graphql/both-adapters.test.ts): the revenue port over both
 * adapters. The upstream here is a stand-in answering in the shapes of contracts/schemas/income (each answer
 * parsed by its schema first) and recording what reached it; the GraphQL adapter goes through the real
 * gateway code (executeGateway) mounted on that stand-in, as the reference server mounts it on itself.
 */

const figures = { revenue: 118_800, gross: 124_800, refunds: 6_000, orders: 12, refund_orders: 1, paying_players: 9 };
const OVERVIEW = overviewResult.parse({ ...figures, start: '2026-11-01', end: '2026-11-07', game: 3, currency: 'CNY', active_players: 120, arpu: 990, arppu: 13_200, paying_rate: 0.075 });
const HISTORY = historyResult.parse({
  start: '2026-11-06',
  end: '2026-11-07',
  game: null,
  days: [
    { day: '2026-11-06', ...figures },
    { day: '2026-11-07', revenue: -600, gross: 0, refunds: 600, orders: 0, refund_orders: 1, paying_players: 0 },
  ],
  totals: { ...figures, revenue: 118_200, refunds: 6_600, refund_orders: 2 },
  compare: null,
});
const DISTRIBUTION = distributionResult.parse({ start: '2026-11-01', end: '2026-11-07', game: null, by: 'channel', total: figures, rows: [{ ...figures, key: 'huawei', label: 'huawei', share: 1 }] });
const RANK = rankResult.parse({ start: '2026-11-01', end: '2026-11-07', game: null, by: 'player', rows: [{ ...figures, rank: 1, key: '3:p-001', label: 'p-001', game_name: '星穹远征' }] });
const XLSX = Buffer.alloc(70_000, 7);

const upstream = standInUpstream(executeGateway, async ({ url }, { ok, refuse, res }) => {
  if (url.searchParams.get('start') === 'bad') return refuse('start 必须是 YYYY-MM-DD');
  if (url.pathname === '/api/center_income/overview/') return ok(url.searchParams.get('game') === '99' ? { ...OVERVIEW, revenue: 1.5 } : OVERVIEW);
  if (url.pathname === '/api/center_income/history/') return ok(HISTORY);
  if (url.pathname === '/api/center_income/distribution/') return ok(DISTRIBUTION);
  if (url.pathname === '/api/center_income/rank/') return ok(RANK);
  if (url.pathname === '/api/center_income/details/export/') {
    res.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('订单明细.xlsx')}`,
      'x-export-rows': '1234',
    });
    // Streamed in pieces, without a length: progress is in bytes.
    for (let i = 0; i < XLSX.length; i += 16_384) {
      res.write(XLSX.subarray(i, i + 16_384));
      await new Promise((r) => setTimeout(r, url.searchParams.get('search') === 'slow' ? 50 : 1));
    }
    res.end();
    return;
  }
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'income-token');

describe('the revenue query pairs', () => {
  it('game first when given, then the range, then the report options; the export keeps only filters given', () => {
    expect(reportQueryString(rankParams({ start: '2026-11-01', end: '2026-11-07', by: 'player', limit: 20, game: 3 }))).toBe('game=3&start=2026-11-01&end=2026-11-07&by=player&limit=20');
    expect(reportQueryString(orderFilterParams({ status: 'refunded', search: '', start: '2026-11-01', ordering: '-amount_cny' }))).toBe('status=refunded&start=2026-11-01&ordering=-amount_cny');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the revenue calls over %s', (kind) => {
  it('overview, history, distribution and rank reach the REST routes with the same query and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.income.overview({ start: '2026-11-01', end: '2026-11-07', game: 3 })).resolves.toEqual(OVERVIEW);
    await expect(api.income.history({ start: '2026-11-06', end: '2026-11-07', compare: 'last_month' })).resolves.toEqual(HISTORY);
    await expect(api.income.distribution({ start: '2026-11-01', end: '2026-11-07', by: 'channel' })).resolves.toEqual(DISTRIBUTION);
    await expect(api.income.rank({ start: '2026-11-01', end: '2026-11-07', by: 'player', limit: 10 })).resolves.toEqual(RANK);
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/api/center_income/overview/?game=3&start=2026-11-01&end=2026-11-07',
      '/api/center_income/history/?start=2026-11-06&end=2026-11-07&compare=last_month',
      '/api/center_income/distribution/?start=2026-11-01&end=2026-11-07&by=channel',
      '/api/center_income/rank/?start=2026-11-01&end=2026-11-07&by=player&limit=10',
    ]);
    expect(seen.every((s) => s.method === 'GET' && s.auth === 'JWT income-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('an answer that does not fit the schema (a fractional amount) is a malformed answer, not a figure', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.income.overview({ start: '2026-11-01', end: '2026-11-07', game: 99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('format');
    expect(callbacks.notices).toHaveLength(1);
  });

  it('a refused report is an ApiError with the server message, toasted once', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.income.rank({ start: 'bad', end: '2026-11-07', by: 'game' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('start 必须是 YYYY-MM-DD');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['start 必须是 YYYY-MM-DD']);
  });

  it('the orders export streams over REST with bytes received and X-Export-Rows, under the list filters', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    const progress: Array<{ bytes: number; rows: number | null }> = [];
    const file = await api.income.exportOrders({ status: 'paid', game: 3 }, { onProgress: (p) => progress.push(p) });
    expect(file).toMatchObject({ name: '订单明细.xlsx', rows: 1234 });
    expect(file.blob.size).toBe(XLSX.length);
    expect(progress[0]).toEqual({ bytes: 0, rows: 1234 });
    expect(progress.at(-1)).toEqual({ bytes: XLSX.length, rows: 1234 });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((p, i) => i === 0 || p.bytes >= (progress[i - 1]?.bytes ?? 0))).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual(['GET /api/center_income/details/export/?game=3&status=paid']);
  });

  it('cancelling the export stops the read and rejects with an AbortError; nothing is toasted', async () => {
    const { api, callbacks } = adapter(kind);
    const controller = new AbortController();
    let last = 0;
    const error = await api.income
      .exportOrders(
        { search: 'slow' },
        {
          signal: controller.signal,
          onProgress: (p) => {
            last = p.bytes;
            if (p.bytes > 0) controller.abort();
          },
        },
      )
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(last).toBeLessThan(XLSX.length);
    expect(callbacks.notices).toEqual([]);
    await expect(api.income.exportOrders({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
