import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crontabRow, intervalRow, runQueued, runRow, scheduleRow, taskKindRow, workersAnswer } from '../../../../contracts/schemas/automation';
import { listPage } from '../../../../contracts/schemas/envelope';
import type { TestServer } from '../../../testing';
import { call, expectData, suiteServer } from '../../../test/helpers';
import { formatDatetime } from '../../../domain/time';

/**
 * The automation API on a server that works its queue: crontabs with their next runs,
 * intervals, schedules bound to one of them, run now → a run that succeeds, the runs list, cancel and
 * retry, the workers screen; bad input and a low-privilege account.
 */

let srv: TestServer;
let sa: string;
let testToken: string;

suiteServer(['superadmin', 'test'], (s) => ({ srv, tokens: [sa, testToken] } = s), { env: { JOBS: 'on' } });

const failure = (res: { body: { code: number; msg: unknown } }) => {
  expect(res.body.code).not.toBe(2000);
  return String(res.body.msg);
};

async function waitRun(id: string, states: string[]) {
  const end = Date.now() + 30_000;
  for (;;) {
    const run = expectData(await call(srv, `/api/automation/task/runs/${id}/`, { token: sa }), runRow);
    if (states.includes(run.state)) return run;
    if (Date.now() > end) throw new Error(`run still ${run.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('automation API', () => {
  let crontabId = 0;
  let intervalId = 0;
  let scheduleId = 0;

  it('creates a crontab and answers its next 5 runs in its time zone, ISO 8601 with offset', async () => {
    const created = expectData(await call(srv, '/api/automation/crontab/', { token: sa, body: { expression: '*/15 9-18 * * 1-5', timezone: 'Asia/Shanghai', description: '工作时间每刻钟' } }), crontabRow);
    crontabId = created.id;
    const row = expectData(await call(srv, `/api/automation/crontab/${crontabId}/`, { token: sa }), crontabRow);
    expect(row.next_runs).toHaveLength(5);
    for (const t of row.next_runs) {
      expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T(09|1[0-8]):(00|15|30|45):00\+08:00$/);
      const weekday = new Date(t).toLocaleDateString('en-US', { timeZone: 'Asia/Shanghai', weekday: 'short' });
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday);
    }
    const times = row.next_runs.map((t) => Date.parse(t));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(Date.now());
  });

  it('refuses invalid crontabs, unknown zones and non-positive intervals, storing nothing', async () => {
    const before = expectData(await call(srv, '/api/automation/crontab/', { token: sa }), listPage(crontabRow)).total;
    expect(failure(await call(srv, '/api/automation/crontab/', { token: sa, body: { expression: '61 * * * *', timezone: 'UTC' } }))).toContain('61');
    expect(failure(await call(srv, '/api/automation/crontab/', { token: sa, body: { expression: '* * *', timezone: 'UTC' } }))).toContain('5 个字段');
    expect(failure(await call(srv, '/api/automation/crontab/', { token: sa, body: { expression: '0 0 * * *', timezone: 'Mars/Base' } }))).toContain('时区');
    expect(expectData(await call(srv, '/api/automation/crontab/', { token: sa }), listPage(crontabRow)).total).toBe(before);
    expect(failure(await call(srv, '/api/automation/interval/', { token: sa, body: { every: 0, period: 'seconds' } }))).toMatch(/间隔/);
    expect(failure(await call(srv, '/api/automation/interval/', { token: sa, body: { every: -5, period: 'minutes' } }))).toMatch(/间隔/);
    expect(failure(await call(srv, '/api/automation/interval/', { token: sa, body: { every: 5, period: 'weeks' } }))).toMatch(/周期单位/);
    intervalId = expectData(await call(srv, '/api/automation/interval/', { token: sa, body: { every: 1, period: 'hours' } }), intervalRow).id;
  });

  it('binds a schedule to exactly one existing crontab or interval, with arguments the task accepts', async () => {
    const base = { name: '探测', task: 'diagnostics.probe', args: { message: 'from schedule' } };
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, crontab: 999_999 } }))).toContain('不存在');
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, crontab: crontabId, interval: intervalId } }))).toContain('只能选一个');
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base } }))).toContain('只能选一个');
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, crontab: crontabId, args: { sleep_ms: 'long' } } }))).toContain('参数');
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, crontab: crontabId, args: { unknown: 1 } } }))).toContain('参数');
    expect(failure(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, task: 'nope', crontab: crontabId } }))).toBeTruthy();
    const s = expectData(await call(srv, '/api/automation/schedule/', { token: sa, body: { ...base, crontab: crontabId } }), scheduleRow);
    scheduleId = s.id;
    // Defaults of the task's arguments are stored; the next run is the crontab's next one.
    const row = expectData(await call(srv, `/api/automation/schedule/${scheduleId}/`, { token: sa }), scheduleRow);
    expect(row.args).toEqual({ message: 'from schedule', sleep_ms: 0, fail_attempts: 0 });
    const cron = expectData(await call(srv, `/api/automation/crontab/${crontabId}/`, { token: sa }), crontabRow);
    expect(row.next_run).not.toBeNull();
    expect(new Date(`${String(row.next_run).replace(' ', 'T')}+08:00`).getTime()).toBe(Date.parse(cron.next_runs[0] ?? ''));
    // A crontab in use cannot be deleted.
    expect(failure(await call(srv, `/api/automation/crontab/${crontabId}/`, { token: sa, method: 'DELETE' }))).toContain('正被调度');
  });

  it('updates only what an update names: arguments and time zone are kept', async () => {
    const zoned = expectData(await call(srv, '/api/automation/crontab/', { token: sa, body: { expression: '0 3 * * *', timezone: 'Europe/Berlin' } }), crontabRow);
    const cron = expectData(await call(srv, `/api/automation/crontab/${zoned.id}/`, { token: sa, method: 'PUT', body: { expression: '30 4 * * *' } }), crontabRow);
    expect(cron).toMatchObject({ expression: '30 4 * * *', timezone: 'Europe/Berlin' });
    const s = expectData(
      await call(srv, '/api/automation/schedule/', { token: sa, body: { name: '保留参数', task: 'diagnostics.probe', args: { message: 'kept', sleep_ms: 5 }, crontab: zoned.id } }),
      scheduleRow,
    );
    const off = expectData(await call(srv, `/api/automation/schedule/${s.id}/`, { token: sa, method: 'PUT', body: { enabled: false } }), scheduleRow);
    expect(off).toMatchObject({ enabled: false, args: { message: 'kept', sleep_ms: 5, fail_attempts: 0 }, crontab: zoned.id });
    await call(srv, `/api/automation/schedule/${s.id}/`, { token: sa, method: 'DELETE' });
    await call(srv, `/api/automation/crontab/${zoned.id}/`, { token: sa, method: 'DELETE' });
  });

  it('runs a schedule now: the run succeeds with its result, listed with the schedule, and counts in its 上次运行 and 运行次数', async () => {
    const before = expectData(await call(srv, `/api/automation/schedule/${scheduleId}/`, { token: sa }), scheduleRow);
    const asked = Date.now();
    const { run_id } = expectData(await call(srv, `/api/automation/schedule/${scheduleId}/run/`, { token: sa, method: 'POST' }), runQueued);
    const after = expectData(await call(srv, `/api/automation/schedule/${scheduleId}/`, { token: sa }), scheduleRow);
    expect(after.total_runs).toBe(before.total_runs + 1);
    // 上次运行 is the moment it was asked for (same format and zone as every datetime the server answers).
    expect((after.last_run ?? '') >= formatDatetime(asked - 2000)).toBe(true);
    const run = await waitRun(run_id, ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', attempts: 1, schedule: scheduleId, schedule_name: '探测', trigger: 'manual', result: { message: 'from schedule', attempt: 1 } });
    expect(run.started).not.toBeNull();
    expect(run.finished).not.toBeNull();
    const list = expectData(await call(srv, `/api/automation/task/runs/?schedule=${scheduleId}`, { token: sa }), listPage(runRow));
    expect(list.data.map((r) => r.id)).toContain(run_id);
    expect(failure(await call(srv, `/api/automation/task/runs/${run_id}/cancel/`, { token: sa, method: 'POST' }))).toContain('不能取消');
    expect(failure(await call(srv, `/api/automation/task/runs/${run_id}/retry/`, { token: sa, method: 'POST' }))).toContain('只有失败');
  }, 60_000);

  it('runs a task by hand with checked arguments; a forced failure retries, then succeeds', async () => {
    expect(failure(await call(srv, '/api/automation/task/logs.cleanup/run/', { token: sa, body: { args: { older_than_days: 0 } } }))).toContain('参数');
    expect(failure(await call(srv, '/api/automation/task/no.such/run/', { token: sa, body: { args: {} } }))).toContain('不存在');
    const { run_id } = expectData(await call(srv, '/api/automation/task/diagnostics.probe/run/', { token: sa, body: { args: { fail_attempts: 1 } } }), runQueued);
    const run = await waitRun(run_id, ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', attempts: 2 });
  }, 60_000);

  it('lists the task kinds and this instance as an online worker with the queues', async () => {
    const kinds = expectData(await call(srv, '/api/automation/task/', { token: sa }), z.array(taskKindRow));
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['rollups.rebuild', 'codes.expire', 'logs.cleanup', 'messages.announce', 'diagnostics.probe']));
    expect((kinds.find((k) => k.kind === 'diagnostics.probe')?.recent.succeeded ?? 0)).toBeGreaterThanOrEqual(2);
    const w = expectData(await call(srv, '/api/automation/celery/', { token: sa }), workersAnswer);
    expect(w.workers.filter((x) => x.status === 'online')).toHaveLength(1);
    expect(w.workers[0]?.completed).toBeGreaterThanOrEqual(2);
    expect(w.queues.find((q) => q.queue === 'tasks' && q.task === 'diagnostics.probe')?.completed).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad run ids and paging, and a low-privilege account', async () => {
    expect((await call(srv, '/api/automation/task/runs/not-a-uuid/', { token: sa })).body.code).toBe(400);
    expect(failure(await call(srv, '/api/automation/task/runs/?limit=100000', { token: sa }))).toContain('limit');
    expect(failure(await call(srv, '/api/automation/task/runs/?state=exploded', { token: sa }))).toContain('状态');
    const denied = await call(srv, '/api/automation/crontab/', { token: testToken, body: { expression: '0 0 * * *', timezone: 'UTC' } });
    expect(String(denied.body.msg)).toContain('没有执行该操作的权限');
    expect(String((await call(srv, `/api/automation/schedule/${scheduleId}/run/`, { token: testToken, method: 'POST' })).body.msg)).toContain('没有执行该操作的权限');
  });
});
