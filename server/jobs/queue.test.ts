import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { startTestServerWithContext, type TestServer } from '../testing';
import { suiteServer } from '../test/helpers';

let srv: TestServer;
let ctx: AppContext;

suiteServer([], (s) => ({ srv, ctx } = s), { captcha: true, env: { JOBS: 'on' } }, 180_000);

interface Run {
  state: string;
  attempts: number;
  result: unknown;
  error: string | null;
  started: Date | null;
  finished: Date | null;
}

async function runOf(id: string): Promise<Run> {
  return (await srv.query<Run & Record<string, unknown>>('SELECT state, attempts, result, error, started, finished FROM automation_runs WHERE id = $1', [id]))[0] as Run;
}

async function until(id: string, states: string[], ms = 20_000): Promise<Run> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await runOf(id);
    if (states.includes(r.state)) return r;
    if (Date.now() > end) throw new Error(`run ${id} still ${r.state} (wanted ${states.join('/')})`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('the job queue on the embedded database', () => {
  it('runs a queued task and keeps its result', async () => {
    const id = await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { message: 'hello' }, trigger: 'manual', requestedBy: 1 });
    const run = await until(id, ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', attempts: 1, result: { message: 'hello', attempt: 1 }, error: null });
    const job = await srv.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(job[0]?.state).toBe('completed');
  }, 30_000);

  it('retries a failing task with backoff until it succeeds, counting attempts', async () => {
    const id = await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { fail_attempts: 2 }, trigger: 'manual' });
    const seen = new Set<string>();
    const end = Date.now() + 40_000;
    let run = await runOf(id);
    while (run.state !== 'succeeded' && run.state !== 'failed' && Date.now() < end) {
      seen.add(run.state);
      await new Promise((res) => setTimeout(res, 50));
      run = await runOf(id);
    }
    expect(run.state).toBe('succeeded');
    expect(run.attempts).toBe(3);
    expect(seen.has('retrying')).toBe(true);
  }, 60_000);

  it('fails for good after the retry limit, with the error kept', async () => {
    const id = await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { fail_attempts: 9 }, trigger: 'manual' });
    const run = await until(id, ['failed'], 60_000);
    expect(run.attempts).toBe(4);
    expect(run.error).toContain('按要求失败');
  }, 90_000);

  it('cancels a running task, refuses to cancel a finished one, and retries it as a new run', async () => {
    const id = await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { sleep_ms: 30_000 }, trigger: 'manual' });
    await until(id, ['running']);
    await ctx.jobs.cancel(id);
    const run = await runOf(id);
    expect(run.state).toBe('cancelled');
    await expect(ctx.jobs.cancel(id)).rejects.toThrow(/不能取消/);
    const again = await ctx.jobs.retry(id, 1);
    expect(again).not.toBe(id);
    expect((await srv.query<{ retry_of: string }>('SELECT retry_of FROM automation_runs WHERE id = $1', [again]))[0]?.retry_of).toBe(id);
    await ctx.jobs.cancel(again);
  }, 30_000);

  it('one long task does not hold the others: later runs start and finish while a probe sleeps, which can then be cancelled', async () => {
    const long = await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { sleep_ms: 120_000, message: 'long' }, trigger: 'manual' });
    await until(long, ['running']);
    // Enqueued after the long one started (its poller is busy with it): the other pollers take them.
    const started = Date.now();
    const short = [];
    for (let i = 0; i < 3; i++) short.push(await ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { message: `short-${i}` }, trigger: 'manual' }));
    for (const id of short) expect(await until(id, ['succeeded', 'failed'], 20_000)).toMatchObject({ state: 'succeeded' });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await runOf(long)).state).toBe('running');
    await ctx.jobs.cancel(long);
    expect(await until(long, ['cancelled'], 5_000)).toMatchObject({ state: 'cancelled', error: '已取消' });
  }, 60_000);

  it('refuses arguments that do not match the task', async () => {
    const id = await ctx.jobs.enqueue({ task: 'logs.cleanup', args: { older_than_days: 0 }, trigger: 'manual' });
    const run = await until(id, ['failed'], 20_000);
    expect(run.error).toContain('参数不符合任务定义');
    // No retry can mend it: failed after one attempt.
    expect(run.attempts).toBe(1);
  }, 90_000);
});

describe('an instance that does not work the queue (JOBS=off)', () => {
  it('still queues a run, which the working instance then runs', async () => {
    const off = await startTestServerWithContext({ env: { JOBS: 'off' } });
    try {
      expect(off.ctx.jobs.started).toBe(false);
      const id = await off.ctx.jobs.enqueue({ task: 'diagnostics.probe', args: { message: 'queued elsewhere' }, trigger: 'manual' });
      const job = await off.srv.query<{ state: string; name: string }>('SELECT state, name FROM pgboss.job WHERE id = $1', [id]);
      expect(job[0]).toEqual({ state: 'created', name: 'tasks' });
      expect((await off.srv.query<{ state: string }>('SELECT state FROM automation_runs WHERE id = $1', [id]))[0]?.state).toBe('queued');
    } finally {
      await off.srv.close();
    }
  }, 60_000);
});

