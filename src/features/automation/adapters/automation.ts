/**
 * Automation (issue 17, automation/*): the calls of the task and worker screens beyond the generic
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
import type { ReportParams } from '../../tracking/adapters/tracking';

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

export const AUTOMATION_PARSERS = {
  tasks: (data: unknown): TaskKindRow[] | null => taskKinds.safeParse(data).data ?? null,
  runs: (data: unknown): RunPage | null => runPage.safeParse(data).data ?? null,
  run: (data: unknown): RunRow | null => runRow.safeParse(data).data ?? null,
  queued: (data: unknown): string | null => runQueued.safeParse(data).data?.run_id ?? null,
  workers: (data: unknown): WorkersAnswer | null => workersAnswer.safeParse(data).data ?? null,
};

/** The calls of the automation screens beyond the generic resources. */
export interface AutomationApi {
  /** GET task/: the task kinds with their argument forms and the last day's runs by state. */
  taskKinds(): Promise<TaskKindRow[]>;
  /** GET task/runs/ with the query: one page, newest first. */
  taskRuns(query: RunQuery): Promise<RunPage>;
  /** GET task/runs/{id}/. */
  taskRun(id: string): Promise<RunRow>;
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
  // issue 17 rest: the results history of the page locators (automation/webElement).
  /** GET webElement/results/ with the query: one page of check results, newest first. */
  pageCheckResults(query: PageCheckQuery): Promise<PageCheckPage>;
}

// issue 17 rest: the check results of page locators (automation/webElement), newest first.
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
export const parsePageCheckPage = (data: unknown): PageCheckPage | null => checkPage.safeParse(data).data ?? null;
