import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';
import { pagesCheckArgs } from './page-checks';

export * from './page-checks';

/**
 * Automation (menu automation/*): task kinds with typed arguments, reusable crontab and
 * interval schedules, schedules binding a task to one of them, job runs, and the workers (server
 * instances) that run them on the queue (pg-boss, on the embedded database or PostgreSQL).
 */

// ---- task kinds and their arguments

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD。');

/**
 * rollups.rebuild: recompute the tracking and/or revenue rollups of a date range (≤ 366 days):
 * `start`..`end`, or the last `days` days up to today (what a schedule uses: "yesterday and today").
 */
export const rollupsRebuildArgs = z
  .object({
    target: z.enum(['tracking', 'income', 'all']).default('all'),
    start: isoDate.optional(),
    end: isoDate.optional(),
    days: z.number().int().min(1).max(366).optional(),
    game: z.number().int().positive().nullable().optional(),
  })
  .strict()
  .refine((a) => (a.days !== undefined) !== (a.start !== undefined && a.end !== undefined) && (a.start === undefined) === (a.end === undefined), {
    message: '请给出开始和结束日期，或最近天数（二选一）。',
    path: ['days'],
  })
  .refine((a) => a.start === undefined || a.end === undefined || a.start <= a.end, { message: '开始日期不能晚于结束日期。', path: ['end'] })
  .refine((a) => a.start === undefined || a.end === undefined || (Date.parse(a.end) - Date.parse(a.start)) / 86_400_000 <= 366, { message: '日期范围最长 366 天。', path: ['end'] });

/** codes.expire: close gift-code batches whose end passed `grace_days` ago, recording the codes that lapsed unused. */
export const codesExpireArgs = z.object({ grace_days: z.number().int().min(0).max(3650).default(0) }).strict();

/** logs.cleanup: delete login or operation log rows older than `older_than_days`. */
export const logsCleanupArgs = z
  .object({
    log: z.enum(['login', 'operation', 'both']).default('both'),
    older_than_days: z.number().int().min(1, '至少保留 1 天。').max(3650),
  })
  .strict();

/** messages.announce: a message-center announcement to every user (target_type 3). */
export const messagesAnnounceArgs = z
  .object({
    title: z.string().trim().min(1, '标题不能为空。').max(100),
    content: z.string().trim().min(1, '内容不能为空。').max(5000),
  })
  .strict();

/**
 * diagnostics.probe: proves the queue end to end: waits `sleep_ms`, fails its first `fail_attempts`
 * attempts (retries with backoff follow), then answers `message`.
 */
export const diagnosticsProbeArgs = z
  .object({
    message: z.string().max(200).default('ok'),
    sleep_ms: z.number().int().min(0).max(600_000).default(0),
    fail_attempts: z.number().int().min(0).max(10).default(0),
  })
  .strict();

export const TASK_ARGS = {
  'rollups.rebuild': rollupsRebuildArgs,
  'codes.expire': codesExpireArgs,
  'logs.cleanup': logsCleanupArgs,
  'messages.announce': messagesAnnounceArgs,
  'diagnostics.probe': diagnosticsProbeArgs,
  'pages.check': pagesCheckArgs,
} as const;
export type TaskKind = keyof typeof TASK_ARGS;
export const TASK_KINDS = Object.keys(TASK_ARGS) as TaskKind[];

export const ARG_TYPES = ['string', 'integer', 'date', 'enum', 'text'] as const;

/** One argument of a task kind, as the console's form renders it. */
export const taskArgument = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(ARG_TYPES),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.null()]).optional(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type TaskArgument = z.infer<typeof taskArgument>;

/** GET /api/automation/task/ rows: the task kinds the platform provides. */
export const taskKindRow = z.object({
  kind: z.string(),
  name: z.string(),
  description: z.string(),
  arguments: z.array(taskArgument),
  retry_limit: z.number().int(),
  timeout_seconds: z.number().int(),
  /** Runs of the last 24 hours by state. */
  recent: z.record(z.string(), z.number().int()),
});
export type TaskKindRow = z.infer<typeof taskKindRow>;

// ---- runs

export const RUN_STATES = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const runRow = z.object({
  id: z.string().uuid(),
  task: z.string(),
  task_name: z.string(),
  args: z.record(z.string(), z.unknown()),
  schedule: z.number().int().nullable(),
  schedule_name: z.string().nullable(),
  trigger: z.enum(['schedule', 'manual']),
  due: z.string().nullable(),
  state: z.enum(RUN_STATES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  queued: z.string(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  instance: z.string().nullable(),
  retry_of: z.string().nullable(),
});
export type RunRow = z.infer<typeof runRow>;

/** POST /api/automation/task/{kind}/run/ and POST /api/automation/schedule/{id}/run/ answer `data: { run_id }`. */
export const runQueued = z.object({ run_id: z.string().uuid() });

export const runNowInput = z.object({ args: z.record(z.string(), z.unknown()).default({}) });

// ---- crontab and interval schedules

export const crontabInput = z.object({
  expression: z.string().trim().min(1, '表达式不能为空。').max(120),
  timezone: z.string().trim().min(1).max(64).default('Asia/Shanghai'),
  ...auditInput,
});
export type CrontabInput = z.infer<typeof crontabInput>;
/** An update names only what changes: no defaults (an absent time zone keeps the stored one). */
export const crontabUpdate = z.object({ ...crontabInput.shape, timezone: z.string().trim().min(1).max(64) }).partial();

export const crontabRow = z.object({
  ...auditRow,
  expression: z.string(),
  timezone: z.string(),
  /** The next 5 run times, ISO 8601 with the time zone's offset. */
  next_runs: z.array(z.string()),
  schedules: z.number().int(),
});
export type CrontabRow = z.infer<typeof crontabRow>;

export const CRONTAB_LABELS: Record<string, string> = { ...AUDIT_LABELS, expression: 'Crontab 表达式', timezone: '时区' };

export const INTERVAL_PERIODS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type IntervalPeriod = (typeof INTERVAL_PERIODS)[number];
export const PERIOD_SECONDS: Record<IntervalPeriod, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

export const intervalInput = z.object({
  every: z.number().int().positive('间隔必须是正整数。').max(1_000_000),
  period: z.enum(INTERVAL_PERIODS),
  ...auditInput,
});
export type IntervalInput = z.infer<typeof intervalInput>;

export const intervalRow = z.object({ ...auditRow, every: z.number().int(), period: z.enum(INTERVAL_PERIODS), schedules: z.number().int() });
export type IntervalRow = z.infer<typeof intervalRow>;

export const INTERVAL_LABELS: Record<string, string> = { ...AUDIT_LABELS, every: '间隔', period: '周期单位' };

// ---- schedules

export const scheduleInput = z.object({
  name: z.string().trim().min(1).max(100),
  task: z.enum(TASK_KINDS as [TaskKind, ...TaskKind[]]),
  args: z.record(z.string(), z.unknown()).default({}),
  crontab: z.number().int().positive().nullable().optional(),
  interval: z.number().int().positive().nullable().optional(),
  enabled: z.boolean().optional(),
  /** At most one run of this schedule at a time (the next due run waits for the running one). */
  exclusive: z.boolean().optional(),
  ...auditInput,
});
export type ScheduleInput = z.infer<typeof scheduleInput>;
/** An update names only what changes: no defaults (absent arguments keep the stored ones). */
export const scheduleUpdate = z.object({ ...scheduleInput.shape, args: z.record(z.string(), z.unknown()) }).partial();

export const scheduleRow = z.object({
  ...auditRow,
  name: z.string(),
  task: z.string(),
  task_name: z.string(),
  args: z.record(z.string(), z.unknown()),
  crontab: z.number().int().nullable(),
  interval: z.number().int().nullable(),
  /** The crontab expression (with its zone) or "every N unit", as text. */
  schedule_text: z.string(),
  enabled: z.boolean(),
  exclusive: z.boolean(),
  next_run: z.string().nullable(),
  last_run: z.string().nullable(),
  total_runs: z.number().int(),
  last_state: z.enum(RUN_STATES).nullable(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

export const SCHEDULE_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  name: '调度名称',
  task: '任务',
  args: '参数',
  crontab: 'Crontab',
  interval: '间隔周期',
  enabled: '状态',
  exclusive: '禁止并发',
};

// ---- workers (执行节点)

export const workerRow = z.object({
  instance: z.string(),
  host: z.string(),
  pid: z.number().int(),
  started: z.string(),
  heartbeat: z.string(),
  stopped: z.string().nullable(),
  /** online: heartbeat within WORKER_LOST_SECONDS; lost: silent longer; stopped: shut down cleanly. */
  status: z.enum(['online', 'lost', 'stopped']),
  in_flight: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  load: z.object({ loadavg: z.array(z.number()), cpu: z.number(), rss_mb: z.number(), event_loop_lag_ms: z.number() }).partial(),
});
export type WorkerRow = z.infer<typeof workerRow>;

export const queueRow = z.object({
  queue: z.string(),
  task: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueRow = z.infer<typeof queueRow>;

export const workersAnswer = z.object({ workers: z.array(workerRow), queues: z.array(queueRow), lost_after_seconds: z.number().int() });
export type WorkersAnswer = z.infer<typeof workersAnswer>;

/** A worker whose heartbeat is older than this is shown as lost. */
export const WORKER_LOST_SECONDS = 15;
/** How often each instance writes its heartbeat. */
export const WORKER_HEARTBEAT_SECONDS = 5;
