import { RETENTION_CURVE_DAYS, RETENTION_DAYS, type RetentionQuery, type RetentionResult } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { daysOf, plusDays } from '../../../domain/analytics/day-range';
import { rate, retentionCounts } from '../../../domain/analytics/retention';

/**
 * Cohort retention (menu center_users/retention): ONE read, `retentionCounts()` (the rollups of
 * migration 046, server/domain/analytics/retention.ts), which the data reports share for their d1/d7.
 * Definitions: contracts/schemas/players/index.ts.
 */

type Key = '1' | '3' | '7' | '14' | '30';
const KEYS = RETENTION_DAYS.map(String) as Key[];

/** GET /api/center_users/retention/: the cohort matrix, its weighted total and the 1..30 curve. */
export async function retention(db: Db, tz: string, q: RetentionQuery): Promise<RetentionResult> {
  const t = await retentionCounts(db, tz, q);
  const known = (day: string, n: number) => plusDays(day, n) <= t.today;
  const curve = Array.from({ length: RETENTION_CURVE_DAYS }, (_, i) => ({ n: i + 1, players: 0, retained: 0, retention: null as number | null }));
  let players = 0;
  const cohorts = daysOf(q.start, q.end).map((day) => {
    const e = t.days.get(day) ?? { players: 0, retained: new Array<number>(RETENTION_CURVE_DAYS + 1).fill(0) };
    players += e.players;
    for (const p of curve) {
      if (!known(day, p.n)) continue;
      p.players += e.players;
      p.retained += e.retained[p.n] ?? 0;
    }
    const retained = Object.fromEntries(KEYS.map((k) => [k, e.retained[Number(k)] ?? 0])) as Record<Key, number>;
    const retention = Object.fromEntries(KEYS.map((k) => [k, known(day, Number(k)) ? rate(retained[k], e.players) : null])) as Record<Key, number | null>;
    return { day, players: e.players, retention, retained };
  });
  for (const p of curve) p.retention = rate(p.retained, p.players);
  const at = (k: Key) => curve[Number(k) - 1] ?? { retained: 0, retention: null };
  return {
    start: q.start,
    end: q.end,
    game: q.game ?? null,
    channel: q.channel ?? null,
    today: t.today,
    cohorts,
    total: {
      players,
      retention: Object.fromEntries(KEYS.map((k) => [k, at(k).retention])) as Record<Key, number | null>,
      retained: Object.fromEntries(KEYS.map((k) => [k, at(k).retained])) as Record<Key, number>,
    },
    curve,
    channels: t.channels,
  };
}
