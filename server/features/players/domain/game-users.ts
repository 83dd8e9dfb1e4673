import {
  ACCOUNT_PAGE_MAX,
  ACCOUNT_SESSION_GAP_SECONDS,
  GAME_USER_ORDERINGS,
  type GameUserDetail,
  type GameUserDevices,
  type GameUserRow,
  type ListPage,
  type PlayerSessions,
  type PlayerTrackEvent,
} from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { Conditions } from '../../../domain/crud/query';
import { CrudError } from '../../../domain/crud/spec';
import { accountRevenue } from '../../../domain/analytics/revenue';
import { dayRange } from '../../../domain/analytics/day-range';
import { sessionNumberingSql } from '../../../domain/analytics/session-rule';
import { BAN_ACTIVE } from './accounts';
import { choice, dayParam, escapeLike, int, iso, paging, playerParam, text } from './query-params';

/**
 * center_users/game_users: the players of a game (account_games of migration 049 with
 * the registration of 046) and the four views of one player: detail, behaviour track (its events, newest
 * first, by the (game, distinct_id, time) index), device profile (device_accounts / player_devices) and
 * sessions (derived from its events with the session rule of contracts/schemas/players/accounts.ts).
 */

type Ordering = (typeof GAME_USER_ORDERINGS)[number];

export interface GameUserQuery {
  page: number;
  limit: number;
  ordering: Ordering;
  game?: number;
  search?: string;
  channel?: string;
  status?: 'normal' | 'banned';
}

const gameOf = (q: Record<string, unknown>) => int(q, 'game', 1, 2_147_483_647, 'game 必须是游戏编号');

export function parseGameUserQuery(q: Record<string, unknown>): GameUserQuery {
  const out: GameUserQuery = { ...paging(q, ACCOUNT_PAGE_MAX), ordering: choice(q, 'ordering', GAME_USER_ORDERINGS) ?? '-last_seen' };
  const game = gameOf(q);
  if (game !== undefined) out.game = game;
  const search = text(q, 'search', '搜索内容 search ');
  if (search !== undefined) out.search = search;
  // channel= (present, empty) is the unknown channel: read it raw.
  if (typeof q.channel === 'string') {
    if (q.channel.length > 128) throw new CrudError('channel 不能超过 128 个字符');
    out.channel = q.channel;
  } else if (q.channel !== undefined) throw new CrudError('参数 channel 只能出现一次');
  const status = choice(q, 'status', ['normal', 'banned'] as const);
  if (status !== undefined) out.status = status;
  return out;
}

const ORDER_SQL: Record<Ordering, string> = {
  '-last_seen': 'g.last_day DESC, g.distinct_id DESC, g.game DESC',
  last_seen: 'g.last_day ASC, g.distinct_id ASC, g.game ASC',
  '-first_seen': 'g.first_day DESC, g.distinct_id DESC, g.game DESC',
  first_seen: 'g.first_day ASC, g.distinct_id ASC, g.game ASC',
  '-active_days': 'g.active_days DESC, g.distinct_id DESC, g.game DESC',
  active_days: 'g.active_days ASC, g.distinct_id ASC, g.game ASC',
};

interface BaseRow {
  game: number;
  game_name: string;
  distinct_id: string;
  banned: boolean;
  first_seen: string;
  last_seen: string;
  active_days: number;
  channel: string;
  device_model: string;
  os: string;
}

const ROW_SQL = `g.game, COALESCE(gm.name, '#' || g.game) AS game_name, g.distinct_id,
  EXISTS (SELECT 1 FROM account_bans b WHERE b.distinct_id = g.distinct_id AND ${BAN_ACTIVE}) AS banned,
  to_char(g.first_day, 'YYYY-MM-DD') AS first_seen, to_char(g.last_day, 'YYYY-MM-DD') AS last_seen, g.active_days,
  COALESCE(r.channel, '') AS channel, COALESCE(r.device_model, '') AS device_model, COALESCE(r.os, '') AS os`;
const ROW_FROM = 'account_games g LEFT JOIN games gm ON gm.id = g.game LEFT JOIN player_registrations r ON r.game = g.game AND r.distinct_id = g.distinct_id';

async function rowsWithRevenue(db: Queryable, rows: BaseRow[]): Promise<GameUserRow[]> {
  const money = await accountRevenue(db, [...new Set(rows.map((r) => r.distinct_id))]);
  return rows.map((r) => {
    const f = money.get(`${r.game}:${r.distinct_id}`);
    return {
      id: `${r.game}:${r.distinct_id}`,
      game: r.game,
      game_name: r.game_name,
      distinct_id: r.distinct_id,
      status: r.banned ? 'banned' : 'normal',
      first_seen: r.first_seen,
      last_seen: r.last_seen,
      active_days: Number(r.active_days),
      channel: r.channel,
      device_model: r.device_model,
      os: r.os,
      total_paid: f?.revenue ?? 0,
      orders: f?.orders ?? 0,
    };
  });
}

export async function listGameUsers(db: Db, q: GameUserQuery): Promise<ListPage<GameUserRow>> {
  const c = new Conditions();
  if (q.game !== undefined) c.add('g.game = ?', q.game);
  if (q.search !== undefined) c.add(`lower(g.distinct_id) LIKE ? ESCAPE '\\'`, `%${escapeLike(q.search.toLowerCase())}%`);
  if (q.channel !== undefined) c.add(`COALESCE(r.channel, '') = ?`, q.channel);
  if (q.status !== undefined) c.raw(`${q.status === 'banned' ? '' : 'NOT '}EXISTS (SELECT 1 FROM account_bans b WHERE b.distinct_id = g.distinct_id AND ${BAN_ACTIVE})`);
  const where = c.where();
  const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${ROW_FROM} ${where}`, c.params);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.limit;
  // The page's keys first (filters, order, limit over the plain rows), then the columns of those rows only.
  const rows = await db.query<BaseRow>(
    `SELECT ${ROW_SQL} FROM (SELECT g.distinct_id, g.game FROM ${ROW_FROM} ${where} ORDER BY ${ORDER_SQL[q.ordering]} LIMIT ${q.limit} OFFSET ${offset}) k
     JOIN ${ROW_FROM.replace('account_games g', 'account_games g ON g.distinct_id = k.distinct_id AND g.game = k.game')} ORDER BY ${ORDER_SQL[q.ordering]}`,
    c.params,
  );
  const data = await rowsWithRevenue(db, rows);
  return { page: q.page, limit: q.limit, total, is_next: offset + data.length < total, is_previous: q.page > 1, data };
}

/** game (required) and distinct_id (required) of a player view. */
export function parsePlayerKey(q: Record<string, unknown>): { game: number; distinct_id: string } {
  const game = gameOf(q);
  if (game === undefined) throw new CrudError('缺少游戏 game');
  return { game, distinct_id: playerParam(q) };
}

async function baseRow(db: Queryable, key: { game: number; distinct_id: string }): Promise<BaseRow> {
  const [row] = await db.query<BaseRow>(`SELECT ${ROW_SQL} FROM ${ROW_FROM} WHERE g.game = $1 AND g.distinct_id = $2`, [key.game, key.distinct_id]);
  if (!row) throw new CrudError(`该游戏中没有玩家 ${key.distinct_id.slice(0, 64)}`);
  return row;
}

export async function gameUserDetail(db: Db, key: { game: number; distinct_id: string }): Promise<GameUserDetail> {
  const base = await baseRow(db, key);
  const [row] = await rowsWithRevenue(db, [base]);
  const money = (await accountRevenue(db, [key.distinct_id], key.game)).get(key.distinct_id);
  const [reg] = await db.query<{ time: string; device_id: string; os_version: string }>(
    `SELECT ${iso('time')} AS time, device_id, os_version FROM player_registrations WHERE game = $1 AND distinct_id = $2`,
    [key.game, key.distinct_id],
  );
  const events = await db.query<{ event: string; n: string; flagged: string; last: string }>(
    `SELECT event, count(*)::text AS n, count(*) FILTER (WHERE banned)::text AS flagged, ${iso('max(time)')} AS last
     FROM tracking_events WHERE game = $1 AND distinct_id = $2 GROUP BY event ORDER BY event`,
    [key.game, key.distinct_id],
  );
  const last = events.map((e) => e.last).sort().at(-1) ?? null;
  return {
    ...(row as GameUserRow),
    registered_at: reg?.time ?? null,
    device_id: reg?.device_id ?? '',
    os_version: reg?.os_version ?? '',
    events: events.reduce((s, e) => s + Number(e.n), 0),
    flagged_events: events.reduce((s, e) => s + Number(e.flagged), 0),
    last_event_at: last,
    event_names: events.map((e) => e.event),
    gross: money?.gross ?? 0,
    refunds: money?.refunds ?? 0,
    refund_orders: money?.refund_orders ?? 0,
  };
}

export interface RangeQuery {
  start?: string;
  end?: string;
}

function range(q: Record<string, unknown>): RangeQuery {
  const start = dayParam(q, 'start');
  const end = dayParam(q, 'end');
  if ((start === undefined) !== (end === undefined)) throw new CrudError('start 与 end 须同时给出');
  return start !== undefined && end !== undefined ? { start, end } : {};
}

export interface TrackQuery extends RangeQuery {
  game: number;
  distinct_id: string;
  page: number;
  limit: number;
  event?: string;
}

export function parseTrackQuery(q: Record<string, unknown>): TrackQuery {
  const out: TrackQuery = { ...parsePlayerKey(q), ...paging(q, ACCOUNT_PAGE_MAX), ...range(q) };
  const event = text(q, 'event', '事件 event ', 64);
  if (event !== undefined) out.event = event;
  return out;
}

/** The behaviour track: the player's events newest first (ties by uuid), by event and calendar days (ANALYTICS_TZ). */
export async function playerTrack(db: Db, tz: string, q: TrackQuery): Promise<ListPage<PlayerTrackEvent>> {
  const c = new Conditions();
  c.add('e.game = ?', q.game);
  c.add('e.distinct_id = ?', q.distinct_id);
  if (q.event !== undefined) c.add('e.event = ?', q.event);
  if (q.start !== undefined && q.end !== undefined) {
    const r = await dayRange(db, q.start, q.end, tz);
    c.add('e.time >= ?::timestamptz AND e.time < ?::timestamptz', r.lo, r.hi);
  }
  const where = c.where();
  const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM tracking_events e ${where}`, c.params);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.limit;
  const rows = await db.query<{ uuid: string; time: string; event: string; properties: unknown; banned: boolean }>(
    `SELECT e.uuid::text AS uuid, ${iso('e.time')} AS time, e.event, e.properties, e.banned FROM tracking_events e ${where}
     ORDER BY e.time DESC, e.uuid DESC LIMIT ${q.limit} OFFSET ${offset}`,
    c.params,
  );
  const data = rows.map((r) => ({
    uuid: r.uuid,
    time: r.time,
    event: r.event,
    properties: (typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties) as PlayerTrackEvent['properties'],
    banned: Boolean(r.banned),
  }));
  return { page: q.page, limit: q.limit, total, is_next: offset + data.length < total, is_previous: q.page > 1, data };
}

/** The device profile: the player's devices (its register/login events), the accounts on each, the models. */
export async function playerDevices(db: Db, key: { game: number; distinct_id: string }): Promise<GameUserDevices> {
  await baseRow(db, key);
  const rows = await db.query<{
    device_id: string;
    device_model: string;
    os: string;
    os_version: string;
    first_seen: string;
    last_seen: string;
    accounts: number;
    other_accounts: GameUserDevices['devices'][number]['other_accounts'] | null;
    registration: boolean;
  }>(
    `SELECT a.device_id, COALESCE(d.device_model, '') AS device_model, COALESCE(d.os, '') AS os, COALESCE(d.os_version, '') AS os_version,
       ${iso('a.first_seen')} AS first_seen, ${iso('a.last_seen')} AS last_seen, COALESCE(d.accounts, 0) AS accounts,
       (SELECT json_agg(x ORDER BY x.game, x.distinct_id) FROM (
          SELECT o.game, COALESCE(gm.name, '#' || o.game) AS game_name, o.distinct_id FROM device_accounts o LEFT JOIN games gm ON gm.id = o.game
          WHERE o.device_id = a.device_id AND NOT (o.game = a.game AND o.distinct_id = a.distinct_id) ORDER BY o.game, o.distinct_id LIMIT 20) x) AS other_accounts,
       EXISTS (SELECT 1 FROM player_registrations r WHERE r.game = a.game AND r.distinct_id = a.distinct_id AND r.device_id = a.device_id) AS registration
     FROM device_accounts a LEFT JOIN player_devices d ON d.device_id = a.device_id
     WHERE a.game = $1 AND a.distinct_id = $2 ORDER BY a.last_seen DESC, a.device_id`,
    [key.game, key.distinct_id],
  );
  const devices = rows.map((r) => ({ ...r, accounts: Number(r.accounts), other_accounts: r.other_accounts ?? [], registration: Boolean(r.registration) }));
  const models = new Map<string, { device_model: string; os: string; os_version: string; devices: number }>();
  for (const d of devices) {
    const k = `${d.device_model}\u0000${d.os}\u0000${d.os_version}`;
    const m = models.get(k) ?? { device_model: d.device_model, os: d.os, os_version: d.os_version, devices: 0 };
    m.devices++;
    models.set(k, m);
  }
  return { devices, models: [...models.values()].sort((a, b) => b.devices - a.devices || a.device_model.localeCompare(b.device_model)) };
}

export interface SessionsQuery {
  game: number;
  distinct_id: string;
  start: string;
  end: string;
  page: number;
  limit: number;
}

/** Sessions over start..end (required; ≤ 366 days: the range check of the analyses). */
export function parseSessionsQuery(q: Record<string, unknown>): SessionsQuery {
  const key = parsePlayerKey(q);
  const r = range(q);
  if (r.start === undefined || r.end === undefined) throw new CrudError('缺少日期范围 start、end');
  return { ...key, start: r.start, end: r.end, ...paging(q, ACCOUNT_PAGE_MAX) };
}

/**
 * The player's sessions that START in start..end (calendar days, ANALYTICS_TZ), newest first, with the
 * totals of all of them, by the rule of session analysis (server/domain/analytics/session-rule.ts: the
 * events just before a session_start belong to its session). Events from the gap before the range tell
 * whether its first events continue an earlier session (then that session is not the range's); a
 * session is followed past the range's end.
 */
export async function playerSessions(db: Db, tz: string, q: SessionsQuery): Promise<PlayerSessions> {
  const r = await dayRange(db, q.start, q.end, tz);
  const gap = ACCOUNT_SESSION_GAP_SECONDS;
  const rows = await db.query<{ kind: 't' | 's'; s: string | null; l: string | null; seconds: number; n: number }>(
    `WITH ${sessionNumberingSql({
      source: `(SELECT time, uuid, event FROM tracking_events WHERE game = $1 AND distinct_id = $2 AND time >= $3::timestamptz - interval '${gap} seconds') ev`,
      partition: '',
      carry: [],
    })}, sess AS (
       SELECT min(time) AS s, max(time) AS l, count(*)::int AS n FROM s_num GROUP BY sn
     ), mine AS (
       SELECT s, l, extract(epoch FROM l - s)::float8 AS seconds, n FROM sess WHERE s >= $3::timestamptz AND s < $4::timestamptz
     )
     SELECT 't' AS kind, NULL AS s, NULL AS l, COALESCE(sum(seconds), 0)::float8 AS seconds, count(*)::int AS n FROM mine
     UNION ALL
     SELECT 'e', NULL, NULL, 0, COALESCE(sum(n), 0)::int FROM mine
     UNION ALL
     (SELECT 's', ${iso('s')}, ${iso('l')}, seconds, n FROM mine ORDER BY s DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit})`,
    [q.game, q.distinct_id, r.lo, r.hi],
  );
  let sessions = 0;
  let seconds = 0;
  let events = 0;
  const data: PlayerSessions['data'] = [];
  for (const row of rows) {
    if (row.kind === 't') {
      sessions = Number(row.n);
      seconds = Number(row.seconds);
    } else if ((row.kind as string) === 'e') events = Number(row.n);
    else data.push({ start: row.s ?? '', end: row.l ?? '', seconds: Number(row.seconds), events: Number(row.n) });
  }
  data.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  return {
    start: q.start,
    end: q.end,
    gap_seconds: gap,
    total: { sessions, events, seconds, avg_seconds: sessions > 0 ? Math.round((seconds / sessions) * 10) / 10 : 0 },
    page: q.page,
    limit: q.limit,
    data,
  };
}
