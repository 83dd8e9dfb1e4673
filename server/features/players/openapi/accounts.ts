import { z } from 'zod';
import {
  ACCOUNT_ORDERINGS,
  accountDetail,
  accountRow,
  banInput,
  GAME_USER_ORDERINGS,
  gameUserDetail,
  gameUserDevices,
  gameUserRow,
  listPage,
  playerSessions,
  playerTrackEvent,
  unbanInput,
} from '../../../../contracts/schemas';
import type { Operation } from '../../../openapi/operation';

const see = 'Bad parameters answer code 4000 with the reason (nothing written). See docs/players.md.';
const page = { page: z.string().optional(), limit: z.string().optional() };
const key = { game: z.string(), distinct_id: z.string() };

/** center_users/accounts and center_users/game_users for the OpenAPI document. */
export const ACCOUNTS_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/center_users/accounts/',
    summary: 'Platform accounts (a distinct_id over every game): status, first/last seen day, games, total paid (CNY fen) (limit ≤ 100)',
    tag: 'players',
    auth: true,
    query: z.object({ ...page, search: z.string().optional(), status: z.enum(['normal', 'banned']).optional(), game: z.string().optional(), ordering: z.enum(ACCOUNT_ORDERINGS).optional() }),
    data: listPage(accountRow),
    notes: `Registered by the first tracked event or paid order. total_paid = gross − refunds, all time, from the revenue rollups. ${see}`,
  },
  { method: 'get', path: '/api/center_users/accounts/detail/', summary: 'One account: bindings (masked), bans, per-game figures, flagged events', tag: 'players', auth: true, query: z.object({ distinct_id: z.string() }), data: accountDetail, notes: see },
  {
    method: 'post',
    path: '/api/center_users/accounts/ban/',
    summary: "Ban an account (reason required; expires_at an ISO time in the future, or none = until lifted). The screen's Update button.",
    tag: 'players',
    auth: true,
    body: banInput,
    data: accountDetail,
    notes: `Refused: unknown account, already banned, no reason, expiry not in the future. Events ingested while banned are stored with banned=true. ${see}`,
  },
  { method: 'post', path: '/api/center_users/accounts/unban/', summary: 'Lift the ban that applies now (reason optional)', tag: 'players', auth: true, body: unbanInput, data: accountDetail, notes: see },
  {
    method: 'get',
    path: '/api/center_users/game_users/',
    summary: 'Players per game: first/last active day, active days, channel, registration device, total paid (limit ≤ 100)',
    tag: 'players',
    auth: true,
    query: z.object({ ...page, game: z.string().optional(), search: z.string().optional(), channel: z.string().optional(), status: z.enum(['normal', 'banned']).optional(), ordering: z.enum(GAME_USER_ORDERINGS).optional() }),
    data: listPage(gameUserRow),
    notes: see,
  },
  { method: 'get', path: '/api/center_users/game_users/detail/', summary: 'One player of a game: registration, activity, events, revenue', tag: 'players', auth: true, query: z.object(key), data: gameUserDetail, notes: see },
  {
    method: 'get',
    path: '/api/center_users/game_users/track/',
    summary: "Behaviour track: the player's events newest first, by event and calendar days (limit ≤ 100)",
    tag: 'players',
    auth: true,
    query: z.object({ ...key, ...page, event: z.string().optional(), start: z.string().optional(), end: z.string().optional() }),
    data: listPage(playerTrackEvent),
    notes: `start and end together (YYYY-MM-DD, ANALYTICS_TZ, ≤ 366 days). ${see}`,
  },
  { method: 'get', path: '/api/center_users/game_users/devices/', summary: "Device profile: the player's devices and the accounts on each", tag: 'players', auth: true, query: z.object(key), data: gameUserDevices, notes: see },
  {
    method: 'get',
    path: '/api/center_users/game_users/sessions/',
    summary: "The player's sessions starting in start..end, newest first, with totals (30-minute inactivity gap)",
    tag: 'players',
    auth: true,
    query: z.object({ ...key, ...page, start: z.string(), end: z.string() }),
    data: playerSessions,
    notes: `A new session starts at the first event, at a session_start, after a session_end or after 30 minutes without events; events sent at most 60 s before a session_start (no session_end between) belong to the session it opens. ${see}`,
  },
];
