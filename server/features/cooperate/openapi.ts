import {
  lockIn,
  partnerOverviewQuery,
  partnerOverviewResult,
  partnerSettlement,
  rateList,
  rateQuery,
  settlementQuery,
  settlementResult,
  shareRate,
  shareRateIn,
} from '../../../contracts/schemas';
import { nothing, XLSX, type Operation } from '../../openapi/operation';

const rules =
  'Revenue per game and month from the one revenue function (as center_income/*): orders paid in the month − refunds made in it, CNY fen, months in ANALYTICS_TZ. partner_amount = revenue × rate_bp / 10000, half away from zero; the rate in effect is the latest with effective_month ≤ the month. A locked month is read from its confirmed record. See docs/cooperate.md.';

/** Partners (menus cooperate/*) for the OpenAPI document. */
export const COOPERATE_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/cooperate/overview/', summary: 'Per partner: games, active and paying players, revenue, share of the total, current rate', tag: 'cooperate', auth: true, query: partnerOverviewQuery, data: partnerOverviewResult, notes: rules },
  {
    method: 'get',
    path: '/api/cooperate/reports/',
    summary: "A month's settlement per partner and game",
    tag: 'cooperate',
    auth: true,
    query: settlementQuery,
    data: settlementResult,
    notes: `${rules} GET /api/cooperate/reports/export/ with the same query answers the same rows as xlsx (amounts in fen; Export button).`,
  },
  {
    method: 'get',
    path: '/api/cooperate/reports/export/',
    summary: "A month's settlement as an xlsx file (amounts in fen)",
    tag: 'cooperate',
    auth: true,
    query: settlementQuery,
    data: nothing,
    file: XLSX,
    notes: 'Failures are the envelope. Granted by the screen\'s Export button.',
  },
  { method: 'get', path: '/api/cooperate/reports/rates/', summary: "A partner's revenue-share rates, newest effective month first", tag: 'cooperate', auth: true, query: rateQuery, data: rateList, notes: rules },
  {
    method: 'post',
    path: '/api/cooperate/reports/rates/',
    summary: 'Set a partner\'s rate from a month on (Update button)',
    tag: 'cooperate',
    auth: true,
    body: shareRateIn,
    data: shareRate,
    notes: 'The same month again replaces its rate. Refused (4000) when the partner has a locked month at or after effective_month.',
  },
  {
    method: 'post',
    path: '/api/cooperate/reports/lock/',
    summary: "Confirm (lock) a partner's ended month (Update button)",
    tag: 'cooperate',
    auth: true,
    body: lockIn,
    data: partnerSettlement,
    notes: 'Stores the settlement as it is now; afterwards the month is read from that record. A month not yet ended, or already locked, is refused (4000).',
  },
];
