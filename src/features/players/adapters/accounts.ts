/**
 * The accounts port: platform accounts and game players (center_users/accounts, center_users/game_users):
 * the transport-neutral queries, the answers parsed by contracts/schemas/players/accounts (a drift of the
 * wire shape is a clear "malformed" error), and the one place a query becomes ordered name/value pairs.
 * Reads travel like the revenue reports (REST: the query string; GraphQL: the gateway's resourceList with
 * equals arguments); ban/unban as JSON requests (REST; GraphQL: the gateway's restWrite). The two lists
 * are generic resources (ACCOUNTS_API). Loaded with the first such call.
 */
import {
  accountDetail,
  gameUserDetail,
  gameUserDevices,
  playerSessions,
  playerTrackEvent,
  type AccountDetail,
  type BanInput,
  type GameUserDetail,
  type GameUserDevices,
  type PlayerSessions,
  type PlayerTrackEvent,
  type UnbanInput,
} from '../../../../contracts/schemas/players';
import { listPage, type ListPage } from '../../../../contracts/schemas/envelope';
import { readParsed, requestParsed, type PortTransport, type ReportParams } from '../../../adapters/port';

export type { AccountBan, AccountDetail, AccountRow, BanInput, GameUserDetail, GameUserDevices, GameUserRow, PlayerSessions, PlayerTrackEvent, UnbanInput } from '../../../../contracts/schemas/players';
export type PlayerTrackPage = ListPage<PlayerTrackEvent>;

/** One player of one game. */
export interface GameUserKey {
  game: number;
  distinct_id: string;
}
/** The behaviour track: newest first; event and days (YYYY-MM-DD, both or neither) optional. */
export interface TrackQuery extends GameUserKey {
  page: number;
  limit: number;
  event?: string;
  start?: string;
  end?: string;
}
/** Sessions that start in start..end. */
export interface SessionsQuery extends GameUserKey {
  start: string;
  end: string;
  page: number;
  limit: number;
}

export const ACCOUNTS_PATH = {
  accountDetail: '/api/center_users/accounts/detail/',
  ban: '/api/center_users/accounts/ban/',
  unban: '/api/center_users/accounts/unban/',
  detail: '/api/center_users/game_users/detail/',
  track: '/api/center_users/game_users/track/',
  devices: '/api/center_users/game_users/devices/',
  sessions: '/api/center_users/game_users/sessions/',
} as const;

const keyParams = (k: GameUserKey): ReportParams => [
  ['game', String(k.game)],
  ['distinct_id', k.distinct_id],
];

export function trackParams(q: TrackQuery): ReportParams {
  const out = keyParams(q);
  if (q.event !== undefined) out.push(['event', q.event]);
  if (q.start !== undefined && q.end !== undefined) out.push(['start', q.start], ['end', q.end]);
  out.push(['page', String(q.page)], ['limit', String(q.limit)]);
  return out;
}
export const sessionsParams = (q: SessionsQuery): ReportParams => [...keyParams(q), ['start', q.start], ['end', q.end], ['page', String(q.page)], ['limit', String(q.limit)]];
export const gameUserParams = keyParams;
export const accountParams = (distinctId: string): ReportParams => [['distinct_id', distinctId]];

const trackPage = listPage(playerTrackEvent);

/** The calls of the accounts and game-user screens beyond their generic lists. */
export interface AccountsPort {
  /** A platform account by its distinct id, with its games and bans. */
  detail(distinctId: string): Promise<AccountDetail>;
  ban(input: BanInput): Promise<AccountDetail>;
  unban(input: UnbanInput): Promise<AccountDetail>;
  gameUser(key: GameUserKey): Promise<GameUserDetail>;
  track(query: TrackQuery): Promise<PlayerTrackPage>;
  devices(key: GameUserKey): Promise<GameUserDevices>;
  sessions(query: SessionsQuery): Promise<PlayerSessions>;
}

/** The accounts port over an adapter's transport: reads like the revenue reports, ban / unban as JSON requests. */
export function createAccountsPort(transport: PortTransport): AccountsPort {
  return {
    detail: (distinctId) => readParsed(transport, ACCOUNTS_PATH.accountDetail, accountParams(distinctId), accountDetail),
    ban: (input) => requestParsed(transport, { method: 'POST', path: ACCOUNTS_PATH.ban, body: input }, accountDetail),
    unban: (input) => requestParsed(transport, { method: 'POST', path: ACCOUNTS_PATH.unban, body: input }, accountDetail),
    gameUser: (key) => readParsed(transport, ACCOUNTS_PATH.detail, gameUserParams(key), gameUserDetail),
    track: (query) => readParsed(transport, ACCOUNTS_PATH.track, trackParams(query), trackPage),
    devices: (key) => readParsed(transport, ACCOUNTS_PATH.devices, gameUserParams(key), gameUserDevices),
    sessions: (query) => readParsed(transport, ACCOUNTS_PATH.sessions, sessionsParams(query), playerSessions),
  };
}
