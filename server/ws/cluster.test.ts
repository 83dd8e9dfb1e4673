import { afterAll, describe, expect, it } from 'vitest';
import { messageDetail, unreadCount } from '../../contracts/schemas';
import type { TestServer } from '../testing';
import type { AppContext } from '../context';
import { call, expectData, login } from '../test/helpers';
import { twoInstances } from '../test/cluster';
import { openWatched, type WatchedSocket } from '../test/socket-watch';

const NEW = { sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true };
const M = '/api/system/message_center/';

/**
 * Two reference server instances on one real PostgreSQL server (installed by scripts/ensure-system.sh,
 * started here on loopback): a message sent through instance A reaches a socket held by instance B,
 * for every target type, through LISTEN/NOTIFY.
 */
describe('cross-instance pushes through PostgreSQL', () => {
  let a: { srv: TestServer; ctx: AppContext };
  let b: { srv: TestServer; ctx: AppContext };
  const sockets: WatchedSocket[] = [];

  twoInstances('console_cluster', { JWT_SECRET: 'cluster-test-secret-0123456789' }, (cluster) => ({ a, b } = cluster));
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  const watch = async (srv: TestServer, token: string) => {
    const s = await openWatched(`${srv.wsUrl}/api/ws/${token}/`);
    sockets.push(s);
    return s;
  };

  it('both instances use PostgreSQL with the broker listening', () => {
    expect(a.ctx.db.kind).toBe('postgres');
    expect(b.ctx.db.kind).toBe('postgres');
  });

  it('a message sent on A reaches the recipient connected to B (user, role, department, everybody) and nobody else', async () => {
    const sa = (await login(a.srv, 'superadmin', 'admin123456', false)).access;
    const test = (await login(b.srv, 'test', 'admin123456', false)).access;
    const admin = (await login(b.srv, 'admin', 'admin123456', false)).access;
    const testOnB = await watch(b.srv, test);
    const adminOnB = await watch(b.srv, admin);

    const started = Date.now();
    expectData(await call(a.srv, M, { token: sa, body: { title: 'to test', content: '<p>x</p>', target_type: 0, target_user: [3] } }), messageDetail);
    expect(await testOnB.next()).toEqual(NEW);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(adminOnB.next(undefined, 400)).rejects.toThrow(/no matching frame/);

    expectData(await call(a.srv, M, { token: sa, body: { title: 'to role', content: 'r', target_type: 1, target_role: [1] } }), messageDetail);
    expect(await adminOnB.next()).toEqual(NEW);
    expectData(await call(a.srv, M, { token: sa, body: { title: 'to dept', content: 'd', target_type: 2, target_dept: [3] } }), messageDetail);
    expect(await testOnB.next()).toEqual(NEW);
    expectData(await call(a.srv, M, { token: sa, body: { title: 'to all', content: 'a', target_type: 3 } }), messageDetail);
    await Promise.all([testOnB.next(), adminOnB.next()]);

    // The read state is shared too: B counts what A stored, and reading on B pushes to the reader.
    expect(expectData(await call(b.srv, `${M}get_unread_msg/`, { token: test }), unreadCount).count).toBe(3);
  });

  it('a push sent on B reaches a socket on A as well (both directions)', async () => {
    const sa = (await login(b.srv, 'superadmin', 'admin123456', false)).access;
    const onA = await watch(a.srv, sa);
    await b.ctx.hub.publish('all', { sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true });
    expect(await onA.next()).toEqual({ sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true });
  });

  it("caches follow the other instance's writes at once (settings, role permissions), not at their 30 s TTL", async () => {
    const saA = (await login(a.srv, 'superadmin', 'admin123456', false)).access;
    const siteName = async (srv: TestServer) => (await call<Record<string, unknown>>(srv, '/api/init/settings/')).body.data['login.site_name'];
    // B has the settings cached.
    expect(await siteName(b.srv)).toBe('企业级后台管理系统');
    expect(await siteName(b.srv)).toBe('企业级后台管理系统');
    const saved = await call(a.srv, '/api/system/system_config/save_content/', { method: 'PUT', token: saA, body: [{ id: 6, value: '集群名字' }] });
    expect(saved.body.code).toBe(2000);
    await expect.poll(() => siteName(b.srv), { timeout: 3000, interval: 50 }).toBe('集群名字');

    // test's role loses a Search button on A: B refuses the list it granted at once (its permission cache followed).
    const test = (await login(b.srv, 'test', 'admin123456', false)).access;
    const [button] = await a.ctx.db.query<{ api: string }>(
      `SELECT b.api FROM role_buttons rb JOIN menu_buttons b ON b.id = rb.button_id JOIN user_roles ur ON ur.role_id = rb.role_id JOIN users u ON u.id = ur.user_id
       WHERE u.username = 'test' AND b.value = 'Search' AND b.api LIKE '/api/game/%' ORDER BY b.id LIMIT 1`,
    );
    expect(button).toBeDefined();
    const list = () => call(b.srv, button?.api ?? '', { token: test });
    expect((await list()).body.code).toBe(2000);
    expect((await list()).body.code).toBe(2000);
    await a.ctx.db.query(
      `DELETE FROM role_buttons rb USING menu_buttons b, user_roles ur, users u
       WHERE b.id = rb.button_id AND ur.role_id = rb.role_id AND u.id = ur.user_id AND u.username = 'test' AND b.api = $1 AND b.value = 'Search'`,
      [button?.api],
    );
    await expect.poll(async () => (await list()).body.code, { timeout: 3000, interval: 50 }).not.toBe(2000);
  });

  it("a session signed out on A closes its socket on B at once (not at B's 30 s ping sweep)", async () => {
    const t = await login(a.srv, 'test', 'admin123456', false);
    const onB = await watch(b.srv, t.access);
    const closed = new Promise<number>((resolve) => onB.ws.once('close', (code) => resolve(code)));
    const started = Date.now();
    expect((await call(a.srv, '/api/logout/', { body: { refresh: t.refresh }, token: t.access })).body.code).toBe(2000);
    expect(await closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a file uploaded through A is served by B (the database holds uploads; each disk caches them)', async () => {
    const sa = (await login(a.srv, 'superadmin', 'admin123456', false)).access;
    // 2.5 MiB: three chunks of the shared store, with text that differs per run.
    const content = `cluster ${Date.now()}\n`.repeat(Math.ceil((2.5 * 1024 * 1024) / 24));
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/plain' }), 'cluster.txt');
    const res = await fetch(`${a.srv.baseUrl}/api/system/file/`, { method: 'POST', body: form, headers: { authorization: `JWT ${sa}` } });
    const body = (await res.json()) as { code: number; data: { url: string; size: number } };
    expect(body.code).toBe(2000);
    const [row] = await b.ctx.db.query<{ chunks: number }>('SELECT chunks FROM media_files WHERE path = $1', [body.data.url.replace(/^media\//, '')]);
    expect(row?.chunks).toBe(3);
    // B never saw the upload: its own media folder is another directory.
    const fromB = await fetch(`${b.srv.baseUrl}/${body.data.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await fromB.text()).toBe(content);
    // Twice (now from B's disk), and a file nobody stored is still 404.
    expect(await (await fetch(`${b.srv.baseUrl}/${body.data.url}`)).text()).toBe(content);
    expect((await fetch(`${b.srv.baseUrl}/media/files/0/0/00000000000000000000000000000000.txt`)).status).toBe(404);
  });
});
