import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RealtimeConnection } from '../../../app/layout/RealtimeConnection';
import { MessageBell } from '../components/MessageBell';
import { messageBackend, mockSocket, storyMessage, type MessageMockState } from '../mocks/messages';
import { componentOn } from '../../../../stories/kit';

/**
 * The bell with the layout's socket on mock-socket: each frame type of spec §4 and the connection
 * failures of §8. Each story has its own socket server and message back end.
 */
function Bar() {
  return (
    <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12, background: '#fff', borderBottom: '1px solid #eee' }}>
      <RealtimeConnection />
      <MessageBell />
    </header>
  );
}

const meta = { title: 'Header/MessageBell', ...componentOn(Bar) } satisfies Meta<typeof Bar>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** A story on a fresh mock socket whose server runs `onConnect`, and a message back end in `state`. */
function socketStory(state: MessageMockState, onConnect: Parameters<typeof mockSocket>[0], opts: { noServer?: boolean } = {}) {
  const socket = mockSocket(onConnect, opts);
  return { socket, parameters: { console: { path: '/index', signedIn: true, realtime: socket.connector }, backend: messageBackend(state) } };
}

const frames = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, (s) =>
  s.send(JSON.stringify({ sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false })),
);
/**
 * The connect greeting 连接成功 stays silent (it would toast on every load); a refresh_unread push
 * (SYSTEM: success toast) raises the badge and fills the popover.
 */
export const RefreshUnread: Story = {
  parameters: frames.parameters,
  play: async () => {
    await frames.socket.connected;
    await expect(page().queryByTestId('message-bell-badge')).toBeNull();
    const state = storyState(frames);
    state.unread = 3;
    state.newest = storyMessage();
    frames.socket.send({ sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true });
    await expect(await page().findByText('您有一条新消息~')).toBeVisible();
    await expect(page().queryByText('连接成功')).toBeNull();
    await waitFor(() => expect(page().getByTestId('message-bell-badge')).toHaveTextContent('3'));
    await userEvent.click(page().getByTestId('message-bell'));
    await expect(await page().findByTestId('message-popover-subject')).toHaveTextContent('版本发布通知');
  },
};

const camel = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, () => undefined);
/** The camel-case refreshUnread key (what the upstream web client reads) works too; the badge caps at 99. */
export const RefreshUnreadCamelCaseCapped: Story = {
  parameters: camel.parameters,
  play: async () => {
    await camel.socket.connected;
    const state = storyState(camel);
    state.unread = 150;
    camel.socket.send({ refreshUnread: true });
    await waitFor(() => expect(page().getByTestId('message-bell-badge')).toHaveTextContent('99+'), { timeout: 3000 });
  },
};

const config = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, () => undefined);
/** systemConfig reloads the settings (and SYSTEM shows a 3 s success toast). */
export const SystemConfig: Story = {
  parameters: config.parameters,
  play: async () => {
    const state = storyState(config);
    await config.socket.connected;
    const before = state.settingsLoads;
    config.socket.send({ sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true });
    await waitFor(() => expect(state.settingsLoads).toBe(before + 1));
    await expect(await page().findAllByText('系统配置有变化~')).not.toHaveLength(0);
  },
};

const types = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, (s) => {
  for (const [contentType, content] of [['ERROR', '同步失败'], ['INFO', '维护通知'], ['TEXT', '普通消息']]) s.send(JSON.stringify({ sender: 'system', contentType, content }));
});
/** contentType → style: ERROR error (stays), INFO success (stays), anything else info. */
export const ContentTypes: Story = {
  parameters: types.parameters,
  play: async () => {
    const toastOf = async (text: string) => (await page().findByText(text)).closest('.p-toast-message') as HTMLElement;
    await expect(await toastOf('同步失败')).toHaveClass(/p-toast-message-error/);
    await expect(await toastOf('维护通知')).toHaveClass(/p-toast-message-success/);
    await expect(await toastOf('普通消息')).toHaveClass(/p-toast-message-info/);
  },
};

const nobody = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, () => undefined, { noServer: true });
/** No server (the real back end answers a bad handshake with HTTP 500): error, retries, then it stops and says so. */
export const HandshakeFailures: Story = {
  parameters: nobody.parameters,
  play: async () => {
    const error = await page().findByText('WebSocket连接发生错误');
    await waitFor(() => expect(error).toBeVisible());
    const stopped = await page().findByText('实时消息已停止：多次无法连接到服务器', {}, { timeout: 5000 });
    await waitFor(() => expect(stopped).toBeVisible());
  },
};

const refused = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, (s) => s.close({ code: 4401, reason: 'token_not_valid' }));
/** The reference server refuses the token with close code 4401: after repeated refusals the client stops. */
export const AuthRefused: Story = {
  parameters: refused.parameters,
  play: async () => {
    const stopped = await page().findByText('实时消息已停止：连接凭证多次被拒绝，请重新登录', {}, { timeout: 5000 });
    await waitFor(() => expect(stopped).toBeVisible());
  },
};

const dropped = socketStory({ unread: 0, newest: null, settingsLoads: 0 }, (s, attempt) => {
  if (attempt === 1) setTimeout(() => s.close({ code: 1001, reason: 'going away' }), 50);
});
/** An open socket closes: 连接已关闭..., then it reconnects and refetches the unread count. */
export const ClosedThenReconnected: Story = {
  parameters: dropped.parameters,
  play: async () => {
    const state = storyState(dropped);
    state.unread = 5;
    await expect(await page().findByText('连接已关闭...')).toBeVisible();
    await waitFor(() => expect(page().getByTestId('message-bell-badge')).toHaveTextContent('5'), { timeout: 3000 });
  },
};

/** The mutable state of a story's message back end. */
function storyState(story: { parameters: { backend: unknown } }): MessageMockState {
  return (story.parameters.backend as { messageState: MessageMockState }).messageState;
}
