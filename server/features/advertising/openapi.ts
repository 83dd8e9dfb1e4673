import { z } from 'zod';
import {
  attributionQuery,
  attributionResult,
  campaignInstallsExportQuery,
  campaignInstallsPage,
  campaignInstallsQuery,
  campaignInput,
  campaignRow,
  campaignUpdateInput,
  clickBatchInput,
  clickBatchResult,
  clickQuery,
  performanceQuery,
  performanceResult,
  spendInput,
  spendResult,
} from '../../../contracts/schemas';
import { nothing, resourceOperations, XLSX, type Operation } from '../../openapi/operation';

const tag = 'advertisement';
const base = '/api/advertisement/campaign/';
const rules =
  'Attribution (last click): an install (a player\'s first register event, its device_id) goes to the latest click of the same device on a campaign of the same game within the window before it (default 7 days, ?window=1..30), else organic; computed when read, so late clicks and events count. Money in CNY fen. See docs/advertising.md.';
const listQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(999).optional(),
  ordering: z.string().optional(),
  search: z.string().optional(),
  game: z.coerce.number().int().optional(),
  channel: z.string().optional(),
  status: z.enum(['active', 'paused', 'ended']).optional(),
});

/** Advertising (menus advertisement/*) for the OpenAPI document. */
export const ADVERTISING_OPERATIONS: readonly Operation[] = [
  ...resourceOperations(base, {
    tag,
    title: 'Campaigns',
    row: campaignRow,
    create: campaignInput,
    update: campaignUpdateInput,
    query: listQuery,
    notes: 'store_url http(s) only; budget in fen; end_date ≥ start_date; an update keeps the game; a delete removes the campaign\'s spend and clicks.',
  }),
  { method: 'get', path: `${base}spend_template/`, summary: 'The daily spend import template (xlsx: 日期, 花费（元）)', tag, auth: true, data: nothing, file: XLSX },
  { method: 'get', path: `${base}{id}/spend/`, summary: "A campaign's daily spend", tag, auth: true, data: spendResult },
  { method: 'put', path: `${base}{id}/spend/`, summary: 'Enter daily spend (days within the period; a day again replaces it; all or none)', tag, auth: true, body: spendInput, data: spendResult },
  {
    method: 'post',
    path: `${base}{id}/spend/import/`,
    summary: 'Import daily spend from an xlsx sheet (multipart field file: 日期, 花费（元）)',
    tag,
    auth: true,
    multipart: true,
    data: spendResult,
    notes: 'Yuan with at most 2 decimals, converted to fen exactly. Any bad row: code 4000, data [{row, msg}], nothing written. GET …/campaign/spend_template/ gives the template.',
  },
  {
    method: 'post',
    path: `${base}{id}/clicks/`,
    summary: "Click logs an ad network reports (≤ 1000 per call; Update)",
    tag,
    auth: true,
    body: clickBatchInput,
    data: clickBatchResult,
    notes: 'Each click as if its device opened the tracking link at that time: the campaign active and the day within its period, not in the future; refused clicks listed by index, the others kept.',
  },
  { method: 'get', path: `${base}performance/`, summary: 'Campaign figures: spend, clicks, installs, CPI, revenue of attributed players, ROAS (+ per day)', tag, auth: true, query: performanceQuery, data: performanceResult, notes: rules },
  {
    method: 'get',
    path: `${base}installs/`,
    summary: "A campaign's installs figure drilled down: the installs of the range attributed to it (page ≤ 100 rows)",
    tag,
    auth: true,
    query: campaignInstallsQuery,
    data: campaignInstallsPage,
    notes: `Same parameters and definition as the figure in ${base}performance/ (total = that campaign's installs). Granted like the campaign screen. ${rules}`,
  },
  {
    method: 'get',
    path: `${base}installs/export_data/`,
    summary: "A campaign's attributed installs as xlsx (the screen's Export button)",
    tag,
    auth: true,
    query: campaignInstallsExportQuery,
    data: nothing,
    file: XLSX,
  },
  { method: 'get', path: '/api/advertisement/attribution/', summary: 'Installs with their attribution (page ≤ 100 rows)', tag, auth: true, query: attributionQuery, data: attributionResult, notes: rules },
  {
    method: 'get',
    path: '/api/advertisement/click/',
    summary: 'Tracking link: records a click and answers 302 to the store URL (open; per IP rate-limited)',
    tag,
    auth: false,
    query: clickQuery,
    data: nothing,
    notes: 'Only a campaign that is active with today in its period records clicks; otherwise (unknown, paused, ended, bad device) code 4000 and nothing stored. Over the rate limit: HTTP 429.',
  },
];
