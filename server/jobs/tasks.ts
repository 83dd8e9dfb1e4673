import type { z } from 'zod';
import {
  codesExpireArgs,
  diagnosticsProbeArgs,
  logsCleanupArgs,
  messagesAnnounceArgs,
  rollupsRebuildArgs,
  type TaskArgument,
  type TaskKind,
} from '../../contracts/schemas/automation';
import type { Db } from '../db/db';
import { MessageCenter } from '../domain/messages';
import type { PermissionStore } from '../domain/permissions';
import type { UserDirectory } from '../domain/users';
import type { SocketHub } from '../ws/hub';
import { NEW_MESSAGE_FRAME } from '../ws/frames';

/**
 * The task kinds a job runs: what a definition holds, the catalogue the queue works from, and the
 * platform's own tasks. A feature's tasks live in the feature (e.g. the automation feature's page
 * check); server/app.ts composes the catalogue, in the order the task list answers, and hands it to
 * the queue, so nothing here names a feature. `C` is what a task's run receives as `ctx` (the
 * application context).
 */

/** What a running job may use. `signal` aborts at the task's timeout or when the run is cancelled. */
export interface TaskRun<C> {
  ctx: C;
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
  /** Who asked for it: the schedule's creator or the user who pressed "run now" (null: unknown). */
  requestedBy: number | null;
  /** The run's id (automation_runs.id). */
  runId: string;
}

export interface TaskDefinition<C, S extends z.ZodType = z.ZodType> {
  kind: TaskKind;
  name: string;
  description: string;
  args: S;
  /** The form the console renders (same names as `args`). */
  form: TaskArgument[];
  retryLimit: number;
  /** The time limit of one attempt: the run is aborted (and retried or failed) past it. */
  timeoutSeconds: number;
  /** At most this many runs of the kind at once on one instance (others wait for a place); no limit when absent. */
  concurrency?: number;
  run(args: z.infer<S>, run: TaskRun<C>): Promise<unknown>;
  /**
   * Why a run with these (schema-valid) arguments must not be queued by `requestedBy` (the user who
   * asks, null: unknown), or null: answered as an envelope error.
   */
  refusal?(args: z.infer<S>, ctx: C, requestedBy: number | null): Promise<string | null>;
}

/** A definition with its argument schema's type checked, kept as one of the catalogue's. */
export function defineTask<C, S extends z.ZodType>(d: TaskDefinition<C, S>): TaskDefinition<C> {
  return d as unknown as TaskDefinition<C>;
}

/** The task kinds one server runs, in the order the task list answers them. */
export class TaskCatalogue<C> {
  constructor(readonly all: readonly TaskDefinition<C>[]) {}

  of(kind: string): TaskDefinition<C> | undefined {
    return this.all.find((t) => t.kind === kind);
  }
}

/** What the platform's own tasks read of the application context. */
export interface PlatformTaskContext {
  db: Db;
  config: { analyticsTz: string };
  users: UserDirectory;
  hub: SocketHub;
  permissions: Pick<PermissionStore, 'allows' | 'scopeCondition'>;
}

function define<S extends z.ZodType>(d: TaskDefinition<PlatformTaskContext, S>): TaskDefinition<PlatformTaskContext> {
  return defineTask(d);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    }, { once: true });
  });

/** Recomputes the tracking and income rollups of a date range from the raw rows. */
export const rollupsRebuildTask = define({
  kind: 'rollups.rebuild',
  name: '重算汇总数据',
  description: '按日期范围重新计算埋点和收入的小时/日汇总（从原始事件和订单），可限定一个游戏。',
  args: rollupsRebuildArgs,
  form: [
    { name: 'target', label: '范围', type: 'enum', required: true, default: 'all', options: ['all', 'tracking', 'income'] },
    { name: 'days', label: '最近天数（与日期范围二选一）', type: 'integer', required: false, default: 2, min: 1, max: 366 },
    { name: 'start', label: '开始日期', type: 'date', required: false },
    { name: 'end', label: '结束日期', type: 'date', required: false },
    { name: 'game', label: '游戏 ID（留空为全部）', type: 'integer', required: false, default: null, min: 1 },
  ],
  retryLimit: 2,
  timeoutSeconds: 1800,
  // Rebuilding the same rollups twice at once only doubles the work.
  concurrency: 1,
  async run(a, { ctx }) {
    const tz = ctx.config.analyticsTz;
    const game = a.game ?? null;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const start = a.start ?? new Date(Date.parse(`${today}T00:00:00Z`) - ((a.days ?? 1) - 1) * 86_400_000).toISOString().slice(0, 10);
    const end = a.end ?? today;
    const out: Record<string, number> = {};
    await ctx.db.transaction(async (tx) => {
      if (a.target !== 'income') {
        const r = await tx.query<{ n: string | number }>('SELECT tracking_rebuild_rollups_range($1, $2::date, $3::date, $4::int) AS n', [tz, start, end, game]);
        out.events = Number(r[0]?.n ?? 0);
      }
      if (a.target !== 'tracking') {
        const r = await tx.query<{ n: string | number }>('SELECT income_rebuild_rollups_range($1, $2::date, $3::date, $4::int) AS n', [tz, start, end, game]);
        out.orders = Number(r[0]?.n ?? 0);
      }
    });
    return { ...out, start, end, game };
  },
});

/** Marks gift-code batches past their end (plus a grace) as lapsed. */
export const codesExpireTask = define({
  kind: 'codes.expire',
  name: '兑换码过期处理',
  description: '结束时间已过（再加宽限天数）的兑换码批次记为已过期，并记下未兑换就失效的码数。',
  args: codesExpireArgs,
  form: [{ name: 'grace_days', label: '宽限天数', type: 'integer', required: false, default: 0, min: 0, max: 3650 }],
  retryLimit: 2,
  timeoutSeconds: 600,
  async run(a, { ctx }) {
    const rows = await ctx.db.query<{ id: number; lapsed: number }>(
      `UPDATE gift_code_batches SET lapsed_time = now(), lapsed = count - redeemed
       WHERE lapsed_time IS NULL AND status = 'active' AND end_time < now() - make_interval(days => $1::int)
       RETURNING id, lapsed`,
      [a.grace_days],
    );
    return { batches: rows.length, codes: rows.reduce((s, r) => s + Number(r.lapsed), 0) };
  },
});

/** Audit rows younger than this many days are never deleted, unless the `audit.retention_days` setting says otherwise. */
export const AUDIT_RETENTION_DAYS = 180;

/** The audit retention in days: the system setting `audit.retention_days` (a whole number ≥ 1), else AUDIT_RETENTION_DAYS. */
export async function auditRetentionDays(db: Db): Promise<number> {
  const rows = await db.query<{ value: unknown }>(
    "SELECT c.value FROM system_config c JOIN system_config p ON p.id = c.parent WHERE p.key = 'audit' AND c.key = 'retention_days' LIMIT 1",
  );
  const n = Number(rows[0]?.value);
  return Number.isInteger(n) && n >= 1 && n <= 36500 ? n : AUDIT_RETENTION_DAYS;
}

const AUDIT_LOGS = { login: { table: 'login_log', name: '登录日志' }, operation: { table: 'operation_log', name: '操作日志' } } as const;

/**
 * Why `requestedBy` may not clean these logs, or null: audit rows go only by the hand of someone
 * who may delete every one of them (the log screen's Delete, over a data scope of all rows, or a
 * superuser), and never while younger than the retention. Checked when the run is asked for and
 * again when it runs (a schedule's runs act for its creator).
 */
export async function logsCleanupRefusal(ctx: PlatformTaskContext, a: z.infer<typeof logsCleanupArgs>, requestedBy: number | null): Promise<string | null> {
  const retention = await auditRetentionDays(ctx.db);
  if (a.older_than_days < retention) return `保留天数不能少于审计日志的保留期 ${retention} 天（系统配置 audit.retention_days）。`;
  const account = requestedBy === null ? null : await ctx.users.account(requestedBy);
  if (!account || !account.is_active) return '清理日志必须由有删除日志权限的用户发起。';
  if (account.is_superuser) return null;
  for (const log of a.log === 'both' ? (['login', 'operation'] as const) : [a.log]) {
    const { table, name } = AUDIT_LOGS[log];
    const allowed = (await ctx.permissions.allows(account, 'DELETE', `/api/system/${table}/0/`)).ok && (await ctx.permissions.scopeCondition(account)) === null;
    if (!allowed) return `没有删除${name}的权限：清理日志需要${name}的删除权限（数据范围为全部）。`;
  }
  return null;
}

/** Deletes login and operation log rows older than a number of days (never younger than the audit retention). */
export const logsCleanupTask = define({
  kind: 'logs.cleanup',
  name: '清理日志',
  description: '删除早于指定天数的登录日志和/或操作日志（不少于审计保留期，需要日志的删除权限）。',
  args: logsCleanupArgs,
  form: [
    { name: 'log', label: '日志', type: 'enum', required: true, default: 'both', options: ['both', 'login', 'operation'] },
    { name: 'older_than_days', label: '保留天数', type: 'integer', required: true, default: AUDIT_RETENTION_DAYS, min: 1, max: 3650 },
  ],
  retryLimit: 2,
  timeoutSeconds: 600,
  concurrency: 1,
  refusal: (a, ctx, requestedBy) => logsCleanupRefusal(ctx, a, requestedBy),
  async run(a, { ctx, requestedBy }) {
    const refusal = await logsCleanupRefusal(ctx, a, requestedBy);
    if (refusal) throw new Error(refusal);
    const out: Record<string, number> = {};
    if (a.log !== 'operation') {
      out.login = (await ctx.db.query("DELETE FROM login_log WHERE create_datetime < now() - make_interval(days => $1::int) RETURNING id", [a.older_than_days])).length;
    }
    if (a.log !== 'login') {
      out.operation = (await ctx.db.query("DELETE FROM operation_log WHERE create_datetime < now() - make_interval(days => $1::int) RETURNING id", [a.older_than_days])).length;
    }
    return { deleted: out, older_than_days: a.older_than_days };
  },
});

/** An announcement to every user through the message center. */
export const messagesAnnounceTask = define({
  kind: 'messages.announce',
  name: '发送公告',
  description: '以消息中心公告发给所有用户（在线用户立即收到通知）。',
  args: messagesAnnounceArgs,
  form: [
    { name: 'title', label: '标题', type: 'string', required: true, max: 100 },
    { name: 'content', label: '内容', type: 'text', required: true, max: 5000 },
  ],
  retryLimit: 1,
  timeoutSeconds: 60,
  async run(a, { ctx, requestedBy }) {
    const senderId = requestedBy ?? Number((await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE is_superuser ORDER BY id LIMIT 1'))[0]?.id ?? 0);
    const sender = await ctx.users.account(senderId);
    if (!sender) throw new Error(`发送人（用户 ${senderId}）不存在。`);
    const { message } = await new MessageCenter(ctx.db).create(sender, { title: a.title, content: a.content, target_type: 3 });
    await ctx.hub.publish('all', NEW_MESSAGE_FRAME);
    return { message: message.id, recipients: message.target_user.length };
  },
});

/** Exercises the queue: waits, fails the first attempts on request, answers a message. */
export const diagnosticsProbeTask = define({
  kind: 'diagnostics.probe',
  name: '队列探测',
  description: '检验任务队列：等待指定毫秒数，前 N 次尝试故意失败（随后按退避重试），然后返回消息。',
  args: diagnosticsProbeArgs,
  form: [
    { name: 'message', label: '返回消息', type: 'string', required: false, default: 'ok', max: 200 },
    { name: 'sleep_ms', label: '等待（毫秒）', type: 'integer', required: false, default: 0, min: 0, max: 600_000 },
    { name: 'fail_attempts', label: '先失败次数', type: 'integer', required: false, default: 0, min: 0, max: 10 },
  ],
  retryLimit: 3,
  timeoutSeconds: 900,
  async run(a, { signal, attempt }) {
    if (a.sleep_ms > 0) await sleep(a.sleep_ms, signal);
    if (attempt <= a.fail_attempts) throw new Error(`按要求失败（第 ${attempt} 次尝试，共 ${a.fail_attempts} 次）`);
    return { message: a.message, attempt };
  },
});
