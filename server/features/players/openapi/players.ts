import { z } from 'zod';
import { deviceRow, DEVICE_ORDERINGS, listPage, retentionQuery, retentionResult } from '../../../../contracts/schemas';
import type { Operation } from '../../../openapi/operation';

const rules =
  'A player is a (game, distinct_id); its registration (cohort) day is its first calendar day (ANALYTICS_TZ) with any tracked event or paid order; it is retained on day N if active on registration day + N. Rates have 6 decimals; null while day N has not begun or without players. Cohort days start..end, both counted, at most 366. Bad parameters answer code 4000 with the reason. See docs/players.md.';

/** Players (menus center_users/*) for the OpenAPI document. */
export const PLAYERS_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/center_users/retention/', summary: 'Cohort retention (day 1, 3, 7, 14, 30) by registration day, with the weighted total and the 1..30 curve', tag: 'players', auth: true, query: retentionQuery, data: retentionResult, notes: rules },
  {
    method: 'get',
    path: '/api/center_users/devices/',
    summary: 'Devices seen on register/login events: model, OS, first/last seen, accounts on each (limit ≤ 100)',
    tag: 'players',
    auth: true,
    query: z.object({ page: z.string().optional(), limit: z.string().optional(), search: z.string().optional(), os: z.string().optional(), game: z.string().optional(), distinct_id: z.string().optional(), shared: z.enum(['1', '0']).optional(), ordering: z.enum(DEVICE_ORDERINGS).optional() }),
    data: listPage(deviceRow),
    notes: 'From the device_id, device_model, os and os_version properties of register and login events, kept as they arrive (latest model/OS wins). account_list holds the first 10 accounts. Bad parameters answer code 4000 with the reason. See docs/players.md.',
  },
];
