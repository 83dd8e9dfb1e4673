import {
  ACCOUNT_ORDERINGS,
  ACCOUNT_PAGE_MAX,
  BAN_REASON_MAX,
  type AccountBan,
  type AccountDetail,
  type AccountRow,
  type ListPage,
} from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { isRecord } from '../../../is-record';
import { Conditions } from '../../../domain/crud/query';
import { CrudError } from '../../../domain/crud/spec';
import { accountRevenue } from '../../../domain/analytics/revenue';
import { choice, escapeLike, int, iso, one, paging, playerParam, text } from './query-params';

/**
 * center_users/accounts: platform accounts (a distinct_id over every game) from the
 * tables of migration 049 (kept by a trigger on player_active_days), their bans, bindings and total paid
 * (revenue.ts, accountRevenue). Ban/unban: one transaction with the account row locked; bad input is a
 * CrudError (code 4000) before anything is written.
 */

type Ordering = (typeof ACCOUNT_ORDERINGS)[number];
const GAMES_SHOWN = 10;

export interface AccountQuery {
  page: number;
  limit: number;
  ordering: Ordering;
  search?: string;
  status?: 'normal' | 'banned';
  game?: number;
}

export function parseAccountQuery(q: Record<string, unknown>): AccountQuery {
  const out: AccountQuery = { ...paging(q, ACCOUNT_PAGE_MAX), ordering: choice(q, 'ordering', ACCOUNT_ORDERINGS) ?? '-last_seen' };
  const search = text(q, 'search', '搜索内容 search ');
  if (search !== undefined) out.search = search;
  const status = choice(q, 'status', ['normal', 'banned'] as const);
  if (status !== undefined) out.status = status;
  const game = int(q, 'game', 1, 2_147_483_647, 'game 必须是游戏编号');
  if (game !== undefined) out.game = game;
  return out;
}

const ORDER_SQL: Record<Ordering, string> = {
  '-last_seen': 'a.last_day DESC, a.distinct_id DESC',
  last_seen: 'a.last_day ASC, a.distinct_id ASC',
  '-first_seen': 'a.first_day DESC, a.distinct_id DESC',
  first_seen: 'a.first_day ASC, a.distinct_id ASC',
};

/** The condition of a ban that applies now (alias b). */
export const BAN_ACTIVE = `b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now())`;

const BAN_SQL = `b.id::int AS id, b.reason, ${iso('b.expires_at')} AS expires_at, ${iso('b.banned_at')} AS banned_at,
  COALESCE(ub.name, '') AS banned_by, ${iso('b.lifted_at')} AS lifted_at, COALESCE(ul.name, '') AS lifted_by, b.lift_reason,
  CASE WHEN ${BAN_ACTIVE} THEN 'active' WHEN b.lifted_at IS NULL OR (b.lifted_by IS NULL AND b.lifted_at = b.expires_at) THEN 'expired' ELSE 'lifted' END AS state`;
const BAN_FROM = 'account_bans b LEFT JOIN users ub ON ub.id = b.banned_by LEFT JOIN users ul ON ul.id = b.lifted_by';

interface AccountBase {
  distinct_id: string;
  first_seen: string;
  last_seen: string;
  games: number;
  game_list: Array<{ game: number; game_name: string }> | null;
  ban: AccountBan | null;
}

const ROW_SQL = `a.distinct_id, to_char(a.first_day, 'YYYY-MM-DD') AS first_seen, to_char(a.last_day, 'YYYY-MM-DD') AS last_seen, a.games,
  (SELECT json_agg(x ORDER BY x.first_day, x.game) FROM (
     SELECT g.game, COALESCE(gm.name, '#' || g.game) AS game_name, g.first_day FROM account_games g LEFT JOIN games gm ON gm.id = g.game
     WHERE g.distinct_id = a.distinct_id ORDER BY g.first_day, g.game LIMIT ${GAMES_SHOWN}) x) AS game_list,
  (SELECT row_to_json(y) FROM (SELECT ${BAN_SQL} FROM ${BAN_FROM} WHERE b.distinct_id = a.distinct_id AND ${BAN_ACTIVE}) y) AS ban`;

async function withRevenue(db: Queryable, rows: AccountBase[]): Promise<AccountRow[]> {
  const money = await accountRevenue(db, rows.map((r) => r.distinct_id));
  return rows.map((r) => {
    const f = money.get(r.distinct_id);
    return {
      id: r.distinct_id,
      distinct_id: r.distinct_id,
      status: r.ban ? 'banned' : 'normal',
      ban: r.ban,
      first_seen: r.first_seen,
      last_seen: r.last_seen,
      games: Number(r.games),
      game_list: (r.game_list ?? []).map((g) => ({ game: g.game, game_name: g.game_name })),
      total_paid: f?.revenue ?? 0,
      orders: f?.orders ?? 0,
    };
  });
}

export async function listAccounts(db: Db, q: AccountQuery): Promise<ListPage<AccountRow>> {
  const c = new Conditions();
  if (q.search !== undefined) c.add(`lower(a.distinct_id) LIKE ? ESCAPE '\\'`, `%${escapeLike(q.search.toLowerCase())}%`);
  if (q.status === 'banned') c.raw(`EXISTS (SELECT 1 FROM account_bans b WHERE b.distinct_id = a.distinct_id AND ${BAN_ACTIVE})`);
  if (q.status === 'normal') c.raw(`NOT EXISTS (SELECT 1 FROM account_bans b WHERE b.distinct_id = a.distinct_id AND ${BAN_ACTIVE})`);
  if (q.game !== undefined) c.add('EXISTS (SELECT 1 FROM account_games ag WHERE ag.distinct_id = a.distinct_id AND ag.game = ?)', q.game);
  const where = c.where();
  const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM player_accounts a ${where}`, c.params);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.limit;
  // The page's keys first (filters, order, limit over the plain rows), then the columns of those rows only.
  const rows = await db.query<AccountBase>(
    `SELECT ${ROW_SQL} FROM (SELECT a.distinct_id FROM player_accounts a ${where} ORDER BY ${ORDER_SQL[q.ordering]} LIMIT ${q.limit} OFFSET ${offset}) k
     JOIN player_accounts a ON a.distinct_id = k.distinct_id ORDER BY ${ORDER_SQL[q.ordering]}`,
    c.params,
  );
  const data = await withRevenue(db, rows);
  return { page: q.page, limit: q.limit, total, is_next: offset + data.length < total, is_previous: q.page > 1, data };
}

/** Property names taken as account bindings when a register/login event carries them (as a string). */
export const BINDING_PROPERTIES = ['phone', 'mobile', 'wechat', 'wechat_openid', 'wechat_unionid', 'qq', 'qq_openid', 'email', 'apple_id', 'weibo', 'google', 'facebook'] as const;

/** A binding's value as staff see it: phone numbers 138****5678, e-mails a***@x.com, ids cut in the middle. */
export function maskBinding(kind: string, value: string): string {
  const v = value.trim();
  if (kind === 'phone' || kind === 'mobile') return v.length >= 7 ? `${v.slice(0, 3)}****${v.slice(-4)}` : '****';
  if (kind === 'email') {
    const at = v.indexOf('@');
    return at > 0 ? `${v.slice(0, 1)}***${v.slice(at)}` : '***';
  }
  return v.length > 8 ? `${v.slice(0, 4)}****${v.slice(-2)}` : `${v.slice(0, 1)}***`;
}

export async function accountDetail(db: Queryable, distinctId: string): Promise<AccountDetail> {
  const [base] = await db.query<AccountBase>(`SELECT ${ROW_SQL} FROM player_accounts a WHERE a.distinct_id = $1`, [distinctId]);
  if (!base) throw new CrudError(`账号不存在：${distinctId.slice(0, 64)}`);
  const [row] = await withRevenue(db, [base]);
  const games = await db.query<{ game: number; game_name: string; first_day: string; last_day: string; active_days: number }>(
    `SELECT g.game, COALESCE(gm.name, '#' || g.game) AS game_name, to_char(g.first_day, 'YYYY-MM-DD') AS first_day, to_char(g.last_day, 'YYYY-MM-DD') AS last_day, g.active_days
     FROM account_games g LEFT JOIN games gm ON gm.id = g.game WHERE g.distinct_id = $1 ORDER BY g.first_day, g.game`,
    [distinctId],
  );
  const ids = games.map((g) => g.game);
  const money = await accountRevenue(db, [distinctId]);
  // The account's events by the (game, distinct_id, time) index: bindings (latest value per kind) and the flagged count.
  const [bindings, flagged, bans] = [
    await db.query<{ kind: string; value: string; time: string }>(
      `SELECT DISTINCT ON (p.key) p.key AS kind, p.value, ${iso('e.time')} AS time
       FROM tracking_events e CROSS JOIN LATERAL jsonb_each_text(e.properties) p
       WHERE e.game = ANY($1::int[]) AND e.distinct_id = $2 AND e.event IN ('register', 'login') AND p.key = ANY($3::text[])
         AND jsonb_typeof(e.properties->p.key) = 'string' AND p.value <> ''
       ORDER BY p.key, e.time DESC`,
      [ids, distinctId, BINDING_PROPERTIES],
    ),
    await db.query<{ n: string }>('SELECT count(*)::text AS n FROM tracking_events e WHERE e.game = ANY($1::int[]) AND e.distinct_id = $2 AND e.banned', [ids, distinctId]),
    await db.query<AccountBan>(`SELECT ${BAN_SQL} FROM ${BAN_FROM} WHERE b.distinct_id = $1 ORDER BY b.banned_at DESC, b.id DESC LIMIT 50`, [distinctId]),
  ];
  const order = new Map<string, number>(BINDING_PROPERTIES.map((k, i) => [k, i]));
  return {
    ...(row as AccountRow),
    bindings: bindings.sort((a, b) => (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99)).map((b) => ({ kind: b.kind, value: maskBinding(b.kind, b.value), time: b.time })),
    bans: bans.map((b) => ({ ...b, id: Number(b.id) })),
    game_figures: games.map((g) => {
      const f = money.get(`${g.game}:${distinctId}`);
      return { ...g, active_days: Number(g.active_days), revenue: f?.revenue ?? 0, orders: f?.orders ?? 0 };
    }),
    flagged_events: Number(flagged[0]?.n ?? 0),
  };
}

export function parseAccountDetailQuery(q: Record<string, unknown>): string {
  return playerParam(q);
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new CrudError('请求体应为 JSON 对象');
  return body;
}
function bodyPlayer(b: Record<string, unknown>): string {
  const v = b.distinct_id;
  if (typeof v !== 'string' || v.trim() === '') throw new CrudError('缺少账号 distinct_id');
  if (v.length > 128 || v.includes('\u0000')) throw new CrudError('账号 distinct_id 不合法（最长 128 个字符）');
  return v;
}
function bodyReason(b: Record<string, unknown>, required: boolean): string {
  const v = b.reason;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (required) throw new CrudError('请填写封禁原因 reason');
    return '';
  }
  if (typeof v !== 'string') throw new CrudError('原因 reason 应为文字');
  if (v.trim().length > BAN_REASON_MAX) throw new CrudError(`原因 reason 最长 ${BAN_REASON_MAX} 个字符`);
  if (v.includes('\u0000')) throw new CrudError('原因 reason 不能包含空字符');
  return v.trim();
}

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export interface BanCommand {
  distinct_id: string;
  reason: string;
  expires_at: string | null;
}

/** The ban body, checked (nothing is written before): reason required, expiry an ISO time in the future. */
export function parseBan(body: unknown, now = Date.now()): BanCommand {
  const b = bodyOf(body);
  const distinctId = bodyPlayer(b);
  const reason = bodyReason(b, true);
  let expires: string | null = null;
  if (b.expires_at !== undefined && b.expires_at !== null && b.expires_at !== '') {
    if (typeof b.expires_at !== 'string' || !ISO_RE.test(b.expires_at) || !Number.isFinite(Date.parse(b.expires_at))) {
      throw new CrudError('解封时间 expires_at 应为带时区的 ISO 8601 时间（如 2026-12-31T00:00:00+08:00）');
    }
    const ms = Date.parse(b.expires_at);
    if (ms <= now) throw new CrudError('解封时间 expires_at 必须晚于当前时间');
    if (ms > now + 100 * 365 * 86_400_000) throw new CrudError('解封时间 expires_at 不能超过 100 年');
    expires = new Date(ms).toISOString();
  }
  return { distinct_id: distinctId, reason, expires_at: expires };
}

export function parseUnban(body: unknown): { distinct_id: string; reason: string } {
  const b = bodyOf(body);
  return { distinct_id: bodyPlayer(b), reason: bodyReason(b, false) };
}

/** Bans an account (locked; expired bans closed first); refused when unknown or already banned. */
export async function banAccount(db: Db, cmd: BanCommand, by: number | null): Promise<AccountDetail> {
  return db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM player_accounts WHERE distinct_id = $1 FOR UPDATE', [cmd.distinct_id]);
    if (found.length === 0) throw new CrudError(`账号不存在：${cmd.distinct_id.slice(0, 64)}`);
    await tx.query('UPDATE account_bans SET lifted_at = expires_at WHERE distinct_id = $1 AND lifted_at IS NULL AND expires_at <= now()', [cmd.distinct_id]);
    const open = await tx.query('SELECT 1 FROM account_bans WHERE distinct_id = $1 AND lifted_at IS NULL', [cmd.distinct_id]);
    if (open.length > 0) throw new CrudError('该账号已处于封禁中，请先解封再重新封禁');
    await tx.query('INSERT INTO account_bans (distinct_id, reason, expires_at, banned_by) VALUES ($1, $2, $3, $4)', [cmd.distinct_id, cmd.reason, cmd.expires_at, by]);
    return accountDetail(tx, cmd.distinct_id);
  });
}

/** Lifts the ban that applies now; refused when unknown or not banned. */
export async function unbanAccount(db: Db, cmd: { distinct_id: string; reason: string }, by: number | null): Promise<AccountDetail> {
  return db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM player_accounts WHERE distinct_id = $1 FOR UPDATE', [cmd.distinct_id]);
    if (found.length === 0) throw new CrudError(`账号不存在：${cmd.distinct_id.slice(0, 64)}`);
    const lifted = await tx.query(
      `UPDATE account_bans b SET lifted_at = now(), lifted_by = $2, lift_reason = $3 WHERE b.distinct_id = $1 AND ${BAN_ACTIVE} RETURNING b.id`,
      [cmd.distinct_id, by, cmd.reason],
    );
    if (lifted.length === 0) throw new CrudError('该账号当前未被封禁');
    return accountDetail(tx, cmd.distinct_id);
  });
}

export { one };
