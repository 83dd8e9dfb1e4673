import { z } from 'zod';
import { analysisDay } from './funnel';

/**
 * Session analysis (menu data_embed/sessions): GET /api/data_embed/sessions/ and its export.
 * A session, per game and player: starts at session_start, or at an event 30 minutes or more after the
 * previous one (or after a session_end); ends at session_end or at its last event before such a gap.
 * Events sent at most 60 s before a session_start (no session_end between) belong to the session it opens
 * (server/domain/analytics/session-rule.ts): a login just before its session_start is never a session of its own.
 * Length = last − first event time. Counted on the day (analytics time zone) it starts.
 */

export const sessionsQuery = z.object({
  start: analysisDay('start'),
  end: analysisDay('end'),
  game: z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' }).optional(),
  /** 1: days whose events moved since they were computed are computed again before the answer (else the answer is as kept, and they are recomputed in the background). */
  fresh: z.enum(['0', '1'], { error: 'fresh 只能是 0 或 1' }).optional(),
});
export type SessionsQuery = z.infer<typeof sessionsQuery>;

export const sessionsExportQuery = sessionsQuery.extend({
  /** Which table the file holds: by day (default) or by game. */
  table: z.enum(['days', 'games'], { error: 'table 只能是 days 或 games' }).optional(),
});

/** Histogram buckets (seconds): <1m, 1-5m, 5-15m, 15-30m, 30-60m, ≥60m. */
export const SESSION_BUCKETS: ReadonlyArray<readonly [number, number | null]> = [
  [0, 60],
  [60, 300],
  [300, 900],
  [900, 1800],
  [1800, 3600],
  [3600, null],
];

const figures = {
  sessions: z.number().int().min(0),
  /** Mean length in seconds (0 without sessions). */
  avg_seconds: z.number().min(0),
  /** Median length in seconds (0 without sessions). */
  median_seconds: z.number().min(0),
};

export const sessionsResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  /**
   * Present when some days of the range were answered from sessions computed before their latest
   * events (they are being recomputed in the background; ask again, or with fresh=1): when the oldest
   * of those was computed (ISO).
   */
  computed_at: z.string().optional(),
  ...figures,
  /** Distinct players (per game) with a session. */
  players: z.number().int().min(0),
  /** Events per session (0 without sessions). */
  events_per_session: z.number().min(0),
  histogram: z.array(z.object({ from_seconds: z.number().int(), to_seconds: z.number().int().nullable(), sessions: z.number().int().min(0) })).length(SESSION_BUCKETS.length),
  /** Every day of the range, in order (days without sessions have zeros). */
  days: z.array(z.object({ day: z.string(), ...figures, events_per_session: z.number().min(0) })),
  /** Games with sessions, most sessions first. */
  games: z.array(z.object({ game: z.number().int(), game_name: z.string(), ...figures, players: z.number().int().min(0) })),
});
export type SessionsResult = z.infer<typeof sessionsResult>;
