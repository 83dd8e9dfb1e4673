// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageCheckResult, runRow, taskKindRow, workersAnswer } from '../../../../contracts/schemas/automation';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { pageCheckParams, runParams } from './automation';
import { ApiError } from '../../../adapters/errors';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the automation port (automation/task and
 * automation/celery) over both adapters. The upstream is a stand-in answering in the shapes of
 * contracts/schemas/automation (each answer parsed by its schema first) and recording what reached it;
 * the GraphQL adapter goes through the real gateway code (executeGateway) mounted on that stand-in. The
 * server side is tested in contracts/tests/automation.spec.ts and server/jobs/*.test.ts; crontab,
 * interval and schedule are generic resources (their calls are in both-adapters.test.ts).
 */

const RUN_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const NEW_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const KIND = taskKindRow.parse({
  kind: 'diagnostics.probe',
  name: '队列探测',
  description: '检验任务队列',
  arguments: [{ name: 'fail_attempts', label: '先失败次数', type: 'integer', required: false, default: 0, min: 0, max: 10 }],
  retry_limit: 3,
  timeout_seconds: 900,
  recent: { succeeded: 4, failed: 1 },
});
const RUN = runRow.parse({
  id: RUN_ID,
  task: 'diagnostics.probe',
  task_name: '队列探测',
  args: { fail_attempts: 1 },
  schedule: null,
  schedule_name: null,
  trigger: 'manual',
  due: null,
  state: 'succeeded',
  attempts: 2,
  max_attempts: 4,
  queued: '2026-11-25T01:00:00.000Z',
  started: '2026-11-25T01:00:00.100Z',
  finished: '2026-11-25T01:00:02.300Z',
  duration_ms: 2200,
  result: { message: 'ok' },
  error: null,
  instance: 'w-1',
  retry_of: null,
});
const WORKERS = workersAnswer.parse({
  workers: [{ instance: 'w-1', host: 'node-a', pid: 42, started: '2026-11-25T00:00:00Z', heartbeat: '2026-11-25T01:00:00Z', stopped: null, status: 'online', in_flight: 1, completed: 10, failed: 2, load: { loadavg: [0.5, 0.4, 0.3], cpu: 0.12, rss_mb: 180, event_loop_lag_ms: 3 } }],
  queues: [{ queue: 'tasks', task: 'diagnostics.probe', queued: 1, active: 1, retrying: 0, failed: 0, completed: 3 }],
  lost_after_seconds: 15,
});

// One check result of a page locator.
const CHECK = pageCheckResult.parse({
  id: 31,
  run: RUN_ID,
  game: 12,
  locator: 2,
  url: 'https://h5.example.com/ddz/',
  http_status: 200,
  passed: false,
  actual: '继续游戏',
  message: '文本不包含「开始」',
  duration_ms: 182,
  checked_at: '2026-11-25 09:00:00',
});

const upstream = standInUpstream(executeGateway, ({ url, path: p }, { ok, refuse }) => {
  if (p === '/api/automation/task/') return ok([KIND]);
  if (p === '/api/automation/task/runs/') {
    if (url.searchParams.get('state') === 'drift') return ok({ page: 1, limit: 20, total: 1, data: [{ ...RUN, state: 'lost' }] });
    return ok({ page: Number(url.searchParams.get('page') ?? 1), limit: 20, total: 1, is_next: false, is_previous: false, data: [RUN] });
  }
  if (p === `/api/automation/task/runs/${RUN_ID}/`) return ok(RUN);
  if (p === `/api/automation/task/runs/${RUN_ID}/cancel/`) return refuse('任务已结束（succeeded），不能取消。');
  if (p === `/api/automation/task/runs/${RUN_ID}/retry/`) return ok({ run_id: NEW_ID });
  if (p === '/api/automation/task/diagnostics.probe/run/') return ok({ run_id: NEW_ID });
  if (p === '/api/automation/schedule/4/run/') return ok({ run_id: NEW_ID });
  if (p === '/api/automation/celery/') return ok(WORKERS);
  // The page check results.
  if (p === '/api/automation/webElement/results/') {
    if (url.searchParams.get('locator') === '99') return ok({ page: 1, limit: 20, total: 1, data: [{ ...CHECK, passed: 'yes' }] });
    return ok({ page: Number(url.searchParams.get('page') ?? 1), limit: 10, total: 11, is_next: true, is_previous: true, data: [CHECK] });
  }
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'auto-token');

describe('the runs query pairs', () => {
  it('task, state, schedule, trigger, page, limit in that order; absent parts left out', () => {
    expect(reportQueryString(runParams({ task: 'logs.cleanup', state: 'failed', schedule: 3, trigger: 'schedule', page: 2, limit: 50 }))).toBe('task=logs.cleanup&state=failed&schedule=3&trigger=schedule&page=2&limit=50');
    expect(reportQueryString(runParams({ page: 1 }))).toBe('page=1');
  });
});

describe('the page check results query pairs', () => {
  it('locator, game, passed, page, limit in that order; absent parts left out', () => {
    expect(reportQueryString(pageCheckParams({ locator: 2, game: 12, passed: false, page: 2, limit: 10 }))).toBe('locator=2&game=12&passed=false&page=2&limit=10');
    expect(reportQueryString(pageCheckParams({ locator: 5 }))).toBe('locator=5');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the automation calls over %s', (kind) => {
  // The results history of a locator.
  it('page check results reach the REST route with their query and answer the schema shape; a drifted row is a format error', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.automation.pageChecks({ locator: 2, passed: false, page: 2, limit: 10 })).resolves.toEqual({ page: 2, limit: 10, total: 11, is_next: true, is_previous: true, data: [CHECK] });
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual(['GET /api/automation/webElement/results/?locator=2&passed=false&page=2&limit=10']);
    expect(callbacks.notices).toEqual([]);
    const drift = await api.automation.pageChecks({ locator: 99 }).catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
  });

  it('task kinds, runs, one run and the workers reach the REST routes and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.automation.taskKinds()).resolves.toEqual([KIND]);
    await expect(api.automation.runs({ state: 'succeeded', task: 'diagnostics.probe', page: 1, limit: 20 })).resolves.toMatchObject({ total: 1, data: [RUN] });
    await expect(api.automation.run(RUN_ID)).resolves.toEqual(RUN);
    await expect(api.automation.workers()).resolves.toEqual(WORKERS);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /api/automation/task/?',
      'GET /api/automation/task/runs/?task=diagnostics.probe&state=succeeded&page=1&limit=20',
      `GET /api/automation/task/runs/${RUN_ID}/?`,
      'GET /api/automation/celery/?',
    ]);
    expect(seen.every((s) => s.auth === 'JWT auto-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('run now, a schedule run and a retry POST their JSON bodies and answer the new run id', async () => {
    const { api } = adapter(kind);
    seen.length = 0;
    await expect(api.automation.runTask('diagnostics.probe', { fail_attempts: 2 })).resolves.toBe(NEW_ID);
    await expect(api.automation.runSchedule(4)).resolves.toBe(NEW_ID);
    await expect(api.automation.retryRun(RUN_ID)).resolves.toBe(NEW_ID);
    expect(seen.map((s) => [s.method, s.path, JSON.parse(s.body || '{}') as unknown])).toEqual([
      ['POST', '/api/automation/task/diagnostics.probe/run/', { args: { fail_attempts: 2 } }],
      ['POST', '/api/automation/schedule/4/run/', {}],
      ['POST', `/api/automation/task/runs/${RUN_ID}/retry/`, {}],
    ]);
  });

  it('a refused cancel is an ApiError with the server message, toasted once; a drifted run is malformed', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.automation.cancelRun(RUN_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('任务已结束（succeeded），不能取消。');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['任务已结束（succeeded），不能取消。']);
    const drift = await api.automation.runs({ state: 'drift' as never }).catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
  });
});
