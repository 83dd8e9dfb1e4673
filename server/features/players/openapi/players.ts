import { z } from 'zod';
import { deviceRow, DEVICE_ORDERINGS, listPage, retentionPlayersExportQuery, retentionPlayersPage, retentionPlayersQuery, retentionQuery, retentionResult } from '../../../../contracts/schemas';
import { nothing, XLSX, type Operation } from '../../../openapi/operation';
import { ACCOUNTS_OPERATIONS } from './accounts';

const rules =
  'A player is a (game, distinct_id); its registration (cohort) day is its first calendar day (ANALYTICS_TZ) with any tracked event or paid order; it is retained on day N if active on registration day + N. Rates have 6 decimals; null while day N has not begun or without players. Cohort days start..end, both counted, at most 366. Bad parameters answer code 4000 with the reason. See docs/players.md.';

const deviceQuery = z.object({ page: z.string().optional(), limit: z.string().optional(), search: z.string().optional(), os: z.string().optional(), game: z.string().optional(), distinct_id: z.string().optional(), shared: z.enum(['1', '0']).optional(), ordering: z.enum(DEVICE_ORDERINGS).optional() });
/** The query of a screen's list (its export takes the same). */
const listQueryOf = (path: string) => ACCOUNTS_OPERATIONS.find((o) => o.method === 'get' && o.path === path)?.query ?? z.object({});

/** Players (menus center_users/*) for the OpenAPI document. */
export const PLAYERS_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/center_users/retention/', summary: 'Cohort retention (day 1, 3, 7, 14, 30) by registration day, with the weighted total and the 1..30 curve', tag: 'players', auth: true, query: retentionQuery, data: retentionResult, notes: rules },
  {
    method: 'get',
    path: '/api/center_users/retention/players/',
    summary: 'The players behind a retention cell (drill-down): the cohort of `day` retained on day `n` (n = 0: the whole cohort), same game and channel filters, paged',
    tag: 'players',
    auth: true,
    query: retentionPlayersQuery,
    data: retentionPlayersPage,
    notes: `total = the matrix's retained[n] of that cohort (players for n = 0). Ordered by game, then player. Granted like the matrix. ${rules}`,
  },
  {
    method: 'get',
    path: '/api/center_users/retention/players/export_data/',
    summary: 'The players behind a retention cell as an xlsx file (same parameters, no paging; at most 100,000 rows)',
    tag: 'players',
    auth: true,
    query: retentionPlayersExportQuery,
    data: nothing,
    file: XLSX,
    notes: "Failures are the envelope. Granted by the screen's Export button only.",
  },
  {
    method: 'get',
    path: '/api/center_users/devices/',
    summary: 'Devices seen on register/login events: model, OS, first/last seen, accounts on each (limit ≤ 100)',
    tag: 'players',
    auth: true,
    query: deviceQuery,
    data: listPage(deviceRow),
    notes: 'From the device_id, device_model, os and os_version properties of register and login events, kept as they arrive (latest model/OS wins). account_list holds the first 10 accounts. Bad parameters answer code 4000 with the reason. See docs/players.md.',
  },
  ...(['accounts', 'devices', 'game_users'] as const).map(
    (screen): Operation => ({
      method: 'get',
      path: `/api/center_users/${screen}/export_data/`,
      summary: `Every row of the ${screen} list for the same filters and ordering (page and limit ignored, at most 100,000), as an xlsx file streamed while it is read`,
      tag: 'players',
      auth: true,
      query: screen === 'devices' ? deviceQuery : listQueryOf(`/api/center_users/${screen}/`),
      data: nothing,
      file: XLSX,
      notes: "Header X-Export-Rows = the number of rows; bad filters answer code 4000. Granted by the screen's Export button only. See docs/players.md.",
    }),
  ),
];
