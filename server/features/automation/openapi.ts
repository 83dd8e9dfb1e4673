import { z } from 'zod';
import {
  crontabInput,
  crontabRow,
  crontabUpdate,
  intervalInput,
  intervalRow,
  locatorInput,
  locatorRow,
  locatorUpdate,
  pageCheckResults,
  runNowInput,
  runQueued,
  runRow,
  scheduleInput,
  scheduleRow,
  scheduleUpdate,
  taskKindRow,
  workersAnswer,
} from '../../../contracts/schemas';
import { listPage } from '../../../contracts/schemas/envelope';
import { resourceOperations, type Operation } from '../../openapi/operation';

const listQuery = z.object({ page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(100).optional(), search: z.string().optional() });
const runsQuery = listQuery.extend({
  task: z.string().optional(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled']).optional(),
  schedule: z.number().int().optional(),
  trigger: z.enum(['schedule', 'manual']).optional(),
});
const resultsQuery = listQuery.extend({ locator: z.number().int().optional(), game: z.number().int().optional(), passed: z.enum(['true', 'false']).optional() });
const see = 'See docs/automation.md.';

const tag = 'automation';
const runId = { run: z.uuid().describe('The run id') };

/** The routes of one automation resource (list, one, create, update, delete, multiple_delete, export_data). */
function crud(path: string, title: string, row: z.ZodType, create: z.ZodType, update: z.ZodType, notes: string): Operation[] {
  return resourceOperations(path, { tag, title, row, create, update, query: listQuery, notes });
}

/** Automation (menus automation/*) for the OpenAPI document. */
export const AUTOMATION_OPERATIONS: readonly Operation[] = [
  ...crud('/api/automation/crontab/', 'Crontab', crontabRow, crontabInput, crontabUpdate, `Five fields validated with cron-parser in an IANA zone; rows carry next_runs (next 5, ISO 8601 with offset). In use by a schedule → not deletable. ${see}`),
  ...crud('/api/automation/interval/', 'Interval', intervalRow, intervalInput, intervalInput.partial(), `Every N ≥ 1 seconds/minutes/hours/days. ${see}`),
  ...crud('/api/automation/schedule/', 'Schedule', scheduleRow, scheduleInput, scheduleUpdate, `A task kind with arguments checked against its schema, bound to exactly one existing crontab or interval. ${see}`),
  { method: 'post', path: '/api/automation/schedule/{id}/run/', summary: "Queue a schedule's run now", tag, auth: true, data: runQueued, notes: see },
  { method: 'get', path: '/api/automation/task/', summary: 'Task kinds: argument forms, retry limit, timeout, last day of runs by state', tag, auth: true, data: z.array(taskKindRow), notes: see },
  { method: 'post', path: '/api/automation/task/{kind}/run/', summary: 'Run a task kind by hand', tag, auth: true, params: { kind: z.string().describe('A task kind, e.g. pages.check (GET /api/automation/task/)') }, body: runNowInput, data: runQueued, notes: `Arguments that do not match the kind's schema, or (pages.check) a page on a refused address → 4000, nothing queued. ${see}` },
  { method: 'get', path: '/api/automation/task/runs/', summary: 'Runs, newest first', tag, auth: true, query: runsQuery, data: listPage(runRow), notes: see },
  { method: 'get', path: '/api/automation/task/runs/{run}/', summary: 'One run: state, started, finished, result, error, attempts', tag, auth: true, params: runId, data: runRow, notes: see },
  { method: 'post', path: '/api/automation/task/runs/{run}/cancel/', summary: 'Cancel a queued, retrying or running run', tag, auth: true, params: runId, data: runRow, notes: 'A finished run is refused (4000).' },
  { method: 'post', path: '/api/automation/task/runs/{run}/retry/', summary: 'Queue a failed or cancelled run again as a new run', tag, auth: true, params: runId, data: runQueued, notes: see },
  { method: 'get', path: '/api/automation/celery/', summary: 'Workers (server instances) and queues', tag, auth: true, data: workersAnswer, notes: 'A worker silent for more than 15 s is lost.' },
  ...crud('/api/automation/webElement/', 'Page locator', locatorRow, locatorInput, locatorUpdate, `Per H5 game: CSS selector and expectation, evaluated by the task pages.check. file:, non-http and private/loopback/link-local pages are refused. ${see}`),
  { method: 'get', path: '/api/automation/webElement/results/', summary: 'Page check results, newest first', tag, auth: true, query: resultsQuery, data: pageCheckResults, notes: see },
];
