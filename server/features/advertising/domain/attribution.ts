import {
  AD_ATTRIBUTION_WINDOW_DAYS,
  REPORT_CURRENCY,
  type AttributionQuery,
  type AttributionResult,
  type AttributionRow,
  type CampaignFigures,
  type CampaignInstallsExportQuery,
  type PerformanceQuery,
  type PerformanceResult,
} from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { exact, revenueOfPlayersQuery } from '../../../domain/analytics/revenue';
import { checkRange } from '../../../domain/analytics/day-range';
import { readReport } from '../../../domain/analytics/report-read';

/**
 * Attribution (last click): an install = a player's first `register` event in a game
 * (player_registrations, kept at ingestion, migration 046, with the event's `device_id`). It is
 * attributed to the latest click (ad_clicks) of the same device on a campaign of the same game with
 * click time ≤ install time and ≥ install time − window (ties: the later-recorded click); otherwise (no
 * click, or no device id) it is organic.
 *
 * Stored per install, window-free: ad_installs (migration 056) holds every install with its latest click
 * within the largest window (30 days), kept by triggers as registrations and clicks arrive (a late click,
 * an earlier register event, a deleted campaign). The last click within a window w ≤ 30 is that click when
 * it lies within w, and none otherwise, so the window is applied here, when read: a window change rewrites
 * nothing and is never stale. `installsSql` is the one definition: the attribution list and the campaign
 * figures both read it.
 */

/**
 * SQL of the installs of [$1, $2) (timestamps) with their last click within $3 days; optional game.
 * Reads ad_installs by its time index (one row per install; no join of raw clicks).
 */
function installsSql(gameParam: string | null): string {
  const inWindow = 'i.click_time >= i.install_time - make_interval(days => $3::int)';
  return `SELECT i.game, i.distinct_id, i.device_id, i.install_time, i.reg_channel,
      CASE WHEN ${inWindow} THEN i.campaign END AS campaign,
      CASE WHEN ${inWindow} THEN i.click_channel END AS click_channel,
      CASE WHEN ${inWindow} THEN i.click_time END AS click_time
    FROM ad_installs i
    WHERE i.install_time >= $1::timestamptz AND i.install_time < $2::timestamptz${gameParam ? ` AND i.game = ${gameParam}` : ''}`;
}

/** A read with room for its hash joins and no nested loops, as the tracking analyses run. */
/** One report read (server/domain/analytics/report-read.ts): one snapshot, the report settings. */
const read = readReport;

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
    // One statement (one snapshot): the summary over the range, and the page walked down the time index
    // of ad_installs (ORDER BY matches it), the names joined to the page's rows only.
    `SELECT 's' AS kind, count(*)::text AS installs, count(a.campaign)::text AS attributed, count(*) FILTER (WHERE ${matchCond})::text AS total,
       NULL::int AS game, NULL AS game_name, NULL AS distinct_id, NULL AS device_id, NULL::timestamptz AS install_time, NULL AS channel, NULL::int AS campaign, NULL AS campaign_name, NULL::timestamptz AS click_time
     FROM (${installsSql(gameParam)}) a ${where}
     UNION ALL
     SELECT * FROM (
       SELECT 'r', NULL, NULL, NULL, p.game, g.name, p.distinct_id, p.device_id, p.install_time, coalesce(p.click_channel, p.reg_channel), p.campaign, ac.name, p.click_time
       FROM (
         SELECT a.* FROM (${installsSql(gameParam)}) a WHERE ${[...conds, matchCond].join(' AND ')}
         ORDER BY a.install_time DESC, a.game, a.distinct_id
         LIMIT $${params.length - 1} OFFSET $${params.length}
       ) p JOIN games g ON g.id = p.game LEFT JOIN ad_campaigns ac ON ac.id = p.campaign
       ORDER BY p.install_time DESC, p.game, p.distinct_id
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

/**
 * The installs behind a campaign's installs figure (广告计划's drill-down): `installsSql` of the range
 * (and game) with the window, narrowed to the campaign, and the campaign only when its period overlaps
 * start − window .. end — exactly what `performance` counts for it, so `total` is its `installs`.
 * Newest first; `paging` null gives every row (the export).
 */
export async function campaignInstalls(
  db: Db,
  q: CampaignInstallsExportQuery,
  tz: string,
  paging: { page: number; limit: number } | null,
): Promise<{ total: number; window_days: number; rows: AttributionRow[] }> {
  const windowDays = q.window ?? AD_ATTRIBUTION_WINDOW_DAYS;
  const { lo, hi } = await bounds(db, q.start, q.end, tz);
  const params: unknown[] = [lo, hi, windowDays];
  let gameParam: string | null = null;
  if (q.game !== undefined) {
    params.push(q.game);
    gameParam = `$${params.length}`;
  }
  params.push(q.campaign, q.start, q.end);
  const [c, s, e] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  const mine = `SELECT a.* FROM (${installsSql(gameParam)}) a JOIN ad_campaigns c ON c.id = a.campaign
    WHERE a.campaign = ${c}::int AND c.end_date >= ${s}::date - $3::int AND c.start_date <= ${e}::date`;
  let pageSql = '';
  if (paging) {
    params.push(paging.limit, (paging.page - 1) * paging.limit);
    pageSql = ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const rows = await read(db, (tx) => tx.query<{
    kind: 's' | 'r';
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
    // One statement (one snapshot): the count, and the page with the names joined to its rows only.
    `SELECT 's' AS kind, count(*)::text AS total, NULL::int AS game, NULL AS game_name, NULL AS distinct_id, NULL AS device_id,
       NULL::timestamptz AS install_time, NULL AS channel, NULL::int AS campaign, NULL AS campaign_name, NULL::timestamptz AS click_time
     FROM (${mine}) m
     UNION ALL
     SELECT * FROM (
       SELECT 'r', NULL, p.game, g.name, p.distinct_id, p.device_id, p.install_time, coalesce(p.click_channel, p.reg_channel), p.campaign, ac.name, p.click_time
       FROM (${mine} ORDER BY a.install_time DESC, a.game, a.distinct_id${pageSql}) p
       JOIN games g ON g.id = p.game LEFT JOIN ad_campaigns ac ON ac.id = p.campaign
       ORDER BY p.install_time DESC, p.game, p.distinct_id
     ) page`,
    params,
  ));
  return {
    total: exact(rows.find((r) => r.kind === 's')?.total),
    window_days: windowDays,
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
        match: 'last_click' as const,
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
