import { randomBytes, randomUUID } from 'node:crypto';
import { hostname, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import { WORKER_HEARTBEAT_SECONDS, type RunState } from '../../contracts/schemas/automation';
import type { Db, Queryable } from '../db/db';
import { JOB_SCHEMA } from '../db/changes';
import { bossDb, bossTx, type BossDb } from './boss-db';
import { nextAfter } from './schedule-time';
import type { TaskCatalogue, TaskDefinition } from './tasks';

/**
 * The job queue: pg-boss on the server's own database (embedded or PostgreSQL), two
 * queues: `tasks` (every run) and `tasks.exclusive` (pg-boss's singleton policy keyed by schedule:
 * at most one active run per exclusive schedule); a job names its task kind. Two queues, not one per
 * kind, because each queue is polled by every instance. Every server instance is a worker:
 * it polls each queue with WORKERS_PER_QUEUE pollers (a poller waits for its whole batch, so one long
 * task holds one poller and the others keep fetching), runs jobs concurrently (a batch of up to BATCH
 * per poll; at most a task's `concurrency` of one kind at a time on this instance, each within its
 * `timeoutSeconds`), writes each run's
 * progress to automation_runs in the same transaction as pg-boss's completion or failure, ticks the
 * schedules every second and writes a heartbeat to automation_workers.
 */

const BATCH = 500;
/**
 * Pollers per queue on each instance. pg-boss's poller fetches again only when its batch is done, so
 * with one poller a single long task (a probe sleeping 10 minutes) held every later job of its queue.
 */
export const WORKERS_PER_QUEUE = 4;
/** Other instances' jobs are found by polling; this instance's own are started at once (notifyWorker). */
const POLL_SECONDS = 1;
export const QUEUES = { standard: 'tasks', exclusive: 'tasks.exclusive' } as const;
/** pg-boss's own deadline is the task's timeout plus this: our AbortController fires first. */
const EXPIRE_MARGIN_SECONDS = 60;
/**
 * Schedules due within this lead are enqueued ahead, their jobs held by pg-boss until the due time
 * (start_after), and this instance's workers woken at that moment: the queueing work is done before
 * the due time, not after it.
 */
const TICK_LEAD_MS = 1000;
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
  // The queues too: a job sent to a queue that does not exist is silently not stored.
  const existing = new Set((await boss.getQueues()).map((q: { name: string }) => q.name));
  if (!existing.has(QUEUES.standard)) await boss.createQueue(QUEUES.standard, { name: QUEUES.standard, policy: 'standard' });
  if (!existing.has(QUEUES.exclusive)) await boss.createQueue(QUEUES.exclusive, { name: QUEUES.exclusive, policy: 'singleton' });
  await boss.stop({ graceful: false, wait: true, close: false });
}

interface Job {
  id: string;
  name: string;
  data: { run?: string; task?: string };
  retryCount: number;
  retryLimit: number;
}

type CompleteMany = (name: string, ids: string[], data: null, options: { db: BossDb }) => Promise<unknown>;

interface Outcome {
  job: Job;
  duration: number;
  result: unknown;
  error: string | null;
  final: boolean;
  retrying: boolean;
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

function jobOf<C>(def: TaskDefinition<C>, id: string, exclusive: boolean, key: string | null, startAfter?: Date) {
  return {
    id,
    ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
    name: queueOf(exclusive),
    data: { run: id, task: def.kind },
    retryLimit: def.retryLimit,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: def.timeoutSeconds + EXPIRE_MARGIN_SECONDS,
    ...(exclusive && key ? { singletonKey: key } : {}),
  };
}

/** The queue of one server; `C` is what its tasks receive as `ctx` (the application context). */
export class JobQueue<C extends { db: Db }> {
  readonly instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private boss: PgBoss | null = null;
  private readonly running = new Map<string, AbortController>();
  private readonly workerIds = new Map<string, string[]>();
  /** Runs of each task kind now running on this instance, and the runs waiting for a free place. */
  private readonly slots = new Map<string, { active: number; waiting: Array<() => void> }>();
  private completed = 0;
  private failed = 0;
  private timers: NodeJS.Timeout[] = [];
  private ticking = false;
  private stopping = false;
  private readonly lag = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = process.cpuUsage();
  private lastCpuAt = Date.now();

  constructor(
    private readonly ctx: C,
    /** The task kinds this server runs (composed by server/app.ts). */
    readonly tasks: TaskCatalogue<C>,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {}

  /** Jobs running on this instance now. */
  get inFlight(): number {
    return this.running.size;
  }

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
    // The queues exist since ensureJobSchema (at every start, after the migrations).
    for (const queue of [QUEUES.standard, QUEUES.exclusive]) {
      const ids: string[] = [];
      for (let i = 0; i < WORKERS_PER_QUEUE; i++) {
        ids.push(await boss.work<{ run?: string; task?: string }>(queue, { batchSize: BATCH, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true }, async (jobs) => {
          // A full batch: more are waiting, fetch again at once instead of after the polling interval.
          if (jobs.length >= BATCH) this.wake(queue === QUEUES.exclusive);
          await this.runBatch(jobs as unknown as Job[]);
        }));
      }
      this.workerIds.set(queue, ids);
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
    const def = this.tasks.of(req.task);
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
      // Never answer a run id whose job was not stored (pg-boss stores nothing, silently, for a queue
      // that does not exist); the transaction rolls back with this.
      if ((await q.query(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id])).length !== 1) throw new Error(`job queue: the job of run ${id} was not stored`);
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
    const boss = this.boss;
    if (!boss) return;
    // Every poller of the queue: a busy one fetches right after its batch, an idle one now.
    for (const id of this.workerIds.get(queueOf(exclusive)) ?? []) boss.notifyWorker(id);
  }

  /** Waits for a place among the task's `concurrency` runs on this instance (none when it has no limit); false when aborted meanwhile. */
  private async acquire(def: TaskDefinition<C>, signal: AbortSignal): Promise<boolean> {
    const limit = def.concurrency;
    if (limit === undefined) return true;
    const slot = this.slots.get(def.kind) ?? { active: 0, waiting: [] };
    this.slots.set(def.kind, slot);
    if (slot.active < limit) {
      slot.active++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const take = () => {
        signal.removeEventListener('abort', give);
        slot.active++;
        resolve(true);
      };
      const give = () => {
        slot.waiting = slot.waiting.filter((w) => w !== take);
        resolve(false);
      };
      slot.waiting.push(take);
      signal.addEventListener('abort', give, { once: true });
    });
  }

  private release(def: TaskDefinition<C>): void {
    const slot = this.slots.get(def.kind);
    if (!slot || def.concurrency === undefined) return;
    slot.active--;
    slot.waiting.shift()?.();
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

  /**
   * One fetched batch: every run marked running in one statement, the jobs run concurrently, and
   * their ends written in groups (one transaction per group: pg-boss's completion or failure with the
   * run rows), so 1,000 short jobs cost a handful of statements, not thousands. The handler resolves
   * only when each job's end is committed (pg-boss completes whatever is still active after it).
   */
  private async runBatch(jobs: Job[]): Promise<void> {
    const boss = this.requireBoss();
    const known = jobs.filter((j) => this.tasks.of(j.data.task ?? ''));
    for (const j of jobs) if (!known.includes(j)) await boss.fail(j.name, j.id, { message: `未知任务「${String(j.data.task)}」` }).catch(() => undefined);
    if (known.length === 0) return;
    const rows = await this.ctx.db.query<{ id: string; args: Record<string, unknown>; requested_by: number | null }>(
      `UPDATE automation_runs r SET state = 'running', attempts = v.attempt, started = now(), finished = NULL, instance = $3
       FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::int[]) AS attempt) v
       WHERE r.id = v.id AND r.state <> 'cancelled' RETURNING r.id, r.args, r.requested_by`,
      [known.map((j) => j.id), known.map((j) => j.retryCount + 1), this.instance],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Cancelled meanwhile (or never recorded): nothing to run.
    const gone = known.filter((j) => !byId.has(j.id));
    for (const j of gone) await boss.cancel(j.name, j.id).catch(() => undefined);
    await Promise.all(
      known.filter((j) => byId.has(j.id)).map(async (job) => {
        const row = byId.get(job.id) as { args: Record<string, unknown>; requested_by: number | null };
        const outcome = await this.runOne(job, row);
        await this.recordEnd(outcome);
      }),
    );
  }

  private async runOne(job: Job, row: { args: Record<string, unknown>; requested_by: number | null }): Promise<Outcome> {
    const def = this.tasks.of(job.data.task ?? '') as TaskDefinition<C>;
    const attempt = job.retryCount + 1;
    const started = Date.now();
    const abort = new AbortController();
    this.running.set(job.id, abort);
    let timer: NodeJS.Timeout | undefined;
    let result: unknown = null;
    let error: string | null = null;
    let final = false;
    // A run cancelled while it waits for its kind's place never starts.
    const placed = await this.acquire(def, abort.signal);
    try {
      if (!placed) throw abort.signal.reason instanceof Error ? abort.signal.reason : new RunError('已中止');
      // The time limit counts from the start of the work, not the wait for a place.
      timer = setTimeout(() => abort.abort(new RunError(`超时：超过 ${def.timeoutSeconds} 秒未完成`)), def.timeoutSeconds * 1000);
      const args = def.args.safeParse(row.args);
      if (!args.success) throw new FinalError(`参数不符合任务定义：${args.error.issues.map((i) => `${i.path.join('.') || '参数'} ${i.message}`).join('；')}`);
      const aborted = new Promise<never>((_, reject) => {
        abort.signal.addEventListener('abort', () => reject(abort.signal.reason instanceof Error ? abort.signal.reason : new RunError('已中止')), { once: true });
      });
      result = await Promise.race([def.run(args.data, { ctx: this.ctx, signal: abort.signal, attempt, requestedBy: row.requested_by, runId: job.id }), aborted]);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      final = err instanceof FinalError;
    } finally {
      clearTimeout(timer);
      if (placed) this.release(def);
      this.running.delete(job.id);
    }
    return { job, duration: Date.now() - started, result, error, final, retrying: error !== null && !final && attempt <= job.retryLimit };
  }

  private pending: Array<{ outcome: Outcome; done: () => void }> = [];
  private flushing: Promise<void> | null = null;

  /** Queues a job's end for the next group write; resolves once it is committed. */
  private recordEnd(outcome: Outcome): Promise<void> {
    return new Promise<void>((resolve) => {
      this.pending.push({ outcome, done: resolve });
      this.flushing ??= (async () => {
        // Ends arriving within a few milliseconds share the write.
        await new Promise((r) => setTimeout(r, 10));
        while (this.pending.length > 0) {
          const group = this.pending.splice(0, 1000);
          await this.writeEnds(group.map((g) => g.outcome)).catch((err: unknown) => this.log('job queue: recording the end of runs failed', err));
          for (const g of group) g.done();
        }
        this.flushing = null;
      })();
    });
  }

  private async writeEnds(outcomes: Outcome[]): Promise<void> {
    const boss = this.requireBoss();
    await this.ctx.db.transaction(async (tx) => {
      const db = { db: bossTx(tx) };
      const ok = outcomes.filter((o) => o.error === null);
      for (const queue of [QUEUES.standard, QUEUES.exclusive]) {
        const ids = ok.filter((o) => o.job.name === queue).map((o) => o.job.id);
        // complete(name, ids, data, options): the typings' (name, ids, options) overload would send the
        // options as the output; the runs keep the results, so no output here.
        if (ids.length > 0) await (boss.complete as unknown as CompleteMany).call(boss, queue, ids, null, db);
      }
      for (const o of outcomes) {
        if (o.error === null) continue;
        // A final failure leaves pg-boss as cancelled (no retry); the run says failed.
        if (o.final) await boss.cancel(o.job.name, o.job.id, db);
        else await boss.fail(o.job.name, o.job.id, { message: o.error }, db);
      }
      await tx.query(
        `UPDATE automation_runs r SET state = v.state, finished = CASE WHEN v.state IN ('succeeded', 'failed') THEN now() END,
           duration_ms = v.duration, result = v.result, error = v.error
         FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, state text, duration int, result jsonb, error text)
         WHERE r.id = v.id AND r.state = 'running'`,
        [JSON.stringify(outcomes.map((o) => ({ id: o.job.id, state: o.error === null ? 'succeeded' : o.retrying ? 'retrying' : 'failed', duration: o.duration, result: o.error === null ? (o.result ?? null) : null, error: o.error })))],
      );
    });
    for (const o of outcomes) {
      if (o.error === null) this.completed++;
      else this.failed++;
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
          [new Date(now.getTime() + TICK_LEAD_MS)],
        );
        if (due.length === 0) return { n: 0, first: 0 };
        const ids: number[] = [];
        const nexts: Array<Date | null> = [];
        const dues: Date[] = [];
        const runs: Array<{ id: string; def: TaskDefinition<C>; s: (typeof due)[number] }> = [];
        for (const s of due) {
          const dueAt = new Date(s.next_run);
          ids.push(s.id);
          dues.push(dueAt);
          nexts.push(nextAfter(s, dueAt, now));
          const def = this.tasks.of(s.task);
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
            runs.map((r) => jobOf(r.def, r.id, r.s.exclusive, `schedule-${r.s.id}`, new Date(r.s.next_run))),
            { db: bossTx(tx) },
          );
        }
        return { n: runs.length, first: Math.min(...due.map((d) => new Date(d.next_run).getTime())) };
      }).then(({ n, first }) => {
        if (n > 0) {
          // Wake this instance's workers when the first of them is due (now, for those already due).
          const t = setTimeout(() => {
            this.wake(false);
            this.wake(true);
          }, Math.max(0, first - Date.now() + 5));
          t.unref();
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
