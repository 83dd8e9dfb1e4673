import { describe, expect, it } from 'vitest';
import { monitorResult, realtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, login, SERVER_TIMEOUT_MS } from '../../../test/helpers';
import { twoInstances } from '../../../test/cluster';

/**
 * The live dashboards on PostgreSQL with two instances on one database: the realtime
 * statement runs there; each instance's monitor sees both instances (from the samples each writes),
 * with the pg pool's real counts.
 */
describe('dashboard monitor with two instances on PostgreSQL', () => {
  let a: { srv: TestServer; ctx: AppContext } | null = null;
  let b: { srv: TestServer; ctx: AppContext } | null = null;

  twoInstances('console_monitor', { JWT_SECRET: 'monitor-test-secret-0123456789' }, (cluster) => ({ a, b } = cluster), { start: SERVER_TIMEOUT_MS * 2, stop: SERVER_TIMEOUT_MS });

  it('each instance lists both, with the pg pool figures; realtime answers on PostgreSQL', async () => {
    if (!a || !b) throw new Error('servers not started');
    await a.ctx.live.monitor.write();
    await b.ctx.live.monitor.write();
    const token = (await login(a.srv, 'superadmin', 'admin123456', false)).access;
    const fromA = expectData(await call(a.srv, '/api/dashboard/monitor/', { token }), monitorResult);
    const fromB = expectData(await call(b.srv, '/api/dashboard/monitor/', { token }), monitorResult);
    const names = [a.ctx.jobs.instance, b.ctx.jobs.instance].sort();
    expect(fromA.instances.map((i) => i.instance).sort()).toEqual(names);
    expect(fromB.instances.map((i) => i.instance).sort()).toEqual(names);
    expect(fromA.self).toBe(a.ctx.jobs.instance);
    const self = fromA.instances.find((i) => i.instance === fromA.self);
    expect(self?.current.db.kind).toBe('postgres');
    expect(self?.current.db.max).toBe(10);
    expect(self?.current.db.total).toBeGreaterThanOrEqual(1);
    expect(self?.current.db.total).toBeLessThanOrEqual(10);
    expect(fromA.instances.every((i) => i.status === 'online')).toBe(true);
    const snap = expectData(await call(b.srv, '/api/dashboard/realtime/', { token }), realtimeSnapshot);
    expect(snap.minutes).toHaveLength(60);
  });
});
