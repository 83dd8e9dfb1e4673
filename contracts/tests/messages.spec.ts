import WebSocket from 'ws';
import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import {
  message,
  messageDetail,
  messageList,
  newestMessage,
  receivedMessageList,
  socketFrame,
  unreadCount,
} from '../schemas';
import { expectKnownDifference } from '../known-differences';
import { expectFailure, expectHandledFailure, expectSuccess, named } from './support/expect-contract';

const M = 'api/system/message_center/';
const NEW_MESSAGE = '您有一条新消息~';

/** Collects the frames a socket receives during `action` (bounded), after its connect frame. */
async function framesDuring(url: string, action: () => Promise<void>, waitMs = 1500): Promise<unknown[]> {
  const ws = new WebSocket(url, { headers: { 'user-agent': 'contract-suite' }, handshakeTimeout: 5000 });
  const frames: unknown[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no connect frame within 5 s')), 5000);
      ws.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      ws.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    ws.on('message', (data: WebSocket.RawData) => frames.push(JSON.parse(String(data)) as unknown));
    await action();
    await new Promise((r) => setTimeout(r, waitMs));
    return frames;
  } finally {
    ws.terminate();
  }
}

areaTests('messages', () => {
test.describe('message center (API-CONTRACT §10)', () => {
  test('create → the recipient sees it unread in get_self_receive, get_newest_msg and get_unread_msg; the sender lists it', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const other = await auth.login(target.otherUsername);
    const title = `contract ${Date.now()}`;
    const before = expectSuccess(await api.get(`${M}get_unread_msg/`, { token: other.access }), unreadCount, 'unread before').count;

    const created = expectSuccess(
      await api.post(M, { token: access, json: { title, content: '<p>contract <b>body</b></p>', target_type: 0, target_user: [other.userId] } }),
      message,
      'create',
    );
    expect(created).toMatchObject({ title, content: '<p>contract <b>body</b></p>', target_type: 0, target_user: [other.userId], target_role: [], target_dept: [] });

    const inbox = expectSuccess(await api.get(`${M}get_self_receive/?page=1&limit=10`, { token: other.access }), receivedMessageList, 'get_self_receive');
    const mine = inbox.data.find((m) => m.id === created.id);
    expect(mine, 'the new message is in the recipient\'s inbox').toBeDefined();
    expect(mine?.is_read).toBe(false);
    expect(inbox.data[0]?.id, 'newest first').toBe(created.id);
    const newest = expectSuccess(await api.get(`${M}get_newest_msg/`, { token: other.access }), newestMessage, 'get_newest_msg');
    expect(newest?.id).toBe(created.id);
    expect(expectSuccess(await api.get(`${M}get_unread_msg/`, { token: other.access }), unreadCount, 'unread after').count).toBe(before + 1);

    const sent = expectSuccess(await api.get(`${M}?page=1&limit=10`, { token: access }), messageList, 'list (sent)');
    const row = sent.data.find((m) => m.id === created.id);
    expect(row?.user_info.map((u) => u.id)).toEqual([other.userId]);

    const detail = expectSuccess(await api.get(`${M}${created.id}/`, { token: access }), messageDetail, 'retrieve');
    expect(detail.title).toBe(title);

    const del = await api.request('DELETE', `${M}${created.id}/`, { token: access });
    expectSuccess(del, z.array(z.unknown()), 'destroy');
    expect((del.json as { msg: string }).msg).toBe('删除成功');
    const after = expectSuccess(await api.get(`${M}get_self_receive/?page=1&limit=10`, { token: other.access }), receivedMessageList, 'inbox after delete');
    expect(after.data.some((m) => m.id === created.id)).toBe(false);
  });

  test('the recipient of a role, department or announcement message is pushed 您有一条新消息~ on the socket', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const other = await auth.login(target.otherUsername);
    const frames = await framesDuring(`${target.wsBase}/ws/${other.access}/`, async () => {
      expectSuccess(await api.post(M, { token: access, json: { title: 'contract announcement', content: '<p>all</p>', target_type: 3 } }), message, 'announcement');
    });
    const parsed = frames.map((f) => socketFrame.parse(f));
    expect(parsed).toContainEqual({ sender: 'system', contentType: 'SYSTEM', content: NEW_MESSAGE, refresh_unread: true });
  });

  test('a message to one user: the recipient is pushed 您有一条新消息~ here, nothing upstream (known difference)', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.session();
    const other = await auth.login(target.otherUsername);
    let created: number | null = null;
    const frames = await framesDuring(`${target.wsBase}/ws/${other.access}/`, async () => {
      created = expectSuccess(await api.post(M, { token: access, json: { title: `contract to one ${Date.now()}`, content: '<p>one</p>', target_type: 0, target_user: [other.userId] } }), message, 'to one user').id;
    });
    const what = `WEBSOCKET /ws/{token}/ of the recipient, after POST /${M}`;
    const pushed = frames.map((f) => socketFrame.parse(f)).filter((f) => f.content === NEW_MESSAGE);
    await expectKnownDifference(testInfo, target, 'userMessagePush', {
      reference: () => expect(pushed, `${what}: frames ${JSON.stringify(frames)}`).toEqual([{ sender: 'system', contentType: 'SYSTEM', content: NEW_MESSAGE, refresh_unread: true }]),
      upstream: () => expect(pushed, `${what}: frames ${JSON.stringify(frames)}`).toEqual([]),
    });
    if (created !== null) await api.request('DELETE', `${M}${created}/`, { token: access });
  });

  test('the sender edits a message (PUT {id}/): title and content change, the recipients stay', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const other = await auth.login(target.otherUsername);
    const created = expectSuccess(await api.post(M, { token: access, json: { title: 'contract before', content: '<p>before</p>', target_type: 0, target_user: [other.userId] } }), message, 'create');
    const updated = expectSuccess(
      await api.request('PUT', `${M}${created.id}/`, { token: access, json: { title: 'contract after', content: '<p>after</p>', target_type: 0, target_user: [other.userId] } }),
      message,
      'update',
    );
    expect(updated).toMatchObject({ id: created.id, title: 'contract after', content: '<p>after</p>', target_user: [other.userId] });
    const inbox = expectSuccess(await api.get(`${M}get_self_receive/?page=1&limit=10`, { token: other.access }), receivedMessageList, 'inbox');
    expect(inbox.data.find((m) => m.id === created.id)?.title).toBe('contract after');
    await api.request('DELETE', `${M}${created.id}/`, { token: access });
  });

  test('multiple_delete {keys}: the sender deletes several messages at once; the recipient no longer has them', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const other = await auth.login(target.otherUsername);
    const ids: number[] = [];
    for (const i of [1, 2]) {
      ids.push(expectSuccess(await api.post(M, { token: access, json: { title: `contract bulk ${i}`, content: '<p>bulk</p>', target_type: 0, target_user: [other.userId] } }), message, 'create').id);
    }
    const del = await api.request('DELETE', `${M}multiple_delete/`, { token: access, json: { keys: ids } });
    expect(del.json, named(del, 'multiple_delete')).toMatchObject({ code: 2000, msg: '删除成功' });
    const inbox = expectSuccess(await api.get(`${M}get_self_receive/?page=1&limit=50`, { token: other.access }), receivedMessageList, 'inbox after');
    expect(inbox.data.filter((m) => ids.includes(m.id))).toEqual([]);
  });

  test('bad input and no token are refused with the envelope', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.session();
    const missing = expectHandledFailure(await api.post(M, { token: access, json: { content: 'x', target_type: 3 } }), 'create without title');
    expect(String(missing.msg)).toMatch(/^标题:/);
    const unknown = await api.post(M, { token: access, json: { title: 't', content: 'x', target_type: 0, target_user: [2_000_000_000] } });
    await expectKnownDifference(testInfo, target, 'msgAsList', {
      reference: () => void expectFailure(unknown, { code: 4000, msg: '目标用户:无效主键 “2000000000” - 对象不存在。' }, 'create for an unknown user'),
      upstream: () => {
        const msg = expectFailure(unknown, { code: 4000 }, 'create for an unknown user');
        expect(msg, `${named(unknown, 'create for an unknown user')}: msg`).toEqual([{ users: ['无效主键 “2000000000” － 对象不存在。'] }]);
      },
    });
    expectFailure(await api.get(`${M}get_unread_msg/`), { code: 4000, msg: '身份认证信息未提供。' }, 'get_unread_msg without a token');
    expectFailure(await api.get(`${M}get_self_receive/`), { code: 4000, msg: '身份认证信息未提供。' }, 'get_self_receive without a token');
  });
});
});
