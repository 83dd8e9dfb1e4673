// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { partnerOverviewResult, partnerSettlement, rateList, settlementResult, shareRate } from '../../../../contracts/schemas/cooperate';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { settlementParams } from './cooperate';
import { ApiError } from '../../../adapters/errors';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the partners' port (cooperate/*) over both
 * adapters. The upstream is a stand-in answering in the shapes of contracts/schemas/cooperate (each
 * answer parsed by its schema first) and recording what reached it; the GraphQL adapter goes through
 * the real gateway code (executeGateway) mounted on that stand-in, as the reference server mounts it.
 * The server side is tested in server/routes/cooperate/settlements.test.ts.
 */

const LINE = { game: 3, game_name: '星穹远征', gross: 124_800, refunds: 6_000, revenue: 118_800, orders: 12, refund_orders: 1, rate_bp: 7000, partner_amount: 83_160, platform_amount: 35_640 };
const { game: _g, game_name: _n, rate_bp: _r, ...TOTALS } = LINE;
const SETTLEMENT = partnerSettlement.parse({ partner: 2, partner_name: '星河互娱', month: '2026-10', rate_bp: 7000, rate_set: true, locked: true, locked_at: '2026-11-02T03:00:00Z', locked_by: '管理员', games: [LINE], totals: TOTALS });
const REPORTS = settlementResult.parse({ month: '2026-10', start: '2026-10-01', end: '2026-10-31', currency: 'CNY', partners: [SETTLEMENT] });
const OVERVIEW = partnerOverviewResult.parse({
  start: '2026-11-01',
  end: '2026-11-07',
  currency: 'CNY',
  total: { revenue: 118_800, players: 120, games: 4 },
  partners: [{ partner: 2, partner_name: '星河互娱', status: true, games: 3, players: 120, paying_players: 9, revenue: 118_800, gross: 124_800, refunds: 6_000, share: 1, rate_bp: 7000 }],
});
const RATE = shareRate.parse({ id: 5, partner: 2, effective_month: '2026-12', rate_bp: 6500, note: '续约', create_datetime: '2026-11-20T02:00:00Z' });
const RATES = rateList.parse([RATE]);
const XLSX = Buffer.alloc(30_000, 5);

const upstream = standInUpstream(executeGateway, ({ url, body: text, req: incoming }, { ok, refuse, res }) => {
  if (url.searchParams.get('month') === 'bad') return refuse('month 必须是 YYYY-MM');
  if (url.pathname === '/api/cooperate/overview/') return ok(OVERVIEW);
  if (url.pathname === '/api/cooperate/reports/') return ok(url.searchParams.get('partner') === '99' ? { ...REPORTS, currency: 'USD' } : REPORTS);
  if (url.pathname === '/api/cooperate/reports/rates/' && incoming.method === 'GET') return ok(RATES);
  if (url.pathname === '/api/cooperate/reports/rates/' && incoming.method === 'POST') return ok(RATE);
  if (url.pathname === '/api/cooperate/reports/lock/') {
    const b = JSON.parse(text) as { month: string };
    if (b.month === '2026-11') return refuse('2026-11 尚未结束，只能锁定已结束的月份');
    return ok(SETTLEMENT);
  }
  if (url.pathname === '/api/cooperate/reports/export/') {
    res.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('合作报表-2026-10.xlsx')}`,
      'x-export-rows': '2',
    });
    res.end(XLSX);
    return;
  }
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'coop-token');

describe('the partner query pairs', () => {
  it('month first, then the partner when given', () => {
    expect(reportQueryString(settlementParams({ month: '2026-10', partner: 2 }))).toBe('month=2026-10&partner=2');
    expect(reportQueryString(settlementParams({ month: '2026-10' }))).toBe('month=2026-10');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the partner calls over %s', (kind) => {
  it('overview, settlements and rates reach the REST routes with the same query and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.cooperate.overview({ start: '2026-11-01', end: '2026-11-07' })).resolves.toEqual(OVERVIEW);
    await expect(api.cooperate.settlements({ month: '2026-10', partner: 2 })).resolves.toEqual(REPORTS);
    await expect(api.cooperate.shareRates(2)).resolves.toEqual(RATES);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /api/cooperate/overview/?start=2026-11-01&end=2026-11-07',
      'GET /api/cooperate/reports/?month=2026-10&partner=2',
      'GET /api/cooperate/reports/rates/?partner=2',
    ]);
    expect(seen.every((s) => s.auth === 'JWT coop-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('setting a rate and locking a month POST their JSON bodies and answer the schema shapes', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    await expect(api.cooperate.setShareRate({ partner: 2, effective_month: '2026-12', rate_bp: 6500, note: '续约' })).resolves.toEqual(RATE);
    await expect(api.cooperate.lockSettlement(2, '2026-10')).resolves.toEqual(SETTLEMENT);
    expect(seen.map((s) => [s.method, s.path, JSON.parse(s.body) as unknown])).toEqual([
      ['POST', '/api/cooperate/reports/rates/', { partner: 2, effective_month: '2026-12', rate_bp: 6500, note: '续约' }],
      ['POST', '/api/cooperate/reports/lock/', { partner: 2, month: '2026-10' }],
    ]);
  });

  it('a refused lock is an ApiError with the server message, toasted once; a drifted answer is malformed', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.cooperate.lockSettlement(2, '2026-11').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('2026-11 尚未结束，只能锁定已结束的月份');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['2026-11 尚未结束，只能锁定已结束的月份']);
    const drift = await api.cooperate.settlements({ month: '2026-10', partner: 99 }).catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
  });

  it('the export comes over REST as a file with its row count', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    const file = await api.cooperate.exportSettlements({ month: '2026-10' });
    expect(file).toMatchObject({ name: '合作报表-2026-10.xlsx', rows: 2 });
    expect(file.blob.size).toBe(XLSX.length);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual(['GET /api/cooperate/reports/export/?month=2026-10']);
  });
});
