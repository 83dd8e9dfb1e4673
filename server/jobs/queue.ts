import { randomBytes, randomUUID } from 'node:crypto';
import { hostname, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import { WORKER_HEARTBEAT_SECONDS, type RunState } from '../../contracts/schemas/automation';
import type { AppContext } from '../context';
import type { Db, Queryable } from '../db/db';
import { JOB_SCHEMA } from '../db/changes';
import { bossDb, bossTx } from './boss-db';
import { nextAfter } from './schedule-time';
import { taskOf, type TaskDefinition } from './tasks';

/**
 * The job queue (issue 17): pg-boss on the server's own database (embedded or PostgreSQL), two
 * queues: `tasks` (every run) and `tasks.exclusive` (pg-boss's singleton policy keyed by schedule:
 * at most one active run per exclusive schedule); a job names its task kind. Two queues, not one per
 * kind, because each queue is polled by every instance. Every server instance is a worker:
 * it polls the queues, runs jobs concurrently (a batch of up to BATCH per poll), writes each run's
 * progress to automation_runs in the same transaction as pg-boss's completion or failure, ticks the
 * schedules every second and writes a heartbeat to automation_workers.
 */

const BATCH = 500;
/** Other instances' jobs are found by polling; this instance's own are started at once (notifyWorker). */
const POLL_SECONDS = 1;
export const QUEUES = { standard: 'tasks', exclusive: 'tasks.exclusive' } as const;
/** pg-boss's own deadline is the task's timeout plus this: our AbortController fires first. */
const EXPIRE_MARGIN_SECONDS = 60;
/** At most this many due schedules are enqueued per tick (one transaction). */
const TICK_LIMIT = 2000;

export class RunError extends Error {}
/** A failure no retry can mend (arguments that do not match the task): failed at once. */
class FinalError extends RunError {}

/** Creates (or upgrades) pg-boss's schema: at migration time, so no request waits for it. */
export async function ensureJobSchema(db: Db): Promise<void> {
  const boss = new PgBoss({ db: bossDb(db), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

interface Job {
  id: string;
  name: string;
  data: { run?: string; task?: string };
  retryCount: number;
  retryLimit: number;
}

export interface EnqueueRequest {
  task: string;
  args: Record<string, unknown>;
  trigger: 'schedule' | 'manual';
  schedule?: { id: number; name: string } | null;
  due?: Date | null;
  requestedBy?: number | null;
  exclusive?: boolean;
  /** The failed or cancelled run this one repeats. */
  retryOf?: string | null;
}

function queueOf(exclusive: boolean): string {
  return exclusive ? QUEUES.exclusive : QUEUES.standard;
}

function jobOf(def: TaskDefinition, id: string, exclusive: boolean, key: string | null) {
  return {
    id,
    name: queueOf(exclusive),
    data: { run: id, task: def.kind },
    retryLimit: def.retryLimit,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: def.timeoutSeconds + EXPIRE_MARGIN_SECONDS,
    ...(exclusive && key ? { singletonKey: key } : {}),
  };
}

export class JobQueue {
  readonly instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private boss: PgBoss | null = null;
  private readonly running = new Map<string, AbortController>();
  private readonly workerIds = new Map<string, string>();
  private completed = 0;
  private failed = 0;
  private timers: NodeJS.Timeout[] = [];
  private ticking = false;
  private stopping = false;
  private readonly lag = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = process.cpuUsage();
  private lastCpuAt = Date.now();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {}

  get started(): boolean {
    return this.boss !== null;
  }

  /** Starts this instance's worker: queues, handlers, schedule ticker, heartbeat. */
  async start(): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      db: bossDb(this.ctx.db),
      schema: JOB_SCHEMA,
      migrate: false,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 30,
      monitorStateIntervalSeconds: 30,
    });
    boss.on('error', (err: unknown) => this.log('job queue', err));
    await boss.start();
    const existing = new Set((await boss.getQueues()).map((q: { name: string }) => q.name));
    if (!existing.has(QUEUES.standard)) await boss.createQueue(QUEUES.standard, { name: QUEUES.standard, policy: 'standard' });
    if (!existing.has(QUEUES.exclusive)) await boss.createQueue(QUEUES.exclusive, { name: QUEUES.exclusive, policy: 'singleton' });
    for (const queue of [QUEUES.standard, QUEUES.exclusive]) {
      const worker = await boss.work<{ run?: string; task?: string }>(queue, { batchSize: BATCH, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true }, async (jobs) => {
        await Promise.all((jobs as unknown as Job[]).map((job) => this.runJob(job)));
      });
      this.workerIds.set(queue, worker);
    }
    this.boss = boss;
    this.lag.enable();
    await this.heartbeat();
    this.timers.push(setInterval(() => void this.heartbeat(), WORKER_HEARTBEAT_SECONDS * 1000));
    this.timers.push(setInterval(() => void this.tick(), 1000));
    for (const t of this.timers) t.unref();
  }

  /** Stops polling, aborts nothing that runs (it finishes, up to 10 s), marks this worker stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }).catch((err: unknown) => this.log('job queue stop', err));
    this.lag.disable();
    await this.ctx.db.query('UPDATE automation_workers SET stopped = now(), heartbeat = now(), in_flight = 0 WHERE instance = $1', [this.instance]).catch(() => undefined);
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new RunError('任务队列未启动。');
    return this.boss;
  }

  /**
   * Queues a run (in `tx` when given, with the caller's other writes): the run row and the pg-boss job
   * in one transaction. Returns the run id (= the job id).
   */
  async enqueue(req: EnqueueRequest, tx?: Queryable): Promise<string> {
    const def = taskOf(req.task);
    if (!def) throw new RunError(`任务「${req.task}」不存在。`);
    const id = randomUUID();
    const write = async (q: Queryable) => {
      await q.query(
        `INSERT INTO automation_runs (id, task, args, schedule, schedule_name, due, trigger, requested_by, state, max_attempts, retry_of)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, 'queued', $9, $10)`,
        [id, def.kind, JSON.stringify(req.args), req.schedule?.id ?? null, req.schedule?.name ?? null, req.due ?? null, req.trigger, req.requestedBy ?? null, def.retryLimit + 1, req.retryOf ?? null],
      );
      const boss = this.boss ?? (await this.transientBoss());
      await boss.insert([jobOf(def, id, req.exclusive === true, req.schedule ? `schedule-${req.schedule.id}` : null)], { db: bossTx(q) });
    };
    if (tx) await write(tx);
    else {
      await this.ctx.db.transaction(write);
      this.wake(req.exclusive === true);
    }
    return id;
  }

  /** Starts this instance's poll of a queue now (jobs just committed here). */
  wake(exclusive: boolean): void {
    const id = this.workerIds.get(queueOf(exclusive));
    if (id && this.boss) this.boss.notifyWorker(id);
  }

  /** A pg-boss object that only writes (an instance that queues without being a worker). */
  private transientBossPromise: Promise<PgBoss> | null = null;
  private transientBoss(): Promise<PgBoss> {
    this.transientBossPromise ??= (async () => {
      const boss = new PgBoss({ db: bossDb(this.ctx.db), schema: JOB_SCHEMA, migrate: false, schedule: false, supervise: false });
      boss.on('error', (err: unknown) => this.log('job queue', err));
      return boss;
    })();
    return this.transientBossPromise;
  }

  /** Cancels a queued, retrying or running run; a finished one cannot be. */
  async cancel(runId: string): Promise<RunState> {
    const boss = this.boss ?? (await this.transientBoss());
    const state = await this.ctx.db.transaction(async (tx) => {
      const row = (await tx.query<{ task: string; state: RunState; schedule: number | null; args: unknown }>('SELECT task, state, schedule FROM automation_runs WHERE id = $1 FOR UPDATE', [runId]))[0];
      if (!row) throw new RunError('运行记录不存在。');
      if (row.state === 'succeeded' || row.state === 'failed' || row.state === 'cancelled') throw new RunError(`运行已结束（${row.state}），不能取消。`);
      for (const queue of [QUEUES.standard, QUEUES.exclusive]) await boss.cancel(queue, runId, { db: bossTx(tx) });
      await tx.query("UPDATE automation_runs SET state = 'cancelled', finished = now(), error = coalesce(error, '已取消') WHERE id = $1", [runId]);
      return row.state;
    });
    // Running here: stop it now (another instance notices when it finishes and keeps 'cancelled').
    this.running.get(runId)?.abort(new RunError('已取消'));
    return state;
  }

  /**
   * Runs a failed or cancelled run again: a new run with the same task and arguments (and schedule,
   * for the list), asked for by `userId`. Returns the new run's id.
   */
  async retry(runId: string, userId: number | null): Promise<string> {
    return this.ctx.db.transaction(async (tx) => {
      const row = (await tx.query<{ task: string; state: RunState; args: Record<string, unknown>; schedule: number | null; schedule_name: string | null; exclusive: boolean | null }>(
        'SELECT r.task, r.state, r.args, r.schedule, r.schedule_name, s.exclusive FROM automation_runs r LEFT JOIN automation_schedules s ON s.id = r.schedule WHERE r.id = $1 FOR UPDATE OF r',
        [runId],
      ))[0];
      if (!row) throw new RunError('运行记录不存在。');
      if (row.state !== 'failed' && row.state !== 'cancelled') throw new RunError('只有失败或已取消的运行可以重试。');
      return this.enqueue(
        {
          task: row.task,
          args: row.args,
          trigger: 'manual',
          schedule: row.schedule === null ? null : { id: row.schedule, name: row.schedule_name ?? '' },
          requestedBy: userId,
          exclusive: row.exclusive === true,
          retryOf: runId,
        },
        tx,
      );
    });
  }

  private async runJob(job: Job): Promise<void> {
    const boss = this.requireBoss();
    const def = taskOf(job.data.task ?? '');
    if (!def) {
      await boss.fail(job.name, job.id, { message: `未知任务「${String(job.data.task)}」` }).catch(() => undefined);
      return;
    }
    const attempt = job.retryCount + 1;
    const started = Date.now();
    const row = (await this.ctx.db.query<{ args: Record<string, unknown>; requested_by: number | null }>(
      `UPDATE automation_runs SET state = 'running', attempts = $2, started = now(), finished = NULL, instance = $3
       WHERE id = $1 AND state <> 'cancelled' RETURNING args, requested_by`,
      [job.id, attempt, this.instance],
    ))[0];
    if (!row) {
      // Cancelled meanwhile (or never recorded): nothing to run.
      await boss.cancel(job.name, job.id).catch(() => undefined);
      return;
    }
    const abort = new AbortController();
    this.running.set(job.id, abort);
    const timer = setTimeout(() => abort.abort(new RunError(`超时：超过 ${def.timeoutSeconds} 秒未完成`)), def.timeoutSeconds * 1000);
    let result: unknown = null;
    let error: string | null = null;
    let final = false;
    try {
      const args = def.args.safeParse(row.args);
      if (!args.success) throw new FinalError(`参数不符合任务定义：${args.error.issues.map((i) => `${i.path.join('.') || '参数'} ${i.message}`).join('；')}`);
      const aborted = new Promise<never>((_, reject) => {
        abort.signal.addEventListener('abort', () => reject(abort.signal.reason instanceof Error ? abort.signal.reason : new RunError('已中止')), { once: true });
      });
      result = await Promise.race([def.run(args.data, { ctx: this.ctx, signal: abort.signal, attempt, requestedBy: row.requested_by }), aborted]);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      final = err instanceof FinalError;
    } finally {
      clearTimeout(timer);
      this.running.delete(job.id);
    }
    const duration = Date.now() - started;
    try {
      await this.ctx.db.transaction(async (tx) => {
        if (error === null) {
          await boss.complete(job.name, job.id, { result }, { db: bossTx(tx) });
          await tx.query(
            "UPDATE automation_runs SET state = 'succeeded', finished = now(), duration_ms = $2, result = $3::jsonb, error = NULL WHERE id = $1 AND state = 'running'",
            [job.id, duration, JSON.stringify(result ?? null)],
          );
        } else {
          // A final failure leaves pg-boss as cancelled (no retry); the run says failed.
          if (final) await boss.cancel(job.name, job.id, { db: bossTx(tx) });
          else await boss.fail(job.name, job.id, { message: error }, { db: bossTx(tx) });
          const retrying = !final && attempt <= job.retryLimit;
          await tx.query(
            `UPDATE automation_runs SET state = $4::text, finished = CASE WHEN $4::text = 'failed' THEN now() END, duration_ms = $2, error = $3 WHERE id = $1 AND state = 'running'`,
            [job.id, duration, error, retrying ? 'retrying' : 'failed'],
          );
        }
      });
      if (error === null) this.completed++;
      else this.failed++;
    } catch (err) {
      this.log(`job ${job.id}: recording its end failed`, err);
    }
  }

  /** Enqueues every schedule that is due, once per due time whatever the number of instances. */
  async tick(now = new Date()): Promise<number> {
    if (this.ticking || this.stopping) return 0;
    this.ticking = true;
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const due = await tx.query<{
          id: number;
          name: string;
          task: string;
          args: Record<string, unknown>;
          exclusive: boolean;
          next_run: Date;
          creator: number | null;
          expression: string | null;
          timezone: string | null;
          every: number | null;
          period: 'seconds' | 'minutes' | 'hours' | 'days' | null;
        }>(
          `SELECT s.id, s.name, s.task, s.args, s.exclusive, s.next_run, s.creator, c.expression, c.timezone, i.every, i.period
           FROM automation_schedules s
           LEFT JOIN automation_crontabs c ON c.id = s.crontab
           LEFT JOIN automation_intervals i ON i.id = s.interval
           WHERE s.enabled AND s.next_run <= $1
           ORDER BY s.next_run, s.id LIMIT ${TICK_LIMIT}
           FOR UPDATE OF s SKIP LOCKED`,
          [now],
        );
        if (due.length === 0) return 0;
        const ids: number[] = [];
        const nexts: Array<Date | null> = [];
        const dues: Date[] = [];
        const runs: Array<{ id: string; def: TaskDefinition; s: (typeof due)[number] }> = [];
        for (const s of due) {
          const dueAt = new Date(s.next_run);
          ids.push(s.id);
          dues.push(dueAt);
          nexts.push(nextAfter(s, dueAt, now));
          const def = taskOf(s.task);
          if (def) runs.push({ id: randomUUID(), def, s });
        }
        await tx.query(
          `UPDATE automation_schedules s SET next_run = v.next, last_run = v.due, total_runs = total_runs + 1
           FROM (SELECT unnest($1::int[]) AS id, unnest($2::timestamptz[]) AS next, unnest($3::timestamptz[]) AS due) v
           WHERE s.id = v.id`,
          [ids, nexts, dues],
        );
        if (runs.length > 0) {
          await tx.query(
            `INSERT INTO automation_runs (id, task, args, schedule, schedule_name, due, trigger, requested_by, state, max_attempts)
             SELECT r.id, r.task, r.args, r.schedule, r.name, r.due, 'schedule', r.creator, 'queued', r.max
             FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, task text, args jsonb, schedule int, name text, due timestamptz, creator int, max int)`,
            [JSON.stringify(runs.map((r) => ({ id: r.id, task: r.def.kind, args: r.s.args, schedule: r.s.id, name: r.s.name, due: new Date(r.s.next_run).toISOString(), creator: r.s.creator, max: r.def.retryLimit + 1 })))],
          );
          const boss = this.boss ?? (await this.transientBoss());
          await boss.insert(
            runs.map((r) => jobOf(r.def, r.id, r.s.exclusive, `schedule-${r.s.id}`)),
            { db: bossTx(tx) },
          );
        }
        return runs.length;
      }).then((n) => {
        if (n > 0) {
          this.wake(false);
          this.wake(true);
        }
        return n;
      });
    } catch (err) {
      this.log('schedule tick', err);
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  /** Writes this worker's heartbeat and counters now (also every WORKER_HEARTBEAT_SECONDS). */
  async heartbeat(): Promise<void> {
    if (!this.boss && this.timers.length === 0) return;
    const cpu = process.cpuUsage(this.lastCpu);
    const at = Date.now();
    const cpuShare = (cpu.user + cpu.system) / 1000 / Math.max(1, at - this.lastCpuAt);
    this.lastCpu = process.cpuUsage();
    this.lastCpuAt = at;
    const load = {
      loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
      cpu: Math.round(cpuShare * 1000) / 1000,
      rss_mb: Math.round(process.memoryUsage().rss / 1048576),
      event_loop_lag_ms: Math.round((this.lag.mean / 1e6) * 10) / 10,
    };
    this.lag.reset();
    await this.ctx.db
      .query(
        `INSERT INTO automation_workers (instance, host, pid, started, heartbeat, in_flight, completed, failed, load)
         VALUES ($1, $2, $3, now(), now(), $4, $5, $6, $7::jsonb)
         ON CONFLICT (instance) DO UPDATE SET heartbeat = now(), stopped = NULL, in_flight = $4, completed = $5, failed = $6, load = $7::jsonb`,
        [this.instance, hostname(), process.pid, this.running.size, this.completed, this.failed, JSON.stringify(load)],
      )
      .catch((err: unknown) => this.log('worker heartbeat', err));
  }
}
