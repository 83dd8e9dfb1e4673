import { dayOrdersExportQuery, dayOrdersPage, dayOrdersQuery } from '../../../contracts/schemas/income/day-orders';
import { z } from 'zod';
import {
  distributionQuery,
  distributionResult,
  historyQuery,
  historyResult,
  incomeRangeQuery,
  listPage,
  orderBatch,
  orderIngestResult,
  orderRow,
  overviewResult,
  rankQuery,
  rankResult,
} from '../../../contracts/schemas';
import { nothing, XLSX, type Operation } from '../../openapi/operation';

const rules =
  'Amounts in REPORT_CURRENCY (CNY) minor units (fen), converted once per order at the fixed rates of ORDER_CURRENCIES. Gross by paid day, refunds by refund day, revenue = gross − refunds. Days are calendar days in ANALYTICS_TZ, both ends counted, at most 366. Bad parameters answer code 4000 with the reason. See docs/income.md.';

const ordersQuery = z.object({
  page: z.string().optional(),
  limit: z.string().optional(),
  game: z.string().optional(),
  status: z.enum(['paid', 'refunded']).optional(),
  currency: z.string().optional(),
  channel: z.string().optional(),
  method: z.string().optional(),
  region: z.string().optional(),
  order_id: z.string().optional(),
  distinct_id: z.string().optional(),
  search: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  ordering: z.enum(['time', '-time', 'amount_cny', '-amount_cny']).optional(),
});

/** Orders and revenue (menus center_income/*) for the OpenAPI document. */
export const INCOME_OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/api/ingest/orders/',
    summary: 'Payment callbacks from a game server (≤ 1,000 orders, ≤ 1 MB)',
    tag: 'income',
    auth: false,
    body: orderBatch,
    data: orderIngestResult,
    notes:
      'Signed exactly like POST /api/embed/track/: X-App-Key (the game\'s tracking app) and X-Signature = lowercase hex HMAC-SHA256 of the raw body with the app secret. Idempotent by (game, order_id): an identical repeat is counted in duplicates; a repeat with different content is refused (the first kept) and recorded. status refunded marks a known paid order refunded at time. Batch-level failures: HTTP 401/413/400 envelopes; per-callback ones in data.rejected.',
  },
  { method: 'get', path: '/api/center_income/overview/', summary: 'Revenue, paying and active players, ARPU, ARPPU, paying rate of a range', tag: 'income', auth: true, query: incomeRangeQuery, data: overviewResult, notes: rules },
  { method: 'get', path: '/api/center_income/history/', summary: 'Daily revenue of a range, with the previous period or the same days last month', tag: 'income', auth: true, query: historyQuery, data: historyResult, notes: rules },
  {
    method: 'get',
    path: '/api/center_income/history/orders/',
    summary: 'The orders behind one day of revenue (drill-down): paid that day (total = orders, sum = gross) or refunded that day (refund_orders, refunds), with the day\'s figures, paged',
    tag: 'income',
    auth: true,
    query: dayOrdersQuery,
    data: dayOrdersPage,
    notes: `revenue = gross − refunds, as the history's day. Newest first. Granted like the history. ${rules}`,
  },
  {
    method: 'get',
    path: '/api/center_income/history/orders/export_data/',
    summary: 'The orders of one day (paid or refunded) as an xlsx file (same parameters, no paging; at most 100,000 rows)',
    tag: 'income',
    auth: true,
    query: dayOrdersExportQuery,
    data: nothing,
    file: XLSX,
    notes: "Header X-Export-Rows = the number of rows; failures are the envelope. Granted by 历史收入's Export button only.",
  },
  { method: 'get', path: '/api/center_income/distribution/', summary: 'Revenue by game, channel, region or payment method, with shares', tag: 'income', auth: true, query: distributionQuery, data: distributionResult, notes: rules },
  { method: 'get', path: '/api/center_income/rank/', summary: 'Top games, channels or players by revenue (limit 1..100)', tag: 'income', auth: true, query: rankQuery, data: rankResult, notes: rules },
  {
    method: 'get',
    path: '/api/center_income/details/',
    summary: 'The orders, newest first, filtered and paged (limit ≤ 100)',
    tag: 'income',
    auth: true,
    query: ordersQuery,
    data: listPage(orderRow),
    notes: 'GET /api/center_income/details/export/ with the same filters streams every matching order as xlsx (header X-Export-Rows = their number; granted by the screen\'s Export button). start/end: paid day in ANALYTICS_TZ.',
  },
  {
    method: 'get',
    path: '/api/center_income/details/export/',
    summary: 'Every order matching the filters of the list, as an xlsx file streamed while it is read',
    tag: 'income',
    auth: true,
    query: ordersQuery,
    data: nothing,
    file: XLSX,
    notes: 'Header X-Export-Rows = the number of orders; failures are the envelope. Granted by the screen\'s Export button.',
  },
];
