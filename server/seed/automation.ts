import type { Db } from '../db/db';
import { firstRun } from '../jobs/schedule-time';
import { seedOnce, sampleOwner } from './helpers';

/** Marker row in schema_migrations: the automation samples are seeded once per database. */
export const AUTOMATION_SEED_VERSION = 'seed-048-automation';

const CRONTABS = [
  { expression: '30 3 * * *', timezone: 'Asia/Shanghai', description: '每天凌晨 3:30' },
  { expression: '0 4 * * 1', timezone: 'Asia/Shanghai', description: '每周一凌晨 4 点' },
  { expression: '*/30 9-21 * * *', timezone: 'Asia/Shanghai', description: '白天每半小时' },
];
const INTERVALS = [
  { every: 1, period: 'hours', description: '每小时' },
  { every: 10, period: 'minutes', description: '每 10 分钟' },
  { every: 1, period: 'days', description: '每天' },
] as const;
/** The platform's housekeeping, as staff would set it up (crontab/interval by index above). */
const SCHEDULES = [
  { name: '每日重算近两天汇总', task: 'rollups.rebuild', args: { target: 'all', days: 2 }, crontab: 0, enabled: true, exclusive: true, description: '凌晨重算昨天和今天的埋点与收入汇总' },
  { name: '每周清理 180 天前日志', task: 'logs.cleanup', args: { log: 'both', older_than_days: 180 }, crontab: 1, enabled: true, exclusive: true, description: '登录日志和操作日志保留 180 天（审计保留期）' },
  { name: '兑换码过期处理', task: 'codes.expire', args: { grace_days: 0 }, interval: 0, enabled: true, exclusive: true, description: '结束时间已过的批次记为过期' },
  { name: '队列探测', task: 'diagnostics.probe', args: { message: 'ok', sleep_ms: 200, fail_attempts: 0 }, interval: 1, enabled: false, exclusive: false, description: '需要时启用，检验任务队列' },
] as const;

/** Sample crontabs, intervals and schedules (the automation screens' first view), once per database. */
export async function seedAutomation(db: Db): Promise<boolean> {
  return seedOnce(db, AUTOMATION_SEED_VERSION, async (tx) => {
    const owner = await sampleOwner(tx);
    const crontabs: number[] = [];
    for (const c of CRONTABS) {
      crontabs.push((await tx.query<{ id: number }>('INSERT INTO automation_crontabs (expression, timezone, description, creator) VALUES ($1, $2, $3, $4) RETURNING id', [c.expression, c.timezone, c.description, owner]))[0]?.id ?? 0);
    }
    const intervals: number[] = [];
    for (const i of INTERVALS) {
      intervals.push((await tx.query<{ id: number }>('INSERT INTO automation_intervals (every, period, description, creator) VALUES ($1, $2, $3, $4) RETURNING id', [i.every, i.period, i.description, owner]))[0]?.id ?? 0);
    }
    const now = new Date();
    for (const s of SCHEDULES) {
      const cron = 'crontab' in s ? CRONTABS[s.crontab] : undefined;
      const every = 'interval' in s ? INTERVALS[s.interval] : undefined;
      const next = firstRun({ expression: cron?.expression ?? null, timezone: cron?.timezone ?? null, every: every?.every ?? null, period: every?.period ?? null }, now);
      await tx.query(
        `INSERT INTO automation_schedules (name, task, args, crontab, interval, enabled, exclusive, next_run, description, creator)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10)`,
        [s.name, s.task, JSON.stringify(s.args), 'crontab' in s ? crontabs[s.crontab] : null, 'interval' in s ? intervals[s.interval] : null, s.enabled, s.exclusive, next, s.description, owner],
      );
    }
  });
}
