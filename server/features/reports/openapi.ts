import { gameStatsQuery, statsResult, userStatsQuery } from '../../../contracts/schemas';
import { nothing, XLSX, type Operation } from '../../openapi/operation';
import { dayPlayersExportQuery, dayPlayersPage, dayPlayersQuery } from '../../../contracts/schemas/reports/day-players';

const rules =
  'One row per calendar day (ANALYTICS_TZ) of start..end (both counted, at most 366) and a summary: new players (registration day), active players (any tracked event or paid order), paying players (a paid order that day), revenue (paid − refunded, refunds by refund day; CNY fen), ARPU = revenue / active players (fen), d1/d7 retention of the day\'s new players (retained on day N if active on registration day + N; 6 decimals; null while day N has not begun or without new players). Summary: new players and revenue summed, active and paying players distinct over the range, d1/d7 weighted over the days whose day N has begun. Unknown parameters, bad dates, too long a range, an unknown game answer code 4000 with the reason. See docs/players.md (Data reports).';

/** Data reports (data_reports/game_stats, data_reports/user_stats) for the OpenAPI document. */
export const DATA_REPORTS_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/data_reports/game_stats/players/',
    summary: 'The players behind a day of 游戏统计 (drill-down): new (registration day), active or paying that day, one game or every game, paged',
    tag: 'players',
    auth: true,
    query: dayPlayersQuery,
    data: dayPlayersPage,
    notes: 'total = the day row\'s new_players, active_players or paying_players for the same game. Ordered by game, then player. Granted like the report; bad parameters answer code 4000 with the reason.',
  },
  {
    method: 'get',
    path: '/api/data_reports/game_stats/players/export_data/',
    summary: 'The players behind a day of 游戏统计 as an xlsx file (same parameters, no paging; at most 100,000 rows)',
    tag: 'players',
    auth: true,
    query: dayPlayersExportQuery,
    data: nothing,
    file: XLSX,
    notes: "Header X-Export-Rows = the number of rows; failures are the envelope. Granted by the screen's Export button only.",
  },
  {
    method: 'get',
    path: '/api/data_reports/game_stats/',
    summary: 'Daily game statistics: new, active and paying players, revenue, ARPU, d1/d7 retention (one game, or every game as (game, player) pairs)',
    tag: 'players',
    auth: true,
    query: gameStatsQuery,
    data: statsResult,
    notes: `${rules} GET /api/data_reports/game_stats/export/ with the same query answers the same rows as xlsx, newest day first, the summary last (Export button).`,
  },
  {
    method: 'get',
    path: '/api/data_reports/user_stats/',
    summary: 'Daily platform statistics: players are accounts (distinct_id across every game, counted once)',
    tag: 'players',
    auth: true,
    query: userStatsQuery,
    data: statsResult,
    notes: `${rules} An account registers on its first active day in any game and is retained on day N if active in any game that day. GET /api/data_reports/user_stats/export/ answers the rows as xlsx (Export button).`,
  },
  {
    method: 'get',
    path: '/api/data_reports/game_stats/export/',
    summary: 'The game statistics as an xlsx file, newest day first, the summary last (same query)',
    tag: 'players',
    auth: true,
    query: gameStatsQuery,
    data: nothing,
    file: XLSX,
    notes: 'Failures are the envelope. Granted by the screen\'s Export button.',
  },
  {
    method: 'get',
    path: '/api/data_reports/user_stats/export/',
    summary: 'The platform statistics as an xlsx file, newest day first, the summary last (same query)',
    tag: 'players',
    auth: true,
    query: userStatsQuery,
    data: nothing,
    file: XLSX,
    notes: 'Failures are the envelope. Granted by the screen\'s Export button.',
  },
];
