import { z } from 'zod';

/**
 * Platform accounts and game players (center_users/accounts, center_users/game_users).
 *
 * - An ACCOUNT is a distinct_id, platform-wide, registered by its first tracked event or paid order in any
 *   game. first_seen / last_seen are calendar days (ANALYTICS_TZ) with any event or paid order.
 * - total_paid / revenue: gross − refunds in CNY minor units (fen), from the revenue rollups
 *   (server/domain/analytics/revenue.ts), all time.
 * - A ban applies while not lifted and not expired. Events ingested while an account is banned are
 *   stored with `banned: true`.
 * - A SESSION (game_users) is a player's run of events in one game: a new one starts at the first event,
 *   at a `session_start`, after a `session_end`, or after 30 minutes or more without events
 *   (ACCOUNT_SESSION_GAP_SECONDS, the same rule as data_embed/sessions); the events sent at most 60 s
 *   before a session_start (no session_end between) belong to the session it opens; length = last − first event.
 */

export const ACCOUNT_PAGE_MAX = 100;
export const ACCOUNT_SESSION_GAP_SECONDS = 30 * 60;
export const ACCOUNT_ORDERINGS = ['-last_seen', 'last_seen', '-first_seen', 'first_seen'] as const;
export const GAME_USER_ORDERINGS = ['-last_seen', 'last_seen', '-first_seen', 'first_seen', '-active_days', 'active_days'] as const;
export const BAN_REASON_MAX = 500;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number().int();
const count = z.number().int().min(0);

export const accountBan = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** ISO time, or null = until lifted. */
  expires_at: z.string().nullable(),
  banned_at: z.string(),
  banned_by: z.string(),
  lifted_at: z.string().nullable(),
  lifted_by: z.string(),
  lift_reason: z.string(),
  /** active: applies now; expired: its expiry has passed; lifted: unbanned by staff. */
  state: z.enum(['active', 'expired', 'lifted']),
});
export type AccountBan = z.infer<typeof accountBan>;

export const accountGame = z.object({ game: z.number().int(), game_name: z.string() });

/** GET /api/center_users/accounts/ rows (page, limit ≤ 100, search (distinct_id contains), status=normal|banned, game, ordering). */
export const accountRow = z.object({
  /** The distinct_id (rows are keyed by it). */
  id: z.string(),
  distinct_id: z.string(),
  status: z.enum(['normal', 'banned']),
  /** The ban that applies now, or null. */
  ban: accountBan.nullable(),
  first_seen: day,
  last_seen: day,
  games: count,
  /** The first 10 games (by first day). */
  game_list: z.array(accountGame),
  total_paid: money,
  orders: count,
});
export type AccountRow = z.infer<typeof accountRow>;

/** A binding the account's register/login events carried as a property (phone, wechat …): the latest value, masked. */
export const accountBinding = z.object({ kind: z.string(), value: z.string(), time: z.string() });

/** GET /api/center_users/accounts/detail/?distinct_id= */
export const accountDetail = accountRow.extend({
  bindings: z.array(accountBinding),
  bans: z.array(accountBan),
  game_figures: z.array(
    z.object({ game: z.number().int(), game_name: z.string(), first_day: day, last_day: day, active_days: count, revenue: money, orders: count }),
  ),
  /** Events stored while the account was banned. */
  flagged_events: count,
});
export type AccountDetail = z.infer<typeof accountDetail>;

/** POST /api/center_users/accounts/ban/ (the screen's Update button). expires_at: ISO time in the future, or absent/null = until lifted. */
export const banInput = z.object({
  distinct_id: z.string(),
  reason: z.string(),
  expires_at: z.string().nullable().optional(),
});
export type BanInput = z.infer<typeof banInput>;
/** POST /api/center_users/accounts/unban/ */
export const unbanInput = z.object({ distinct_id: z.string(), reason: z.string().optional() });
export type UnbanInput = z.infer<typeof unbanInput>;

// ---- game_users

/** GET /api/center_users/game_users/ rows (page, limit ≤ 100, game, search, channel, status, ordering). */
export const gameUserRow = z.object({
  /** `<game>:<distinct_id>`. */
  id: z.string(),
  game: z.number().int(),
  game_name: z.string(),
  distinct_id: z.string(),
  status: z.enum(['normal', 'banned']),
  first_seen: day,
  last_seen: day,
  active_days: count,
  /** Channel of the earliest register event ('' = unknown). */
  channel: z.string(),
  device_model: z.string(),
  os: z.string(),
  total_paid: money,
  orders: count,
});
export type GameUserRow = z.infer<typeof gameUserRow>;

/** GET /api/center_users/game_users/detail/?game=&distinct_id= */
export const gameUserDetail = gameUserRow.extend({
  registered_at: z.string().nullable(),
  device_id: z.string(),
  os_version: z.string(),
  events: count,
  flagged_events: count,
  last_event_at: z.string().nullable(),
  /** The event names this player sent (the behaviour track's filter). */
  event_names: z.array(z.string()),
  gross: money,
  refunds: money,
  refund_orders: count,
});
export type GameUserDetail = z.infer<typeof gameUserDetail>;

/** GET /api/center_users/game_users/track/?game=&distinct_id=[&event=][&start=&end=]&page&limit — newest first. */
export const playerTrackEvent = z.object({
  uuid: z.string(),
  time: z.string(),
  event: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  banned: z.boolean(),
});
export type PlayerTrackEvent = z.infer<typeof playerTrackEvent>;

/** GET /api/center_users/game_users/devices/?game=&distinct_id= — the player's device profile. */
export const gameUserDevice = z.object({
  device_id: z.string(),
  device_model: z.string(),
  os: z.string(),
  os_version: z.string(),
  /** This player on this device. */
  first_seen: z.string(),
  last_seen: z.string(),
  /** Accounts (game, player) on the device, every game. */
  accounts: count,
  other_accounts: z.array(z.object({ game: z.number().int(), game_name: z.string(), distinct_id: z.string() })),
  /** The device of the player's registration. */
  registration: z.boolean(),
});
export const gameUserDevices = z.object({
  devices: z.array(gameUserDevice),
  models: z.array(z.object({ device_model: z.string(), os: z.string(), os_version: z.string(), devices: count })),
});
export type GameUserDevices = z.infer<typeof gameUserDevices>;

/** GET /api/center_users/game_users/sessions/?game=&distinct_id=&start=&end=&page&limit — newest first. */
export const playerSession = z.object({ start: z.string(), end: z.string(), seconds: z.number().min(0), events: count });
export const playerSessions = z.object({
  start: day,
  end: day,
  gap_seconds: z.number().int(),
  total: z.object({ sessions: count, events: count, seconds: z.number().min(0), avg_seconds: z.number().min(0) }),
  page: z.number().int(),
  limit: z.number().int(),
  data: z.array(playerSession),
});
export type PlayerSessions = z.infer<typeof playerSessions>;
