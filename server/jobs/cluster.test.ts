import { describe, expect, it } from 'vitest';
import { intervalRow, scheduleRow } from '../../contracts/schemas/automation';
import type { AppContext } from '../context';
import type { TestServer } from '../testing';
import { call, expectData, login } from '../test/helpers';
import { twoInstances } from '../test/cluster';

/**
 * Two server instances working one job queue on one PostgreSQL: schedules due every 2 seconds are
 * enqueued exactly once per due time (never twice, whichever instance ticks first), every run is
 * worked once, and both instances show on the workers screen.
 */
describe('the job queue across two instances', () => {
  let a: { srv: TestServer; ctx: AppContext };
  let b: { srv: TestServer; ctx: AppContext };

  twoInstances('console_jobs', { JWT_SECRET: 'jobs-cluster-secret-0123456789', JOBS: 'on' }, (cluster) => ({ a, b } = cluster));

  it('runs each due time of each schedule exactly once', async () => {
    const sa = (await login(a.srv, 'superadmin', 'admin123456', false)).access;
    const every2s = expectData(await call(a.srv, '/api/automation/interval/', { token: sa, body: { every: 2, period: 'seconds' } }), intervalRow);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s = expectData(
        await call(i % 2 === 0 ? a.srv : b.srv, '/api/automation/schedule/', { token: sa, body: { name: `每两秒 ${i}`, task: 'diagnostics.probe', args: { message: `s${i}` }, interval: every2s.id } }),
        scheduleRow,
      );
      ids.push(s.id);
    }
    await new Promise((r) => setTimeout(r, 12_000));
    for (const id of ids) expectData(await call(b.srv, `/api/automation/schedule/${id}/`, { token: sa, method: 'PATCH', body: { enabled: false } }), scheduleRow);
    // Let the last queued runs finish.
    const end = Date.now() + 20_000;
    while ((await a.srv.query<{ n: number }>("SELECT count(*)::int AS n FROM automation_runs WHERE state IN ('queued', 'running', 'retrying')"))[0]?.n !== 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const runs = await a.srv.query<{ schedule: number; due: Date; state: string; instance: string | null }>('SELECT schedule, due, state, instance FROM automation_runs WHERE schedule = ANY($1::int[])', [ids]);
    const keys = runs.map((r) => `${r.schedule}@${new Date(r.due).toISOString()}`);
    // Never twice for one due time …
    expect(new Set(keys).size).toBe(keys.length);
    // … each schedule ran several times (12 s at one every 2 s), and the counters agree with the runs.
    const totals = await a.srv.query<{ id: number; total_runs: number }>('SELECT id, total_runs FROM automation_schedules WHERE id = ANY($1::int[])', [ids]);
    for (const t of totals) {
      const mine = runs.filter((r) => r.schedule === t.id);
      expect(mine.length).toBe(t.total_runs);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      // Due times are whole intervals apart.
      const dues = mine.map((r) => new Date(r.due).getTime()).sort((x, y) => x - y);
      for (let i = 1; i < dues.length; i++) expect(((dues[i] ?? 0) - (dues[i - 1] ?? 0)) % 2000).toBe(0);
    }
    expect(runs.every((r) => r.state === 'succeeded')).toBe(true);
    // Each pg-boss job was worked once: one attempt per run.
    const attempts = await a.srv.query<{ n: number }>('SELECT count(*)::int AS n FROM automation_runs WHERE schedule = ANY($1::int[]) AND attempts <> 1', [ids]);
    expect(attempts[0]?.n).toBe(0);
    const workers = await a.srv.query<{ instance: string }>('SELECT instance FROM automation_workers WHERE stopped IS NULL');
    expect(new Set(workers.map((w) => w.instance))).toEqual(new Set([a.ctx.jobs.instance, b.ctx.jobs.instance]));
  }, 90_000);

  it('enqueues a due schedule once when both instances tick at the same moment', async () => {
    const sa = (await login(b.srv, 'superadmin', 'admin123456', false)).access;
    const hourly = expectData(await call(b.srv, '/api/automation/interval/', { token: sa, body: { every: 1, period: 'hours' } }), intervalRow);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(expectData(await call(b.srv, '/api/automation/schedule/', { token: sa, body: { name: `同时 ${i}`, task: 'diagnostics.probe', args: {}, interval: hourly.id } }), scheduleRow).id);
    }
    for (let round = 0; round < 5; round++) {
      // Every schedule due now; both instances' tickers asked at once (the 1-second timers as well).
      await a.srv.query("UPDATE automation_schedules SET next_run = now() - interval '1 second' WHERE id = ANY($1::int[])", [ids]);
      const [na, nb] = await Promise.all([a.ctx.jobs.tick(), b.ctx.jobs.tick()]);
      expect((na ?? 0) + (nb ?? 0)).toBeLessThanOrEqual(ids.length);
    }
    await new Promise((r) => setTimeout(r, 1500));
    const runs = await a.srv.query<{ schedule: number; n: number }>('SELECT schedule, count(*)::int AS n FROM automation_runs WHERE schedule = ANY($1::int[]) GROUP BY 1', [ids]);
    expect(runs).toHaveLength(ids.length);
    // Five due times each, enqueued once each.
    for (const r of runs) expect(r.n).toBe(5);
  }, 60_000);
});
