import {
  AD_ATTRIBUTION_WINDOW_DAYS,
  REPORT_CURRENCY,
  type AttributionQuery,
  type AttributionResult,
  type CampaignFigures,
  type PerformanceQuery,
  type PerformanceResult,
} from '../../../contracts/schemas';
import type { Db, Queryable } from '../../db/db';
import { exact, revenueOfPlayersQuery } from '../income/revenue';
import { analysisSettings, checkRange } from '../tracking/analysis-common';

/**
 * Attribution (last click), computed by query whenever it is read — never stored, so a click or a
 * register event that arrives late (or a different window) is counted the next time anyone asks:
 *
 * an install = a player's first `register` event in a game (player_registrations, kept at ingestion,
 * migration 046, with the event's `device_id`). It is attributed to the latest click (ad_clicks) of the
 * same device on a campaign of the same game with click time ≤ install time and ≥ install time −
 * window (ties: the later-recorded click); otherwise (no click, or no device id) it is organic.
 *
 * `installsSql` is the one definition: the attribution list and the campaign figures both read it.
 */

/**
 * SQL of the installs of [$1, $2) (timestamps) with their last click; $3 = window in days; optional game.
 * Set-based: the installs of the range and the clicks of [$1 − window, $2) joined by (game, device) and
 * the window (a hash join over the two small sets; both tables have a time index), the latest click per
 * install kept by DISTINCT ON. Run under analysisSettings (no nested loops, room for the hashes).
 */
function installsSql(gameParam: string | null): string {
  const game = (alias: string) => (gameParam ? ` AND ${alias}.game = ${gameParam}` : '');
  return `WITH ri AS (
      SELECT r.game, r.distinct_id, r.device_id, r.time, r.channel FROM player_registrations r
      WHERE r.time >= $1::timestamptz AND r.time < $2::timestamptz${game('r')}
    ), ki AS (
      SELECT k.id, k.game, k.campaign, k.channel, k.device_id, k.time FROM ad_clicks k
      WHERE k.time >= $1::timestamptz - make_interval(days => $3::int) AND k.time < $2::timestamptz${game('k')}
    ), last AS (
      SELECT DISTINCT ON (ri.game, ri.distinct_id) ri.game, ri.distinct_id, ki.campaign, ki.channel, ki.time
      FROM ri JOIN ki ON ki.game = ri.game AND ki.device_id = ri.device_id
      WHERE ri.device_id <> '' AND ki.time <= ri.time AND ki.time >= ri.time - make_interval(days => $3::int)
      ORDER BY ri.game, ri.distinct_id, ki.time DESC, ki.id DESC
    )
    SELECT ri.game, ri.distinct_id, ri.device_id, ri.time AS install_time, ri.channel AS reg_channel,
      last.campaign, last.channel AS click_channel, last.time AS click_time
    FROM ri LEFT JOIN last ON last.game = ri.game AND last.distinct_id = ri.distinct_id`;
}

/** A read with room for its hash joins and no nested loops, as the tracking analyses run. */
function read<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await analysisSettings(tx, '64MB');
    return fn(tx);
  });
}

/** The range's bounds as instants in the analytics time zone. */
async function bounds(db: Db, start: string, end: string, tz: string): Promise<{ lo: string; hi: string }> {
  checkRange(start, end);
  const [row] = await db.query<{ lo: string; hi: string }>(
    `SELECT to_char(($1::date::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS lo,
            to_char((($2::date + 1)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS hi`,
    [start, end, tz],
  );
  return { lo: row?.lo ?? '', hi: row?.hi ?? '' };
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

export async function attribution(db: Db, q: AttributionQuery, tz: string): Promise<AttributionResult> {
  const windowDays = q.window ?? AD_ATTRIBUTION_WINDOW_DAYS;
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  const { lo, hi } = await bounds(db, q.start, q.end, tz);
  const params: unknown[] = [lo, hi, windowDays];
  let gameParam: string | null = null;
  if (q.game !== undefined) {
    params.push(q.game);
    gameParam = `$${params.length}`;
  }
  // Filters other than `match` narrow the summary too; `match` only the rows.
  const conds: string[] = [];
  if (q.campaign !== undefined) {
    params.push(q.campaign);
    conds.push(`a.campaign = $${params.length}`);
  }
  if (q.channel !== undefined) {
    params.push(q.channel);
    conds.push(`coalesce(a.click_channel, a.reg_channel) = $${params.length}`);
  }
  if (q.device !== undefined) {
    params.push(q.device);
    conds.push(`a.device_id = $${params.length}`);
  }
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const matchCond = q.match === 'last_click' ? 'a.campaign IS NOT NULL' : q.match === 'organic' ? 'a.campaign IS NULL' : 'true';
  params.push(limit, (page - 1) * limit);
  const rows = await read(db, (tx) => tx.query<{
    kind: 's' | 'r';
    installs: string | null;
    attributed: string | null;
    total: string | null;
    game: number | null;
    game_name: string | null;
    distinct_id: string | null;
    device_id: string | null;
    install_time: Date | string | null;
    channel: string | null;
    campaign: number | null;
    campaign_name: string | null;
    click_time: Date | string | null;
  }>(
    `WITH a AS (${installsSql(gameParam)}), f AS (SELECT * FROM a ${where})
     SELECT 's' AS kind, count(*)::text AS installs, count(campaign)::text AS attributed, count(*) FILTER (WHERE ${matchCond.replace(/a\./g, '')})::text AS total,
       NULL::int AS game, NULL AS game_name, NULL AS distinct_id, NULL AS device_id, NULL::timestamptz AS install_time, NULL AS channel, NULL::int AS campaign, NULL AS campaign_name, NULL::timestamptz AS click_time
     FROM f
     UNION ALL
     SELECT * FROM (
       SELECT 'r', NULL, NULL, NULL, f.game, g.name, f.distinct_id, f.device_id, f.install_time, coalesce(f.click_channel, f.reg_channel), f.campaign, ac.name, f.click_time
       FROM f JOIN games g ON g.id = f.game LEFT JOIN ad_campaigns ac ON ac.id = f.campaign
       WHERE ${matchCond.replace(/a\./g, 'f.')}
       ORDER BY f.install_time DESC, f.game, f.distinct_id
       LIMIT $${params.length - 1} OFFSET $${params.length}
     ) page`,
    params,
  ));
  const s = rows.find((r) => r.kind === 's');
  const installs = exact(s?.installs);
  const attributed = exact(s?.attributed);
  return {
    start: q.start,
    end: q.end,
    window_days: windowDays,
    page,
    limit,
    total: exact(s?.total),
    summary: { installs, attributed, organic: installs - attributed },
    rows: rows
      .filter((r) => r.kind === 'r')
      .map((r) => ({
        game: r.game ?? 0,
        game_name: r.game_name ?? '',
        distinct_id: r.distinct_id ?? '',
        device_id: r.device_id ?? '',
        install_time: iso(r.install_time) ?? '',
        channel: r.channel ?? '',
        campaign: r.campaign,
        campaign_name: r.campaign_name,
        click_time: iso(r.click_time),
        match: r.campaign === null ? ('organic' as const) : ('last_click' as const),
      })),
  };
}

/** cpi and roas from the sums (cpi rounded to whole fen; roas to 4 decimals). */
export function figures(spend: number, clicks: number, installs: number, revenue: number): CampaignFigures {
  return {
    spend,
    clicks,
    installs,
    cpi: installs === 0 ? null : Math.round(spend / installs),
    revenue,
    roas: spend === 0 ? null : Math.round((revenue / spend) * 10_000) / 10_000,
  };
}

/**
 * The campaign figures of start..end (see contracts/schemas/advertisement): the campaigns whose period
 * overlaps start − window .. end (an install may follow its click by up to the window), one game or all.
 */
export async function performance(db: Db, q: PerformanceQuery, tz: string): Promise<PerformanceResult> {
  const windowDays = q.window ?? AD_ATTRIBUTION_WINDOW_DAYS;
  const { lo, hi } = await bounds(db, q.start, q.end, tz);
  const game = q.game ?? null;
  const campaigns = await db.query<{
    id: number;
    name: string;
    game: number;
    game_name: string;
    channel: string;
    status: 'active' | 'paused' | 'ended';
    budget: string;
    start_date: string;
    end_date: string;
    running: boolean;
  }>(
    `SELECT c.id, c.name, c.game, g.name AS game_name, c.channel, c.status, c.budget::text AS budget,
       to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
       (c.status = 'active' AND (now() AT TIME ZONE $4)::date BETWEEN c.start_date AND c.end_date) AS running
     FROM ad_campaigns c JOIN games g ON g.id = c.game
     WHERE c.end_date >= $1::date - $3::int AND c.start_date <= $2::date
       AND ($5::int IS NULL OR c.game = $5) AND ($6::int IS NULL OR c.id = $6)
     ORDER BY c.start_date DESC, c.id DESC`,
    [q.start, q.end, windowDays, tz, game, q.campaign ?? null],
  );
  const ids = campaigns.map((c) => c.id);
  const installParams: unknown[] = [lo, hi, windowDays];
  let gameParam: string | null = null;
  if (game !== null) {
    installParams.push(game);
    gameParam = '$4';
  }
  const baseParams = [...installParams];
  installParams.push(tz);
  const tzParam = `$${installParams.length}`;
  // One snapshot: spend and clicks per campaign and day; attributed installs per campaign and day (and the
  // organic ones, campaign NULL); the revenue of the attributed players (revenue.ts, over the same query).
  const { metrics, installRows, revenueBy } = await read(db, async (tx) => {
    const metrics = await tx.query<{ kind: 's' | 'c'; campaign: number | null; day: string; n: string }>(
      `SELECT 's' AS kind, campaign, to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::text AS n FROM ad_spend
         WHERE campaign = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date GROUP BY campaign, day
       UNION ALL
       SELECT 'c', campaign, to_char((time AT TIME ZONE $6)::date, 'YYYY-MM-DD'), count(*)::text FROM ad_clicks
         WHERE campaign = ANY($1::int[]) AND time >= $4::timestamptz AND time < $5::timestamptz GROUP BY 2, 3`,
      [ids, q.start, q.end, lo, hi, tz],
    );
    const installs = await tx.query<{ campaign: number | null; day: string; n: string }>(
      `SELECT campaign, to_char((install_time AT TIME ZONE ${tzParam})::date, 'YYYY-MM-DD') AS day, count(*)::text AS n FROM (${installsSql(gameParam)}) a GROUP BY 1, 2`,
      installParams,
    );
    const idsParam = `$${baseParams.length + 1}`;
    const revenueBy = await revenueOfPlayersQuery(
      tx,
      { start: q.start, end: q.end },
      `SELECT game, distinct_id AS player, campaign::text AS k FROM (${installsSql(gameParam)}) a WHERE campaign = ANY(${idsParam}::int[])`,
      [...baseParams, ids],
    );
    return { metrics, installRows: installs, revenueBy };
  });
  const per = new Map<number, { spend: number; clicks: number; installs: number }>(ids.map((id) => [id, { spend: 0, clicks: 0, installs: 0 }]));
  const days = new Map<string, { spend: number; clicks: number; installs: number }>();
  for (let t = Date.parse(`${q.start}T00:00:00Z`); t <= Date.parse(`${q.end}T00:00:00Z`); t += 86_400_000) days.set(new Date(t).toISOString().slice(0, 10), { spend: 0, clicks: 0, installs: 0 });
  for (const m of metrics) {
    const n = exact(m.n);
    const c = per.get(m.campaign ?? 0);
    const d = days.get(m.day);
    if (m.kind === 's') {
      if (c) c.spend += n;
      if (d) d.spend += n;
    } else {
      if (c) c.clicks += n;
      if (d) d.clicks += n;
    }
  }
  let organic = 0;
  for (const a of installRows) {
    const n = exact(a.n);
    if (a.campaign === null) {
      organic += n;
      continue;
    }
    const c = per.get(a.campaign);
    if (!c) continue;
    c.installs += n;
    const d = days.get(a.day);
    if (d) d.installs += n;
  }
  let spend = 0;
  let clicks = 0;
  let installs = 0;
  let revenue = 0;
  const rows = campaigns.map((c) => {
    const m = per.get(c.id) ?? { spend: 0, clicks: 0, installs: 0 };
    const rev = revenueBy.get(String(c.id))?.revenue ?? 0;
    spend += m.spend;
    clicks += m.clicks;
    installs += m.installs;
    revenue += rev;
    return {
      campaign: c.id,
      name: c.name,
      game: c.game,
      game_name: c.game_name,
      channel: c.channel,
      status: c.status,
      budget: exact(c.budget),
      start_date: c.start_date,
      end_date: c.end_date,
      running: c.running,
      ...figures(m.spend, m.clicks, m.installs, rev),
    };
  });
  return {
    start: q.start,
    end: q.end,
    game,
    window_days: windowDays,
    currency: REPORT_CURRENCY,
    campaigns: rows,
    totals: { ...figures(spend, clicks, installs, revenue), organic_installs: organic },
    days: [...days.entries()].map(([day, d]) => ({ day, ...d })),
  };
}
