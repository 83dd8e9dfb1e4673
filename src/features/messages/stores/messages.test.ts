import { describe, expect, it } from 'vitest';
import type { ReceivedMessage } from '../../../../contracts/schemas';
import type { Notice } from '../../../adapters/api';
import type { RealtimeEvents } from '../../../adapters/socket/realtime-socket';
import { RealtimeSocket } from '../../../adapters/socket/realtime-socket';
import { createSessionFlags, memoryKeyValueStorage } from '../../../adapters/storage';
import { fakeApi } from '../../../test/fake-api';
import { badgeText, frameNotice, MessagesStore } from './messages';

const msg = (id: number, is_read = false): ReceivedMessage => ({
  id, title: `t${id}`, content: '<p>x</p>', target_type: 0, target_user: [3], target_role: [], target_dept: [], creator: 1, creator_name: 'a',
  modifier: '1', modifier_name: 'a', dept_belong_id: '1', description: null, create_datetime: '2026-11-21 10:00:00', update_datetime: '2026-11-21 10:00:00', is_read,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('MessagesStore', () => {
  it('maps contentType to the notification style of spec §4', () => {
    expect(frameNotice({ contentType: 'SYSTEM', content: 'a' })).toEqual({ severity: 'success', text: 'a', life: 3000 });
    expect(frameNotice({ contentType: 'ERROR', content: 'b' })).toMatchObject({ severity: 'error', life: 2_147_483_647 });
    expect(frameNotice({ contentType: 'INFO', content: 'c' })).toMatchObject({ severity: 'success', life: 2_147_483_647 });
    expect(frameNotice({ contentType: 'TEXT', content: 'd' })).toEqual({ severity: 'info', text: 'd', life: 3000 });
    expect(frameNotice({ systemConfig: true })).toBeNull();
  });

  it('caps the badge at 99', () => {
    expect([0, 1, 99, 100, 5000].map(badgeText)).toEqual(['', '1', '99', '99+', '99+']);
  });

  it('refresh_unread and refreshUnread reload the count and the newest message; systemConfig reloads settings', async () => {
    let count = 2;
    let settingsLoads = 0;
    const notices: Notice[] = [];
    const store = new MessagesStore({
      api: fakeApi({ messages: { unreadCount: async () => count, newest: async () => msg(7) } }),
      notify: (n) => notices.push(n),
      reloadSettings: async () => void settingsLoads++,
    });
    store.handleFrame({ sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true });
    await flush();
    expect(store.unread).toBe(2);
    expect(store.newest?.id).toBe(7);
    count = 150;
    store.handleFrame({ refreshUnread: true });
    await flush();
    expect(store.badge).toBe('99+');
    store.handleFrame({ contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true });
    await flush();
    expect(settingsLoads).toBe(1);
    expect(notices.map((n) => n.text)).toEqual(['您有一条新消息~', '系统配置有变化~']);
  });

  it('a refresh asked for during a run runs once more after it; callers meanwhile share that', async () => {
    let count = 0;
    let calls = 0;
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const store = new MessagesStore({
      api: fakeApi({
        messages: {
          unreadCount: async () => {
            calls += 1;
            // The first call's answer was decided before the server's count changed.
            const seen = count;
            if (calls === 1) await first;
            return seen;
          },
          newest: async () => null,
        },
      }),
      notify: () => undefined,
      reloadSettings: async () => undefined,
    });
    const opening = store.refreshUnread();
    count = 3;
    const pushed = [store.refreshUnread(), store.refreshUnread(), store.refreshUnread()];
    release();
    await Promise.all([opening, ...pushed]);
    expect(store.unread).toBe(3);
    expect(calls, 'one run more, not one per caller').toBe(2);
    await store.refreshUnread();
    expect(calls).toBe(3);
  });

  it('opening an unread message marks its row read and lowers the count', async () => {
    let unread = 1;
    const store = new MessagesStore({
      api: fakeApi({
        messages: {
          received: async () => ({ page: 1, limit: 10, total: 1, data: [msg(5)] }),
          open: async (id) => {
            unread = 0;
            return { ...msg(id), user_info: [], role_info: [], dept_info: [] };
          },
          unreadCount: async () => unread,
          newest: async () => msg(5, true),
        },
      }),
      notify: () => undefined,
      reloadSettings: async () => undefined,
    });
    store.setUnread(1);
    await store.loadReceived(1, 10);
    const row = store.received.rows[0] as ReceivedMessage;
    await store.openReceived(row);
    expect(store.received.rows[0]?.is_read).toBe(true);
    expect(store.unread).toBe(0);
    expect(store.current?.id).toBe(5);
  });

  it('connect() opens the socket once, refetches unread on every open, says when it stopped; clear() closes it', async () => {
    let opened: RealtimeEvents | null = null;
    let started = 0;
    let stopped = 0;
    let fetches = 0;
    const notices: Notice[] = [];
    const store = new MessagesStore({
      api: fakeApi({ messages: { unreadCount: async () => ++fetches, newest: async () => null } }),
      notify: (n) => notices.push(n),
      reloadSettings: async () => undefined,
      connector: (events) => {
        opened = events;
        const fake = Object.create(RealtimeSocket.prototype) as RealtimeSocket;
        fake.start = () => void started++;
        fake.stop = () => void stopped++;
        return fake;
      },
    });
    store.connect((k) => `T(${k})`);
    store.connect((k) => k);
    expect(started).toBe(1);
    const ev = opened as unknown as RealtimeEvents;
    ev.open(false);
    await flush();
    ev.open(true);
    await flush();
    expect(fetches).toBe(2);
    ev.error();
    ev.closed();
    ev.stopped('auth');
    expect(notices.map((n) => n.text)).toEqual(['T(messages.socket.error)', 'T(messages.socket.closed)', 'T(messages.socket.stoppedAuth)']);
    expect(store.stoppedReason).toBe('auth');
    store.clear();
    expect(stopped).toBe(1);
    expect(store.unread).toBe(0);
  });

  it('the greeting after the first open is silent when it says 连接成功; the unread reminder and greetings after a reconnect show', async () => {
    let events: RealtimeEvents | null = null;
    const notices: Notice[] = [];
    const store = new MessagesStore({
      api: fakeApi({ messages: { unreadCount: async () => 0, newest: async () => null } }),
      notify: (n) => notices.push(n),
      reloadSettings: async () => undefined,
      connector: (e) => {
        events = e;
        const fake = Object.create(RealtimeSocket.prototype) as RealtimeSocket;
        fake.start = () => undefined;
        fake.stop = () => undefined;
        return fake;
      },
    });
    store.connect((k) => k);
    const ev = events as unknown as RealtimeEvents;
    const hello = { sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false } as const;
    ev.open(false);
    ev.frame(hello);
    ev.frame({ sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true });
    ev.closed();
    ev.open(true);
    ev.frame(hello);
    await flush();
    expect(notices.map((n) => n.text)).toEqual(['您有一条新消息~', 'messages.socket.closed', '连接成功']);

    // A user with unread messages is reminded on load.
    notices.length = 0;
    store.disconnect();
    store.connect((k) => k);
    const again = events as unknown as RealtimeEvents;
    again.open(false);
    again.frame({ sender: 'system', contentType: 'SYSTEM', content: '请查看您的未读消息~', refresh_unread: true });
    expect(notices.map((n) => n.text)).toEqual(['请查看您的未读消息~']);
  });

  it('reminds of unread messages once per tab session: a reload within the session is not reminded again, a reconnect still greets', async () => {
    const flags = createSessionFlags(memoryKeyValueStorage());
    const reminder = { sender: 'system', contentType: 'SYSTEM', content: '请查看您的未读消息~', refresh_unread: true } as const;
    const load = () => {
      let events: RealtimeEvents | null = null;
      const notices: Notice[] = [];
      const store = new MessagesStore({
        api: fakeApi({ messages: { unreadCount: async () => 3, newest: async () => null } }),
        notify: (n) => notices.push(n),
        reloadSettings: async () => undefined,
        flags,
        connector: (e) => {
          events = e;
          const fake = Object.create(RealtimeSocket.prototype) as RealtimeSocket;
          fake.start = () => undefined;
          fake.stop = () => undefined;
          return fake;
        },
      });
      store.connect((k) => k);
      return { store, notices, events: events as unknown as RealtimeEvents };
    };

    const first = load();
    first.events.open(false);
    first.events.frame(reminder);
    await flush();
    expect(first.notices.map((n) => n.text)).toEqual(['请查看您的未读消息~']);
    expect(first.store.unread).toBe(3);

    // A reload: a new store in the same session, greeted with the same reminder, stays quiet but counts.
    const second = load();
    second.events.open(false);
    second.events.frame(reminder);
    await flush();
    expect(second.notices).toEqual([]);
    expect(second.store.unread).toBe(3);

    // A message that arrives later, and a greeting after a reconnect, still show.
    second.events.frame({ sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true });
    second.events.closed();
    second.events.open(true);
    second.events.frame(reminder);
    expect(second.notices.map((n) => n.text)).toEqual(['您有一条新消息~', 'messages.socket.closed', '请查看您的未读消息~']);

    // Another tab session, with flags of its own, is reminded.
    const tab = createSessionFlags(memoryKeyValueStorage());
    expect(tab.take('unread-reminder')).toBe(true);
    expect(tab.take('unread-reminder')).toBe(false);

  });
});
