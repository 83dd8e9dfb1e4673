import type { Queryable } from '../../../db/db';

/**
 * Test support (player upkeep): what the players' kept tables should hold, computed independently from
 * the raw events alone (no orders), each compared both ways with the kept table. Returns the differing
 * rows per table (all empty when the upkeep is exact: nothing missing, nothing counted twice).
 */
export async function keptVersusRaw(db: Pick<Queryable, 'query'>, tz: string): Promise<Record<string, unknown[]>> {
  const both = (kept: string, raw: string) => `(${kept} EXCEPT ALL ${raw}) UNION ALL (${raw} EXCEPT ALL ${kept})`;
  const active = `SELECT DISTINCT game, (time AT TIME ZONE '${tz}')::date AS day, distinct_id FROM tracking_events`;
  const regs = `SELECT DISTINCT ON (game, distinct_id) game, distinct_id, time, COALESCE(properties->>'channel', '') AS channel FROM tracking_events WHERE event = 'register' ORDER BY game, distinct_id, time`;
  const cohorts = `SELECT a.game, a.distinct_id, min(a.day) AS day, COALESCE(min(r.channel), '') AS channel FROM (${active}) a LEFT JOIN (${regs}) r USING (game, distinct_id) GROUP BY 1, 2`;
  const devEvents = `SELECT properties->>'device_id' AS device_id, game, distinct_id, time FROM tracking_events WHERE event IN ('register', 'login') AND jsonb_typeof(properties->'device_id') = 'string' AND properties->>'device_id' <> ''`;
  const q = {
    active_days: both('SELECT game, day, distinct_id::text FROM player_active_days', `SELECT game, day, distinct_id::text FROM (${active}) a`),
    registrations: both('SELECT game, distinct_id::text, time, channel::text FROM player_registrations', `SELECT game, distinct_id::text, time, channel FROM (${regs}) r`),
    cohorts: both('SELECT game, distinct_id::text, day, channel::text FROM player_cohorts', `SELECT game, distinct_id::text, day, channel FROM (${cohorts}) c`),
    cohort_daily: both('SELECT game, day, channel::text, players FROM cohort_daily WHERE players <> 0', `SELECT game, day, channel, count(*)::int FROM (${cohorts}) c GROUP BY 1, 2, 3`),
    retention_daily: both(
      'SELECT game, day, channel::text, n::int, retained FROM retention_daily WHERE retained <> 0',
      `SELECT c.game, c.day, c.channel, (a.day - c.day)::int, count(*)::int FROM (${cohorts}) c JOIN (${active}) a ON a.game = c.game AND a.distinct_id = c.distinct_id AND a.day > c.day AND a.day <= c.day + 30 GROUP BY 1, 2, 3, 4`,
    ),
    devices: both(
      'SELECT device_id::text, first_seen, last_seen, accounts FROM player_devices',
      `SELECT device_id, min(time), max(time), count(DISTINCT (game, distinct_id))::int FROM (${devEvents}) d GROUP BY 1`,
    ),
    device_accounts: both(
      'SELECT device_id::text, game, distinct_id::text, first_seen, last_seen FROM device_accounts',
      `SELECT device_id, game, distinct_id, min(time), max(time) FROM (${devEvents}) d GROUP BY 1, 2, 3`,
    ),
    accounts: both(
      'SELECT distinct_id::text, first_day, last_day, games FROM player_accounts',
      `SELECT distinct_id::text, min(day), max(day), count(DISTINCT game)::int FROM (${active}) a GROUP BY 1`,
    ),
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(q)) out[name] = await db.query(sql);
  return out;
}

/** keptVersusRaw's answer when everything agrees. */
export const ALL_AGREE = { active_days: [], registrations: [], cohorts: [], cohort_daily: [], retention_daily: [], devices: [], device_accounts: [], accounts: [] };
