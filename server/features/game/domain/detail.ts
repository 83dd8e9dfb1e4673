import type { Db } from '../../../db/db';
import { GAME_FROM, GAME_SELECT, gameView } from '../resources/game';
import { RELEASE_FROM, RELEASE_SELECT, releaseView } from '../resources/release';
import { dt } from '../../../domain/crud/resource';
import { revenue } from '../../../domain/analytics/revenue';

/**
 * One game of any kind with what the detail page's tabs show: the current release, release counts,
 * the channels it ships to (per channel the current release when it ships there, else the newest
 * published one), its gift codes, and a revenue/players summary (from the one revenue
 * function, so it agrees with center_income/*: revenue today and over the last 30 days, active and paying
 * players of those 30 days, days in the analytics time zone `tz`). Null when the game does not exist.
 */
export async function gameDetail(db: Db, id: number, tz = 'Asia/Shanghai') {
  const rows = await db.query(`SELECT ${GAME_SELECT} FROM ${GAME_FROM} WHERE t.id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  const game = gameView(row);
  const [current, releases, channels, codes, summary] = await Promise.all([
    game.current_release === null ? Promise.resolve([]) : db.query(`SELECT ${RELEASE_SELECT} FROM ${RELEASE_FROM} WHERE t.id = $1`, [game.current_release]),
    db.query<{ total: number; published: number; drafts: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status <> 'draft')::int AS published, count(*) FILTER (WHERE status = 'draft')::int AS drafts
       FROM game_releases WHERE game = $1`,
      [id],
    ),
    db.query<{ channel: string; version: string; build: number; release_time: Date; is_current: boolean }>(
      `SELECT DISTINCT ON (ch.channel) ch.channel, r.version, r.build, r.release_time, (r.id = g.current_release) AS is_current
       FROM game_releases r JOIN games g ON g.id = r.game, jsonb_array_elements_text(r.channels) AS ch(channel)
       WHERE r.game = $1 AND r.status = 'published'
       ORDER BY ch.channel, (r.id = g.current_release) DESC, r.build DESC`,
      [id],
    ),
    db.query<{ batches: number; total: number; redeemed: number; active_batches: number }>(
      `SELECT count(*)::int AS batches, COALESCE(sum(count), 0)::int AS total, COALESCE(sum(redeemed), 0)::int AS redeemed,
         count(*) FILTER (WHERE status = 'active' AND start_time <= now() AND end_time > now())::int AS active_batches
       FROM gift_code_batches WHERE game = $1`,
      [id],
    ),
    gameSummary(db, id, tz),
  ]);
  return {
    ...game,
    current: current[0] ? releaseView(current[0]) : null,
    releases: releases[0] ?? { total: 0, published: 0, drafts: 0 },
    channels: channels.map((c) => ({ channel: c.channel, version: c.version, build: c.build, release_time: dt(c.release_time), is_current: c.is_current === true })),
    codes: codes[0] ?? { batches: 0, total: 0, redeemed: 0, active_batches: 0 },
    summary,
  };
}

/** The detail's revenue and players: revenue() for today and the last 30 days (today included). */
async function gameSummary(db: Db, game: number, tz: string) {
  const [day] = await db.query<{ today: string; from: string }>(
    `SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS today, to_char((now() AT TIME ZONE $1)::date - 29, 'YYYY-MM-DD') AS from`,
    [tz],
  );
  const today = day?.today ?? new Date().toISOString().slice(0, 10);
  const [d1, d30] = await Promise.all([revenue(db, { start: today, end: today, game }, 'total', { active: false }), revenue(db, { start: day?.from ?? today, end: today, game }, 'total')]);
  const t = d1.get('');
  const m = d30.get('');
  return { revenue_today: t?.revenue ?? 0, revenue_30d: m?.revenue ?? 0, players: m?.active_players ?? 0, paying_players: m?.paying_players ?? 0, currency: 'CNY' };
}

/** What /preview shows of an H5 game, found by its code (case-insensitive); null when no H5 game has it. */
export async function h5Preview(db: Db, code: string) {
  const rows = await db.query<{ id: number; code: string; name: string; url: string; icon: string | null; status: string; version: string | null; build: number | null }>(
    `SELECT t.id, t.code, t.name, t.url, t.icon, t.status, cr.version, cr.build
     FROM games t LEFT JOIN game_releases cr ON cr.id = t.current_release
     WHERE t.kind = 'h5' AND lower(t.code) = lower($1)`,
    [code.trim()],
  );
  return rows[0] ?? null;
}
