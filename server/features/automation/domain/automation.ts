import { RUN_STATES, WORKER_LOST_SECONDS, type QueueRow, type RunRow, type RunState, type TaskKindRow, type WorkerRow } from '../../../../contracts/schemas/automation';
import type { Db } from '../../../db/db';
import { JOB_SCHEMA } from '../../../db/changes';
import { QUEUES } from '../../../jobs/queue';
import type { TaskCatalogue } from '../../../jobs/tasks';
import { CrudError } from '../../../domain/crud/spec';
import { formatDatetime } from '../../../domain/time';

/**
 * Reads for the automation screens: task kinds, runs, workers and queues. `tasks` is the server's task
 * catalogue (ctx.jobs.tasks).
 */

type Tasks = TaskCatalogue<unknown>;

const dt = (v: unknown): string | null => (v === null || v === undefined ? null : formatDatetime(v as Date));

interface RunDbRow {
  id: string;
  task: string;
  args: Record<string, unknown>;
  schedule: number | null;
  schedule_name: string | null;
  trigger: 'schedule' | 'manual';
  due: Date | null;
  state: RunState;
  attempts: number;
  max_attempts: number;
  queued: Date;
  started: Date | null;
  finished: Date | null;
  duration_ms: number | null;
  result: unknown;
  error: string | null;
  instance: string | null;
  retry_of: string | null;
}

function runView(r: RunDbRow, tasks: Tasks): RunRow {
  return {
    id: r.id,
    task: r.task,
    task_name: tasks.of(r.task)?.name ?? r.task,
    args: r.args ?? {},
    schedule: r.schedule,
    schedule_name: r.schedule_name,
    trigger: r.trigger,
    due: dt(r.due),
    state: r.state,
    attempts: r.attempts,
    max_attempts: r.max_attempts,
    queued: dt(r.queued) ?? '',
    started: dt(r.started),
    finished: dt(r.finished),
    duration_ms: r.duration_ms,
    result: r.result ?? null,
    error: r.error,
    instance: r.instance,
    retry_of: r.retry_of,
  };
}

const RUN_COLUMNS = 'id, task, args, schedule, schedule_name, trigger, due, state, attempts, max_attempts, queued, started, finished, duration_ms, result, error, instance, retry_of';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRunId(v: string): boolean {
  return UUID.test(v);
}

export async function runById(db: Db, id: string, tasks: Tasks): Promise<RunRow | null> {
  if (!isRunId(id)) return null;
  const row = (await db.query<RunDbRow>(`SELECT ${RUN_COLUMNS} FROM automation_runs WHERE id = $1`, [id]))[0];
  return row ? runView(row, tasks) : null;
}

function int(v: unknown, label: string, min: number, max: number, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CrudError(`${label}:请输入 ${min} 到 ${max} 之间的整数。`);
  return n;
}

/** GET /api/automation/task/runs/: newest first, filtered by task, state, schedule, trigger. */
export async function listRuns(db: Db, q: Record<string, unknown>, tasks: Tasks) {
  const page = int(q.page, 'page', 1, 1_000_000, 1);
  const limit = int(q.limit, 'limit', 1, 100, 20);
  const where: string[] = [];
  const params: unknown[] = [];
  if (typeof q.task === 'string' && q.task !== '') {
    if (!tasks.of(q.task)) throw new CrudError(`任务:任务「${q.task}」不存在。`);
    params.push(q.task);
    where.push(`task = $${params.length}`);
  }
  if (typeof q.state === 'string' && q.state !== '') {
    if (!(RUN_STATES as readonly string[]).includes(q.state)) throw new CrudError(`状态:应为 ${RUN_STATES.join('、')} 之一。`);
    params.push(q.state);
    where.push(`state = $${params.length}`);
  }
  if (q.schedule !== undefined && q.schedule !== '') {
    params.push(int(q.schedule, '调度', 1, 2_147_483_647, 0));
    where.push(`schedule = $${params.length}`);
  }
  if (q.trigger === 'schedule' || q.trigger === 'manual') {
    params.push(q.trigger);
    where.push(`trigger = $${params.length}`);
  } else if (q.trigger !== undefined && q.trigger !== '') throw new CrudError('触发方式:应为 schedule 或 manual。');
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const rows = await db.query<RunDbRow & { total__: number }>(
    `SELECT ${RUN_COLUMNS}, (SELECT count(*)::int FROM automation_runs ${clause}) AS total__ FROM automation_runs ${clause}
     ORDER BY queued DESC, id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  const total = rows[0]?.total__ ?? Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM automation_runs ${clause}`, params))[0]?.n ?? 0);
  return { page, limit, total, is_next: page * limit < total, is_previous: page > 1, data: rows.map((r) => runView(r, tasks)) };
}

/** GET /api/automation/task/: the task kinds with their argument forms and the last day's runs by state. */
export async function taskKinds(db: Db, tasks: Tasks): Promise<TaskKindRow[]> {
  const counts = await db.query<{ task: string; state: string; n: number }>(
    "SELECT task, state, count(*)::int AS n FROM automation_runs WHERE queued > now() - interval '1 day' GROUP BY 1, 2",
  );
  return tasks.all.map((t) => ({
    kind: t.kind,
    name: t.name,
    description: t.description,
    arguments: t.form,
    retry_limit: t.retryLimit,
    timeout_seconds: t.timeoutSeconds,
    recent: Object.fromEntries(counts.filter((c) => c.task === t.kind).map((c) => [c.state, c.n])),
  }));
}

/** GET /api/automation/celery/: every worker seen in the last day (online, lost or stopped) and the queues' depth. */
export async function workersAndQueues(db: Db, tasks: Tasks) {
  const workers = await db.query<{
    instance: string;
    host: string;
    pid: number;
    started: Date;
    heartbeat: Date;
    stopped: Date | null;
    in_flight: number;
    completed: string | number;
    failed: string | number;
    load: WorkerRow['load'];
    silent: number;
  }>(
    `SELECT instance, host, pid, started, heartbeat, stopped, in_flight, completed, failed, load,
            extract(epoch FROM now() - heartbeat)::float8 AS silent
     FROM automation_workers WHERE heartbeat > now() - interval '1 day' ORDER BY stopped NULLS FIRST, started DESC`,
  );
  const states = await db.query<{ name: string; task: string; state: string; n: number }>(
    `SELECT name, data->>'task' AS task, state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job
     WHERE name = ANY($1::text[]) GROUP BY 1, 2, 3`,
    [[QUEUES.standard, QUEUES.exclusive]],
  );
  const queues: QueueRow[] = [];
  for (const queue of [QUEUES.standard, QUEUES.exclusive]) {
    for (const t of tasks.all) {
      const of = (s: string) => states.filter((r) => r.name === queue && r.task === t.kind && r.state === s).reduce((a, r) => a + r.n, 0);
      queues.push({ queue, task: t.kind, queued: of('created'), active: of('active'), retrying: of('retry'), failed: of('failed'), completed: of('completed') });
    }
  }
  return {
    workers: workers.map(
      (w): WorkerRow => ({
        instance: w.instance,
        host: w.host,
        pid: w.pid,
        started: dt(w.started) ?? '',
        heartbeat: dt(w.heartbeat) ?? '',
        stopped: dt(w.stopped),
        status: w.stopped ? 'stopped' : w.silent > WORKER_LOST_SECONDS ? 'lost' : 'online',
        in_flight: w.in_flight,
        completed: Number(w.completed),
        failed: Number(w.failed),
        load: w.load ?? {},
      }),
    ),
    queues,
    lost_after_seconds: WORKER_LOST_SECONDS,
  };
}
