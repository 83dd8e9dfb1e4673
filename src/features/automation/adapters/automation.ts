/**
 * The automation port (automation/*): the calls of the task and worker screens beyond the generic
 * resources (crontab, interval and schedule are CRUD resources). Answers are parsed by the schemas of
 * contracts/schemas/automation (a drifted wire shape is a clear "malformed" error). Reads travel like
 * the revenue reports (REST GET with ordered pairs; GraphQL resourceList with `equals` arguments, the
 * same query upstream), writes through the adapter's JSON request (REST POST; the gateway's restWrite).
 * This module loads with the first automation call (not in the login page's chunk).
 */
import { z } from 'zod';
import { runQueued, runRow, taskKindRow, workersAnswer, type RunRow, type RunState, type TaskKindRow, type WorkersAnswer } from '../../../../contracts/schemas/automation';
import { pageCheckResult, type PageCheckResult } from '../../../../contracts/schemas/automation/page-checks';
import { listPage, type ListPage } from '../../../../contracts/schemas/envelope';
import { readParsed, requestParsed, type AnswerSchema, type PortTransport, type ReportParams } from '../../../adapters/port';

export type { PageCheckResult } from '../../../../contracts/schemas/automation/page-checks';
export type { QueueRow, RunRow, RunState, TaskArgument, TaskKindRow, WorkerRow, WorkersAnswer } from '../../../../contracts/schemas/automation';

export const AUTOMATION_PATH = {
  tasks: '/api/automation/task/',
  runs: '/api/automation/task/runs/',
  workers: '/api/automation/celery/',
  schedules: '/api/automation/schedule/',
} as const;

export const runPath = (id: string) => `${AUTOMATION_PATH.runs}${encodeURIComponent(id)}/`;
export const taskRunPath = (kind: string) => `${AUTOMATION_PATH.tasks}${encodeURIComponent(kind)}/run/`;
export const scheduleRunPath = (id: number) => `${AUTOMATION_PATH.schedules}${id}/run/`;

/** A runs list query: newest first; absent parts are not sent. */
export interface RunQuery {
  task?: string;
  state?: RunState;
  schedule?: number;
  trigger?: 'schedule' | 'manual';
  page?: number;
  limit?: number;
}

export type RunPage = ListPage<RunRow>;

export function runParams(q: RunQuery): ReportParams {
  const out: ReportParams = [];
  if (q.task) out.push(['task', q.task]);
  if (q.state) out.push(['state', q.state]);
  if (q.schedule !== undefined) out.push(['schedule', String(q.schedule)]);
  if (q.trigger) out.push(['trigger', q.trigger]);
  if (q.page !== undefined) out.push(['page', String(q.page)]);
  if (q.limit !== undefined) out.push(['limit', String(q.limit)]);
  return out;
}

const runPage = listPage(runRow);
const taskKinds = z.array(taskKindRow);

// The check results of page locators (automation/webElement), newest first.
export const PAGE_CHECK_RESULTS_PATH = '/api/automation/webElement/results/';

/** A results query: absent parts are not sent (the server pages by 20 up to 100). */
export interface PageCheckQuery {
  locator?: number;
  game?: number;
  passed?: boolean;
  page?: number;
  limit?: number;
}

export type PageCheckPage = ListPage<PageCheckResult>;

export function pageCheckParams(q: PageCheckQuery): ReportParams {
  const out: ReportParams = [];
  if (q.locator !== undefined) out.push(['locator', String(q.locator)]);
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  if (q.passed !== undefined) out.push(['passed', String(q.passed)]);
  if (q.page !== undefined) out.push(['page', String(q.page)]);
  if (q.limit !== undefined) out.push(['limit', String(q.limit)]);
  return out;
}

const checkPage = listPage(pageCheckResult);

/** The calls of the automation screens beyond the generic resources. */
export interface AutomationPort {
  /** GET task/: the task kinds with their argument forms and the last day's runs by state. */
  taskKinds(): Promise<TaskKindRow[]>;
  /** GET task/runs/ with the query: one page, newest first. */
  runs(query: RunQuery): Promise<RunPage>;
  /** GET task/runs/{id}/. */
  run(id: string): Promise<RunRow>;
  /** POST task/{kind}/run/ {args}: queues a run now; resolves with its id. */
  runTask(kind: string, args: Record<string, unknown>): Promise<string>;
  /** POST schedule/{id}/run/: queues a run of the schedule now; resolves with its id. */
  runSchedule(id: number): Promise<string>;
  /** POST task/runs/{id}/cancel/: the run as it is now (cancelled). */
  cancelRun(id: string): Promise<RunRow>;
  /** POST task/runs/{id}/retry/: a new run with the same task and arguments; resolves with its id. */
  retryRun(id: string): Promise<string>;
  /** GET celery/: the workers and the queues. */
  workers(): Promise<WorkersAnswer>;
  /** GET webElement/results/ with the query: one page of the page locators' check results, newest first. */
  pageChecks(query: PageCheckQuery): Promise<PageCheckPage>;
}

/** The id of the run a POST queued. */
const queuedId: AnswerSchema<string> = runQueued.transform((queued) => queued.run_id);

/** The automation port over an adapter's transport: reads like the revenue reports, writes as JSON requests. */
export function createAutomationPort(transport: PortTransport): AutomationPort {
  const post = <T>(path: string, body: unknown, schema: AnswerSchema<T>) => requestParsed(transport, { method: 'POST', path, body }, schema);
  return {
    taskKinds: () => readParsed(transport, AUTOMATION_PATH.tasks, [], taskKinds),
    runs: (query) => readParsed(transport, AUTOMATION_PATH.runs, runParams(query), runPage),
    run: (id) => readParsed(transport, runPath(id), [], runRow),
    workers: () => readParsed(transport, AUTOMATION_PATH.workers, [], workersAnswer),
    runTask: (kind, args) => post(taskRunPath(kind), { args }, queuedId),
    runSchedule: (id) => post(scheduleRunPath(id), {}, queuedId),
    cancelRun: (id) => post(`${runPath(id)}cancel/`, {}, runRow),
    retryRun: (id) => post(`${runPath(id)}retry/`, {}, queuedId),
    pageChecks: (query) => readParsed(transport, PAGE_CHECK_RESULTS_PATH, pageCheckParams(query), checkPage),
  };
}
