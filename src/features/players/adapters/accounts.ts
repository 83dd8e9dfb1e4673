/**
 * Platform accounts and game players (issue 16 item 2: center_users/accounts, center_users/game_users):
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
import type { ReportParams } from '../../tracking/adapters/tracking';

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
export const ACCOUNTS_PARSERS = {
  accountDetail: (data: unknown): AccountDetail | null => accountDetail.safeParse(data).data ?? null,
  detail: (data: unknown): GameUserDetail | null => gameUserDetail.safeParse(data).data ?? null,
  track: (data: unknown): PlayerTrackPage | null => trackPage.safeParse(data).data ?? null,
  devices: (data: unknown): GameUserDevices | null => gameUserDevices.safeParse(data).data ?? null,
  sessions: (data: unknown): PlayerSessions | null => playerSessions.safeParse(data).data ?? null,
};

/** The calls of the accounts and game-user screens beyond their generic lists. */
export interface AccountsApi {
  accountDetail(distinctId: string): Promise<AccountDetail>;
  banAccount(input: BanInput): Promise<AccountDetail>;
  unbanAccount(input: UnbanInput): Promise<AccountDetail>;
  gameUserDetail(key: GameUserKey): Promise<GameUserDetail>;
  gameUserTrack(query: TrackQuery): Promise<PlayerTrackPage>;
  gameUserDevices(key: GameUserKey): Promise<GameUserDevices>;
  gameUserSessions(query: SessionsQuery): Promise<PlayerSessions>;
}
