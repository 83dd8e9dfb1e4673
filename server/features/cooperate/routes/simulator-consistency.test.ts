import { describe, expect, it } from 'vitest';
import { distributionResult, gameDetail, historyResult, overviewResult, partnerOverviewResult, settlementResult } from '../../../../contracts/schemas';
import type { TestServer } from '../../../testing';
import { call, expectData, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';

/**
 * Every figure agrees with its rows on simulator data (the first-start sample, SAMPLE_EVENTS=on: events and payment
 * callbacks through the real APIs): the revenue of one month per game, computed here by SQL over the
 * raw orders table, equals the revenue overview (per game and in all), the history totals, the
 * distribution by game, the partner reports (each game's line) and the partner KPIs; and the game
 * detail page shows the overview's 30-day revenue.
 */
describe('one revenue on every screen, on simulator data', () => {
  let srv: TestServer;
  let token: string;
  suiteServer(['superadmin'], (s) => ({ srv, tokens: [token] } = s), { env: { SAMPLE_EVENTS: 'on' } }, SERVER_TIMEOUT_MS * 2);
  const get = async <S extends Parameters<typeof expectData>[1]>(path: string, schema: S) => expectData(await call(srv, path, { token }), schema);

  it('overview = history = distribution = partner reports = partner KPIs = SQL over orders, per game and in all; game detail = overview', async () => {
    const [d] = await srv.query<{ today: string; month: string; first: string; from30: string }>(
      `SELECT to_char(t, 'YYYY-MM-DD') AS today, to_char(t, 'YYYY-MM') AS month, to_char(date_trunc('month', t), 'YYYY-MM-DD') AS first, to_char(t - 29, 'YYYY-MM-DD') AS from30
       FROM (SELECT (now() AT TIME ZONE 'Asia/Shanghai')::date AS t) x`,
    );
    if (!d) throw new Error('no date');
    // This month (so far) and the last 30 days: both hold simulator orders.
    for (const [start, end, month] of [[d.first, d.today, d.month] as const, [d.from30, d.today, null] as const]) {
      const raw = await srv.query<{ game: number; revenue: string }>(
        `SELECT game, (coalesce(sum(amount_cny) FILTER (WHERE (time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date), 0)
                     - coalesce(sum(amount_cny) FILTER (WHERE (refund_time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date), 0))::text AS revenue
         FROM orders GROUP BY game ORDER BY game`,
        [start, end],
      );
      const byGame = new Map(raw.map((r) => [r.game, Number(r.revenue)]));
      const total = [...byGame.values()].reduce((s, v) => s + v, 0);
      expect(raw.length, 'the sample has orders').toBeGreaterThan(0);
      const q = `start=${start}&end=${end}`;
      expect((await get(`/api/center_income/overview/?${q}`, overviewResult)).revenue).toBe(total);
      expect((await get(`/api/center_income/history/?${q}`, historyResult)).totals.revenue).toBe(total);
      const dist = await get(`/api/center_income/distribution/?${q}&by=game`, distributionResult);
      expect(dist.total.revenue).toBe(total);
      const kpis = await get(`/api/cooperate/overview/?${q}`, partnerOverviewResult);
      expect(kpis.total.revenue).toBe(total);
      expect(kpis.partners.reduce((s, p) => s + p.revenue, 0)).toBe(total);
      for (const [game, revenue] of byGame) {
        expect((await get(`/api/center_income/overview/?${q}&game=${game}`, overviewResult)).revenue, `game ${game}`).toBe(revenue);
        expect(dist.rows.find((r) => r.key === String(game))?.revenue ?? 0, `game ${game}`).toBe(revenue);
      }
      if (month) {
        const rep = await get(`/api/cooperate/reports/?month=${month}`, settlementResult);
        const lines = new Map(rep.partners.flatMap((p) => p.games).map((l) => [l.game, l.revenue]));
        const [own] = await srv.query<{ ids: number[] | null }>('SELECT array_agg(id) AS ids FROM games WHERE partner IS NULL');
        const ownGames = new Set(own?.ids ?? []);
        for (const [game, revenue] of byGame) if (!ownGames.has(game)) expect(lines.get(game), `report line of game ${game}`).toBe(revenue);
        expect(rep.partners.reduce((s, p) => s + p.totals.revenue, 0)).toBe([...byGame].filter(([g]) => !ownGames.has(g)).reduce((s, [, v]) => s + v, 0));
      } else {
        for (const [game, revenue] of byGame) expect((await get(`/api/game/detail/${game}/`, gameDetail)).summary.revenue_30d, `detail of game ${game}`).toBe(revenue);
      }
    }
  });

  it('the sample sets the simulated games\' partners a rate through the API and locks one month of the first', async () => {
    const [r] = await srv.query<{ rates: number; partners: number; locks: number; lines: number }>(
      `SELECT (SELECT count(*)::int FROM partner_share_rates) AS rates, (SELECT count(DISTINCT partner)::int FROM partner_share_rates) AS partners,
              (SELECT count(*)::int FROM settlement_locks) AS locks, (SELECT count(*)::int FROM settlement_lines) AS lines`,
    );
    expect(r?.partners).toBeGreaterThan(0);
    expect(r?.rates).toBe((r?.partners ?? 0) + 1);
    expect(r?.locks).toBe(1);
    expect(r?.lines).toBeGreaterThan(0);
  });
});
