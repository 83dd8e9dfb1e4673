import { http, HttpResponse } from 'msw';
import { Server } from 'mock-socket';
import { receivedMessage, unreadCount, type ReceivedMessage, type SocketFrame } from '../../../../contracts/schemas';
import { mockSocketConnector } from '../../../../stories/mocks/mock-socket-connector';
import { mockBackend, MockBackend } from '../../../../stories/mocks/handlers';
import { ok } from '../../../../stories/mocks/fixtures';

/** Story fixtures for the bell: messages built through the contract schema, a mock socket server. */

export const storyMessage = (over: Partial<ReceivedMessage> = {}): ReceivedMessage =>
  receivedMessage.parse({
    id: 7,
    title: '版本发布通知',
    content: '<p>新版本 <strong>2.1.3</strong> 已发布，<a href="https://example.com/notes">查看说明</a>。</p>',
    target_type: 3,
    target_user: [1, 2, 3],
    target_role: [],
    target_dept: [],
    creator: 1,
    creator_name: '超级管理员',
    modifier: '1',
    modifier_name: '超级管理员',
    dept_belong_id: '1',
    description: null,
    create_datetime: '2026-11-21 10:00:00',
    update_datetime: '2026-11-21 10:00:00',
    is_read: false,
    ...over,
  });

export const LONG_HTML = `<h2>季度运营报告</h2>${Array.from({ length: 12 }, (_, i) => `<p>第 ${i + 1} 段：<em>收入</em>环比增长，<span style="color: #c71585">重点渠道</span>表现稳定。一个很长的没有空格的词：${'运营数据'.repeat(20)}</p>`).join('')}<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" alt="图" width="2000" height="40">`;

export const HOSTILE_HTML = [
  '<p>正常文字<script>window.__storyPwned = "script"</script></p>',
  '<img src="/missing.png" onerror="window.__storyPwned = \'onerror\'">',
  '<p style="position:fixed;inset:0;z-index:99999;background:red" onclick="window.__storyPwned=\'click\'">覆盖层</p>',
  '<a href="javascript:window.__storyPwned=\'link\'">恶意链接</a>',
  '<iframe src="https://example.com"></iframe>',
].join('');

export interface MessageMockState {
  unread: number;
  newest: ReceivedMessage | null;
  settingsLoads: number;
}

/** The default mock back end plus the message-center calls (and a counter of settings reloads). */
export function messageBackend(state: MessageMockState): MockBackend & { messageState: MessageMockState } {
  const base = mockBackend();
  const initial = { ...state };
  const handlers = [
    http.get('*/api/system/message_center/get_unread_msg/', () => HttpResponse.json(ok(unreadCount, { count: state.unread }, '获取成功'))),
    http.get('*/api/system/message_center/get_newest_msg/', () => HttpResponse.json(ok(receivedMessage.nullable(), state.newest, '获取成功'))),
    http.get('*/api/init/settings/', () => {
      state.settingsLoads += 1;
      return undefined;
    }),
    ...base.handlers,
  ];
  const backend = new MockBackend(handlers, base.state, () => {
    base.reset();
    Object.assign(state, initial);
  });
  return Object.assign(backend, { messageState: state });
}

let serial = 0;

/** A mock-socket server at a fresh URL and a connector that reaches it (fast back-off for stories). */
export function mockSocket(onConnect: (socket: { send(data: string): void; close(opts?: { code: number; reason: string }): void }, attempt: number) => void, opts: { noServer?: boolean } = {}) {
  const url = `ws://story-socket-${++serial}.local/api/ws/story-access-token/`;
  let attempts = 0;
  let markConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  const server = opts.noServer ? null : new Server(url, { mock: false });
  server?.on('connection', (socket) => {
    onConnect(socket, ++attempts);
    markConnected();
  });
  const connector = mockSocketConnector(url);
  return {
    connector,
    /** Resolves at the first connection. */
    connected,
    send: (frame: SocketFrame) => server?.clients().forEach((c) => c.send(JSON.stringify(frame))),
    stop: () => server?.stop(),
  };
}
