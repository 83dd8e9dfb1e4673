import { describe, expect, it } from 'vitest';
import { attributionResult, performanceResult } from '../../contracts/schemas';
import type { TestServer } from '../testing';
import { call, expectData, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';

/**
 * The simulator's advertising (advertisement/*) in the first-start sample (SAMPLE_EVENTS=on):
 * campaigns on the ad channels of every simulated game with spend and clicks, installs attributed and
 * organic; the campaign figures agree with SQL over the raw clicks, spend and registrations.
 */
describe('first-start sample: ad campaigns, spend and clicks', () => {
  let srv: TestServer;
  let token: string;
  suiteServer(['superadmin'], (s) => ({ srv, tokens: [token] } = s), { env: { SAMPLE_EVENTS: 'on' } }, SERVER_TIMEOUT_MS * 2);

  it('three campaigns per game, spend every day, clicks before installs; figures equal SQL over the raw rows', async () => {
    const [counts] = await srv.query<{ campaigns: number; games: number; clicks: number; spend_days: number; live: number }>(
      `SELECT (SELECT count(*)::int FROM ad_campaigns) AS campaigns, (SELECT count(DISTINCT game)::int FROM ad_campaigns) AS games,
              (SELECT count(*)::int FROM ad_clicks) AS clicks, (SELECT count(*)::int FROM ad_spend) AS spend_days,
              (SELECT count(*)::int FROM ad_clicks WHERE device_id LIKE 'dev-live-%') AS live`,
    );
    expect(counts).toMatchObject({ campaigns: 9, games: 3, live: 9 });
    expect(counts?.clicks).toBeGreaterThan(100);
    expect(counts?.spend_days).toBeGreaterThan(9 * 14);
    const [{ today = '', start = '' } = {}] = await srv.query<{ today: string; start: string }>(
      `SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS today, to_char((now() AT TIME ZONE 'Asia/Shanghai')::date - 15, 'YYYY-MM-DD') AS start`,
    );
    const perf = expectData(await call(srv, `/api/advertisement/campaign/performance/?start=${start}&end=${today}`, { token }), performanceResult);
    // Independent SQL: attributed installs per campaign by a correlated subquery (last click within 7 days).
    const raw = await srv.query<{ campaign: number; installs: number }>(
      `SELECT x.campaign, count(*)::int AS installs FROM (
         SELECT (SELECT k.campaign FROM ad_clicks k WHERE k.game = r.game AND k.device_id = r.device_id AND k.time <= r.time AND k.time >= r.time - interval '7 days'
                 ORDER BY k.time DESC, k.id DESC LIMIT 1) AS campaign
         FROM player_registrations r
         WHERE (r.time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date AND r.device_id <> '') x
       WHERE x.campaign IS NOT NULL GROUP BY x.campaign`,
      [start, today],
    );
    const spend = await srv.query<{ campaign: number; s: string }>('SELECT campaign, sum(amount)::text AS s FROM ad_spend WHERE day BETWEEN $1::date AND $2::date GROUP BY campaign', [start, today]);
    expect(perf.campaigns).toHaveLength(9);
    for (const c of perf.campaigns) {
      expect(c.installs, c.name).toBe(raw.find((r) => r.campaign === c.campaign)?.installs ?? 0);
      expect(c.spend, c.name).toBe(Number(spend.find((r) => r.campaign === c.campaign)?.s ?? 0));
    }
    expect(perf.totals.installs).toBeGreaterThan(10);
    expect(perf.totals.organic_installs).toBeGreaterThan(10);
    expect(perf.totals.revenue).toBeGreaterThan(0);
    const att = expectData(await call(srv, `/api/advertisement/attribution/?start=${start}&end=${today}&limit=5`, { token }), attributionResult);
    expect(att.summary.attributed).toBe(perf.totals.installs);
    expect(att.summary.organic).toBe(perf.totals.organic_installs);
  });
});
