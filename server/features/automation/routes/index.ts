import type { FastifyInstance } from 'fastify';
import { runNowInput, TASK_ARGS, type TaskKind } from '../../../../contracts/schemas/automation';
import type { AppContext } from '../../../context';
import { isRunId, listRuns, runById, taskKinds, workersAndQueues } from '../domain/automation';
import { CrudResource } from '../../../domain/crud/resource';
import { crontabSpec } from '../resources/crontab';
import { intervalSpec } from '../resources/interval';
import { pageLocatorSpec } from '../resources/page-locator';
import { scheduleSpec } from '../resources/schedule';
import { pageCheckResults } from '../domain/page-checks';
import { CrudError } from '../../../domain/crud/spec';
import { parseInput } from '../../../domain/validation';
import { currentAccount } from '../../../http/auth';
import { fail, NOT_FOUND_MSG, ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { RunError } from '../../../jobs/queue';
import { guarded, ID, NOT_FOUND, registerResource, rowId } from '../../../http/crud-routes';

/**
 * Automation under /api/automation/: crontab, interval and schedule resources; the task
 * kinds, their runs (list, one, cancel, retry) and "run now"; the workers and queues (celery).
 */
export async function automationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Lists are not kept in memory: next runs move with the clock and the ticker.
  registerResource(app, ctx, new CrudResource(crontabSpec(), ctx.db), { noImport: true });
  registerResource(app, ctx, new CrudResource(intervalSpec(), ctx.db), { noImport: true });
  registerResource(app, ctx, new CrudResource(scheduleSpec(ctx.jobs.tasks), ctx.db), { noImport: true });
  // Page checks (automation/webElement): the locators, and the results of their evaluations.
  registerResource(app, ctx, new CrudResource(pageLocatorSpec(new Set(ctx.config.pageCheckAllowHosts)), ctx.db), { noImport: true });
  app.get('/api/automation/webElement/results/', async (req, reply) =>
    guarded(reply, async () => {
      const q: unknown = req.query ?? {};
      if (!isRecord(q)) return fail('查询参数格式不正确');
      return ok(await pageCheckResults(ctx.db, q), '获取成功');
    }),
  );

  const runFailure = (err: unknown) => {
    if (err instanceof RunError) throw new CrudError(err.message);
    throw err;
  };

  app.get('/api/automation/task/', async () => ok(await taskKinds(ctx.db, ctx.jobs.tasks), '获取成功'));

  app.post<{ Params: { kind: string } }>('/api/automation/task/:kind/run/', async (req, reply) =>
    guarded(reply, async () => {
      const def = ctx.jobs.tasks.of(req.params.kind);
      if (!def) return fail(`任务「${req.params.kind}」不存在。`);
      const body = parseInput(runNowInput, req.body ?? {});
      if (!body.ok) return fail(body.msg);
      const args = TASK_ARGS[def.kind as TaskKind].safeParse(body.data.args);
      if (!args.success) {
        const issue = args.error.issues[0];
        return fail(`参数:${issue ? `${issue.path.join('.') || '参数'} ${issue.message}` : '与任务定义不符。'}`);
      }
      const refusal = def.refusal ? await def.refusal(args.data, ctx, currentAccount(req).id) : null;
      if (refusal) return fail(refusal);
      const runId = await ctx.jobs.enqueue({ task: def.kind, args: args.data as Record<string, unknown>, trigger: 'manual', requestedBy: currentAccount(req).id }).catch(runFailure);
      return ok({ run_id: runId }, '已加入队列');
    }),
  );

  app.get('/api/automation/task/runs/', async (req, reply) =>
    guarded(reply, async () => {
      const q: unknown = req.query ?? {};
      if (!isRecord(q)) return fail('查询参数格式不正确');
      return ok(await listRuns(ctx.db, q, ctx.jobs.tasks));
    }),
  );

  app.get<{ Params: { run: string } }>('/api/automation/task/runs/:run/', async (req) => {
    const run = await runById(ctx.db, req.params.run, ctx.jobs.tasks);
    return run ? ok(run, '获取成功') : fail(NOT_FOUND_MSG, 400);
  });

  app.post<{ Params: { run: string } }>('/api/automation/task/runs/:run/cancel/', async (req, reply) =>
    guarded(reply, async () => {
      if (!isRunId(req.params.run)) return NOT_FOUND;
      await ctx.jobs.cancel(req.params.run).catch(runFailure);
      return ok(await runById(ctx.db, req.params.run, ctx.jobs.tasks), '已取消');
    }),
  );

  app.post<{ Params: { run: string } }>('/api/automation/task/runs/:run/retry/', async (req, reply) =>
    guarded(reply, async () => {
      if (!isRunId(req.params.run)) return NOT_FOUND;
      const runId = await ctx.jobs.retry(req.params.run, currentAccount(req).id).catch(runFailure);
      return ok({ run_id: runId }, '已重新加入队列');
    }),
  );

  app.post(`/api/automation/schedule/${ID}/run/`, async (req, reply) =>
    guarded(reply, async () => {
      const id = rowId(req) ?? 0;
      const s = (await ctx.db.query<{ id: number; name: string; task: string; args: Record<string, unknown>; exclusive: boolean }>(
        'SELECT id, name, task, args, exclusive FROM automation_schedules WHERE id = $1',
        [id],
      ))[0];
      if (!s) return NOT_FOUND;
      const def = ctx.jobs.tasks.of(s.task);
      const args = def?.args.safeParse(s.args);
      const refusal = def?.refusal && args?.success ? await def.refusal(args.data, ctx, currentAccount(req).id) : null;
      if (refusal) return fail(refusal);
      // The run and the schedule's 上次运行 / 运行次数 in one transaction: a manual run counts like a timed one.
      const runId = await ctx.db
        .transaction(async (tx) => {
          const id = await ctx.jobs.enqueue({ task: s.task, args: s.args, trigger: 'manual', schedule: { id: s.id, name: s.name }, requestedBy: currentAccount(req).id, exclusive: s.exclusive }, tx);
          await tx.query('UPDATE automation_schedules SET last_run = now(), total_runs = total_runs + 1 WHERE id = $1', [s.id]);
          return id;
        })
        .catch(runFailure);
      ctx.jobs.wake(s.exclusive);
      return ok({ run_id: runId }, '已加入队列');
    }),
  );

  app.get('/api/automation/celery/', async () => {
    // This instance's own row is brought up to date first; the others' are at most a heartbeat old.
    await ctx.jobs.heartbeat();
    return ok(await workersAndQueues(ctx.db, ctx.jobs.tasks), '获取成功');
  });
}
