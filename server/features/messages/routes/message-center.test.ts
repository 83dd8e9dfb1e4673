import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageDetail,
  messageList,
  newestMessage,
  receivedMessageList,
  unreadCount,
} from '../../../../contracts/schemas';
import { startTestServer, type TestServer } from '../../../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS } from '../../../test/helpers';
import { openWatched, type WatchedSocket } from '../../../test/socket-watch';

const NEW = { sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true };
const READ = { sender: 'system', contentType: 'TEXT', content: '您查看了一条消息~', refresh_unread: true };
const M = '/api/system/message_center/';

describe('message center', () => {
  let srv: TestServer;
  const token: Record<'superadmin' | 'admin' | 'test', string> = { superadmin: '', admin: '', test: '' };
  const sockets: WatchedSocket[] = [];
  const open = async (who: keyof typeof token) => {
    const s = await openWatched(`${srv.wsUrl}/api/ws/${token[who]}/`);
    sockets.push(s);
    return s;
  };
  const unread = async (who: keyof typeof token) => expectData(await call(srv, `${M}get_unread_msg/`, { token: token[who] }), unreadCount).count;
  const send = (body: unknown, who: keyof typeof token = 'superadmin') => call(srv, M, { body, token: token[who] });

  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    for (const who of ['superadmin', 'admin', 'test'] as const) token[who] = (await login(srv, who, 'admin123456', false)).access;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await srv.close();
  }, SERVER_TIMEOUT_MS);

  it('a message to one user: pushed to that user only, unread until opened, opening marks it read and pushes to the reader', async () => {
    const test = await open('test');
    const admin = await open('admin');
    expect(test.frames[0]).toEqual({ sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false });
    const res = await send({ title: 'hello test', content: '<p>first</p>', target_type: 0, target_user: [3] });
    const created = expectData(res, messageDetail);
    expect(res.body.msg).toBe('新增成功');
    expect(created).toMatchObject({ title: 'hello test', target_type: 0, target_user: [3], target_role: [], target_dept: [], creator: 1, creator_name: '超级管理员' });
    expect(await test.next()).toEqual(NEW);
    await expect(admin.next(undefined, 400)).rejects.toThrow(/no matching frame/);

    expect(await unread('test')).toBe(1);
    const inbox = expectData(await call(srv, `${M}get_self_receive/?page=1&limit=10`, { token: token.test }), receivedMessageList);
    expect(inbox.data.map((m) => [m.id, m.is_read])).toEqual([[created.id, false]]);
    const newest = expectData(await call(srv, `${M}get_newest_msg/`, { token: token.test }), newestMessage);
    expect(newest?.title).toBe('hello test');

    const opened = expectData(await call(srv, `${M}${created.id}/`, { token: token.test }), messageDetail);
    expect(opened.user_info.map((u) => u.username)).toEqual(['test']);
    expect(await test.next()).toEqual(READ);
    expect(await unread('test')).toBe(0);
    const after = expectData(await call(srv, `${M}get_self_receive/?is_read=1`, { token: token.test }), receivedMessageList);
    expect(after.data.map((m) => m.id)).toContain(created.id);
  });

  it('the first socket frame says so when there are unread messages', async () => {
    await send({ title: 'for admin', content: 'x', target_type: 0, target_user: [2] });
    const admin = await open('admin');
    expect(admin.frames[0]).toEqual({ sender: 'system', contentType: 'SYSTEM', content: '请查看您的未读消息~', refresh_unread: true });
  });

  it('role, department and announcement targets resolve their recipients and push to each', async () => {
    const test = await open('test');
    const admin = await open('admin');
    const sa = await open('superadmin');
    const byRole = expectData(await send({ title: 'role', content: 'r', target_type: 1, target_role: [1] }), messageDetail);
    expect(byRole.target_user).toEqual([1, 2]);
    expect(byRole.role_info.map((r) => r.key)).toEqual(['admin']);
    expect(await admin.next()).toEqual(NEW);
    expect(await sa.next()).toEqual(NEW);
    const byDept = expectData(await send({ title: 'dept', content: 'd', target_type: 2, target_dept: [3] }), messageDetail);
    expect(byDept.target_user).toEqual([3]);
    expect(byDept.dept_info).toEqual([{ id: 3, name: expect.any(String) }]);
    expect(await test.next()).toEqual(NEW);
    const all = expectData(await send({ title: 'all', content: 'a', target_type: 3 }), messageDetail);
    expect(all.target_user).toEqual([1, 2, 3]);
    await Promise.all([test.next(), admin.next(), sa.next()]);
  });

  it('bad input is refused with the envelope and nothing is written', async () => {
    const before = expectData(await call(srv, `${M}?limit=999`, { token: token.superadmin }), messageList).total;
    expectFailure(await send({ content: 'x', target_type: 3 }), 4000, '标题:该字段是必填项。');
    expectFailure(await send({ title: '   ', content: 'x', target_type: 3 }), 4000, '标题:该字段不能为空。');
    expectFailure(await send({ title: 'x'.repeat(101), content: 'x', target_type: 3 }), 4000, '标题:长度不能超过 100 个字符。');
    expectFailure(await send({ title: 't', content: 'x', target_type: 7 }), 4000, '目标类型:类型不正确。');
    expectFailure(await send({ title: 't', content: 'x', target_type: 0 }), 4000, '目标用户:该字段是必填项。');
    expectFailure(await send({ title: 't', content: 'x', target_type: 0, target_user: [999] }), 4000, '目标用户:无效主键 “999” - 对象不存在。');
    expectFailure(await send({ title: 't', content: 'x', target_type: 1, target_role: ['1'] }), 4000, '目标角色:类型不正确。');
    expectFailure(await call(srv, M, { raw: '[1]', token: token.superadmin, headers: { 'content-type': 'application/json' } }), 4000, '请求数据格式不正确，应为 JSON 对象。');
    expectFailure(await call(srv, `${M}get_self_receive/?page=0`, { token: token.test }), 4000, 'page:不能小于 1。');
    expectFailure(await call(srv, `${M}abc/`, { token: token.superadmin }), 400, '接口地址不正确');
    expectFailure(await call(srv, `${M}99999/`, { token: token.superadmin }), 400, '接口地址不正确');
    expectFailure(await call(srv, `${M}get_unread_msg/`), 4000, '身份认证信息未提供。');
    expect(expectData(await call(srv, `${M}?limit=999`, { token: token.superadmin }), messageList).total).toBe(before);
  });

  it('lists what I sent, newest first, with paging and the targets objects', async () => {
    const page1 = expectData(await call(srv, `${M}?page=1&limit=2`, { token: token.superadmin }), messageList);
    expect(page1.data).toHaveLength(2);
    expect(page1.is_next).toBe(true);
    expect(page1.data[0]?.title).toBe('all');
    const page2 = expectData(await call(srv, `${M}?page=2&limit=2`, { token: token.superadmin }), messageList);
    expect(page2.is_previous).toBe(true);
    expect(page2.data[0]?.id).toBeLessThan(page1.data[1]?.id ?? 0);
    // admin (role 管理员) may list, and has sent nothing yet.
    const mine = await call(srv, M, { token: token.admin });
    expect(expectData(mine, messageList).data).toEqual([]);
    expect(mine.body.msg).toBe('暂无数据');
  });

  it('only the sender (or a superuser) may edit or delete; a stranger may not read', async () => {
    // admin's role may create and update messages (not delete): the ownership rule comes on top.
    const own = expectData(await send({ title: 'mine', content: 'm', target_type: 0, target_user: [1] }, 'admin'), messageDetail);
    const other = expectData(await send({ title: 'theirs', content: 't', target_type: 0, target_user: [1] }), messageDetail);
    expectFailure(await call(srv, `${M}${other.id}/`, { token: token.test }), 4000, `您没有执行该操作的权限。 (GET: ${M}${other.id}/)`);
    expectFailure(
      await call(srv, `${M}${other.id}/`, { method: 'PUT', body: { title: 'x', content: 'y', target_type: 3 }, token: token.admin }),
      4000,
      '只能修改或删除自己发送的消息。',
    );

    const test = await open('test');
    const sa = await open('superadmin');
    const edited = await call(srv, `${M}${own.id}/`, { method: 'PUT', body: { title: 'mine v2', content: 'm2', target_type: 0, target_user: [1, 3] }, token: token.admin });
    expect(expectData(edited, messageDetail)).toMatchObject({ title: 'mine v2', target_user: [1, 3] });
    // Only the newly added recipient is told.
    expect(await test.next()).toEqual(NEW);
    await expect(sa.next(undefined, 300)).rejects.toThrow(/no matching frame/);

    const del = await call(srv, `${M}${own.id}/`, { method: 'DELETE', token: token.superadmin });
    expect(del.body).toEqual({ code: 2000, data: [], msg: '删除成功' });
    expectFailure(await call(srv, `${M}${own.id}/`, { token: token.superadmin }), 400, '接口地址不正确');
    const many = await call(srv, `${M}multiple_delete/`, { method: 'DELETE', body: { keys: [other.id] }, token: token.superadmin });
    expect(many.body.code).toBe(2000);
    expectFailure(await call(srv, `${M}${other.id}/`, { token: token.superadmin }), 400, '接口地址不正确');
  });
});
