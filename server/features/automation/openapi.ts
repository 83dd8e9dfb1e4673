import { z } from 'zod';
import {
  crontabInput,
  crontabRow,
  intervalInput,
  intervalRow,
  locatorInput,
  locatorRow,
  pageCheckResults,
  runNowInput,
  runQueued,
  runRow,
  scheduleInput,
  scheduleRow,
  taskKindRow,
  workersAnswer,
} from '../../../contracts/schemas';
import { listPage } from '../../../contracts/schemas/envelope';
import type { Operation } from '../../openapi/document';

const listQuery = z.object({ page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(100).optional(), search: z.string().optional() });
const runsQuery = listQuery.extend({
  task: z.string().optional(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled']).optional(),
  schedule: z.number().int().optional(),
  trigger: z.enum(['schedule', 'manual']).optional(),
});
const resultsQuery = listQuery.extend({ locator: z.number().int().optional(), game: z.number().int().optional(), passed: z.enum(['true', 'false']).optional() });
const see = 'See docs/automation.md.';

/** The CRUD routes of one automation resource (list, create, one, update, delete). */
function crud(path: string, name: string, row: z.ZodType, input: z.ZodType, notes: string): Operation[] {
  return [
    { method: 'get', path, summary: `${name}: list`, tag: 'automation', auth: true, query: listQuery, data: listPage(row), notes },
    { method: 'post', path, summary: `${name}: create`, tag: 'automation', auth: true, body: input, data: row, notes },
    { method: 'get', path: `${path}{id}/`, summary: `${name}: one`, tag: 'automation', auth: true, pathId: true, data: row, notes },
    { method: 'put', path: `${path}{id}/`, summary: `${name}: update (only the fields named change)`, tag: 'automation', auth: true, pathId: true, body: input, data: row, notes },
    { method: 'delete', path: `${path}{id}/`, summary: `${name}: delete`, tag: 'automation', auth: true, pathId: true, data: z.array(z.never()), notes },
  ];
}

/** Automation (issue 17, menus automation/*) for the OpenAPI document. */
export const AUTOMATION_OPERATIONS: readonly Operation[] = [
  ...crud('/api/automation/crontab/', 'Crontab', crontabRow, crontabInput, `Five fields validated with cron-parser in an IANA zone; rows carry next_runs (next 5, ISO 8601 with offset). In use by a schedule → not deletable. ${see}`),
  ...crud('/api/automation/interval/', 'Interval', intervalRow, intervalInput, `Every N ≥ 1 seconds/minutes/hours/days. ${see}`),
  ...crud('/api/automation/schedule/', 'Schedule', scheduleRow, scheduleInput, `A task kind with arguments checked against its schema, bound to exactly one existing crontab or interval. ${see}`),
  { method: 'post', path: '/api/automation/schedule/{id}/run/', summary: "Queue a schedule's run now", tag: 'automation', auth: true, pathId: true, data: runQueued, notes: see },
  { method: 'get', path: '/api/automation/task/', summary: 'Task kinds: argument forms, retry limit, timeout, last day of runs by state', tag: 'automation', auth: true, data: z.array(taskKindRow), notes: see },
  { method: 'post', path: '/api/automation/task/{kind}/run/', summary: 'Run a task kind by hand', tag: 'automation', auth: true, body: runNowInput, data: runQueued, notes: `Arguments that do not match the kind's schema, or (pages.check) a page on a refused address → 4000, nothing queued. ${see}` },
  { method: 'get', path: '/api/automation/task/runs/', summary: 'Runs, newest first', tag: 'automation', auth: true, query: runsQuery, data: listPage(runRow), notes: see },
  { method: 'get', path: '/api/automation/task/runs/{id}/', summary: 'One run: state, started, finished, result, error, attempts', tag: 'automation', auth: true, pathId: true, data: runRow, notes: 'The id is the run id (a UUID).' },
  { method: 'post', path: '/api/automation/task/runs/{id}/cancel/', summary: 'Cancel a queued, retrying or running run', tag: 'automation', auth: true, pathId: true, data: runRow, notes: 'A finished run is refused (4000).' },
  { method: 'post', path: '/api/automation/task/runs/{id}/retry/', summary: 'Queue a failed or cancelled run again as a new run', tag: 'automation', auth: true, pathId: true, data: runQueued, notes: see },
  { method: 'get', path: '/api/automation/celery/', summary: 'Workers (server instances) and queues', tag: 'automation', auth: true, data: workersAnswer, notes: 'A worker silent for more than 15 s is lost.' },
  ...crud('/api/automation/webElement/', 'Page locator', locatorRow, locatorInput, `Per H5 game: CSS selector and expectation, evaluated by the task pages.check. file:, non-http and private/loopback/link-local pages are refused. ${see}`),
  { method: 'get', path: '/api/automation/webElement/results/', summary: 'Page check results, newest first', tag: 'automation', auth: true, query: resultsQuery, data: pageCheckResults, notes: see },
];
