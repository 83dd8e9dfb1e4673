import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../stories/console';
import { liveEntries, trackingBackend, trackingLiveSocket, type TrackingMockOptions, type TrackingMockState } from './tracking-mocks';
import { slow } from '../../../../stories/kit';
import type { TrackLiveEntry } from '../../../../contracts/schemas';
import { type PageMeta, type PageStory, body, routesOn } from '../../../../stories/kit';

/**
 * 埋点应用 → 接入 (integrate): the panel of one tracking app through the real route table, layout and
 * page — snippet, public key, allowed origins, the order signing rule — and its live events, read over
 * REST and pushed on the layout's socket (mock-socket).
 */
export default { title: 'Pages/Tracking/Integrate', ...routesOn(trackingBackend()) } satisfies PageMeta;

const mock = (context: { parameters: Record<string, unknown> }): TrackingMockState => (storyBackend(context) as unknown as { tracking: TrackingMockState }).tracking;
const at = (backend: TrackingMockOptions = {}, extra: Record<string, unknown> = {}) => ({
  console: { path: '/embed_configure/game', signedIn: true, ...extra },
  backend: trackingBackend(backend),
});
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelector('td') && !tr.className.includes('emptymessage')) as HTMLElement[];

/** Opens the 接入 panel of the list's row `index` (0: 星穹远征, app 1). */
async function openPanel(canvasElement: HTMLElement, index = 0): Promise<HTMLElement> {
  const list = await within(canvasElement).findByTestId('tracking-app-table', {}, slow);
  await waitFor(() => expect(rowsOf(list).length).toBeGreaterThan(index), slow);
  await userEvent.click(within(rowsOf(list)[index] as HTMLElement).getByTestId('row-integrate'));
  return body().findByTestId('integrate-panel', {}, slow);
}

/** The snippet names the console's origin and the app's public key; the key, origins and the order rule are shown. */
export const Panel: PageStory = {
  parameters: at(),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    const snippet = within(panel).getByTestId('integrate-snippet');
    await expect(snippet).toHaveTextContent(`${window.location.origin}/sdk/track.global.js`);
    await expect(snippet).toHaveTextContent("publicKey: 'pk_03a1b2c3d4e5f60718293a4b5c6d7e8f'");
    await expect(within(panel).getByTestId('integrate-public-key')).toHaveTextContent('pk_03a1b2c3d4e5f60718293a4b5c6d7e8f');
    await expect(within(panel).getByTestId('integrate-origins')).toHaveTextContent('https://game.example.com');
    await expect(within(panel).getByTestId('integrate-orders')).toHaveTextContent('X-Signature');
    await expect(within(panel).getByTestId('integrate-orders')).toHaveTextContent('/api/ingest/orders/');
    // The secret never appears in the panel.
    await expect(panel.textContent ?? '').not.toMatch(/sk_|••••/);
    const table = await within(panel).findByTestId('live-table', {}, slow);
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(6);
    await expect(within(panel).getByTestId('live-counts')).toHaveTextContent('接受 3 · 拒绝 2 · 重复 1');
    await expect(table).toHaveTextContent('未定义的事件「levle_up」');
    await expect(table).toHaveTextContent('（整批）');
  },
};

/** 重新生成公开密钥: confirmed, the new key replaces the old one in the key field and the snippet. */
export const RegeneratePublicKey: PageStory = {
  parameters: at(),
  play: async (context) => {
    const panel = await openPanel(context.canvasElement);
    await userEvent.click(within(panel).getByTestId('regenerate-public-key'));
    const question = await body().findByText(/旧的公开密钥会立即失效/, {}, slow);
    await waitFor(() => expect(question).toBeVisible(), slow);
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    const fresh = `pk_${'e'.repeat(30)}01`;
    await waitFor(() => expect(within(panel).getByTestId('integrate-public-key')).toHaveTextContent(fresh), slow);
    await expect(within(panel).getByTestId('integrate-snippet')).toHaveTextContent(fresh);
    await expect(mock(context).publicKeys).toEqual([1]);
  },
};

/** Origins: a path or a wildcard is refused with the reason; a valid one is normalised, added and saved with the list. */
export const EditOrigins: PageStory = {
  parameters: at(),
  play: async (context) => {
    const panel = await openPanel(context.canvasElement);
    const input = within(panel).getByTestId('origin-input');
    const enter = async (text: string) => {
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste(text);
      await userEvent.click(within(panel).getByTestId('add-origin'));
    };
    await enter('https://game.example.com/play/');
    await expect(within(panel).getByTestId('origin-error')).toHaveTextContent('不带路径');
    await enter('https://*.example.com');
    await expect(within(panel).getByTestId('origin-error')).toHaveTextContent('通配符');
    await enter('HTTPS://Play.Example.com:443');
    await expect(within(panel).getByTestId('integrate-origins')).toHaveTextContent('https://play.example.com');
    // Remove one of the saved ones, then save the list.
    const items = within(panel).getAllByTestId('remove-origin');
    await userEvent.click(items[1] as HTMLElement);
    await expect(within(panel).getByTestId('integrate-origins')).not.toHaveTextContent('localhost:5173');
    await userEvent.click(within(panel).getByTestId('save-origins'));
    await waitFor(() => expect(mock(context).origins).toEqual([{ id: 1, allowed_origins: ['https://game.example.com', 'https://play.example.com'] }]), slow);
    await waitFor(() => expect(within(panel).getByTestId('save-origins')).toBeDisabled(), slow);
  },
};

export const LiveLoading: PageStory = {
  parameters: at({ slow: ['live'] }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(within(panel).getByTestId('live-loading')).toHaveTextContent(/加载/);
  },
};

export const LiveEmpty: PageStory = {
  parameters: at({ live: 'empty' }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement, 2);
    await expect(await within(panel).findByTestId('live-empty', {}, slow)).toHaveTextContent('还没有收到事件');
    await expect(within(panel).getByTestId('integrate-no-origins')).toHaveTextContent('还没有允许的来源');
  },
};

export const LiveError: PageStory = {
  parameters: at({ failing: ['live'] }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(await within(panel).findByTestId('live-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
  },
};

/** 100 entries with long players and reasons scroll inside their region; a dozen long origins wrap. */
export const LongContent: PageStory = {
  parameters: at({ live: 'long', long: true }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement, 3);
    const table = await within(panel).findByTestId('live-table', {}, slow);
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    const region = table.parentElement as HTMLElement;
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await expect(within(panel).getByTestId('integrate-origins').querySelectorAll('li')).toHaveLength(12);
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** Live entries arrive on the socket while the panel is open: newest first, counted, marked as pushed; other apps' frames are ignored. */
const live = trackingLiveSocket();
export const LiveEntriesArriving: PageStory = {
  parameters: at({ live: 'empty' }, { realtime: live.connector }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    // Visible once the dialog's opening transition (it starts at opacity 0) has run.
    await waitFor(() => expect(within(panel).getByTestId('live-empty')).toBeVisible(), slow);
    await waitFor(() => expect(live.subscribed()).toBe(true), slow);
    await waitFor(() => expect(within(panel).getByTestId('live-source')).toHaveTextContent('实时推送'), slow);
    const [first, second] = liveEntries(2) as [TrackLiveEntry, TrackLiveEntry];
    live.push(2, liveEntries(3));
    live.push(1, [second]);
    await waitFor(() => expect(within(panel).getAllByTestId('live-row')).toHaveLength(1), slow);
    live.push(1, [{ ...first, event: 'level_up', distinct_id: 'player-777', received: '2026-11-24T03:00:00.000Z' }]);
    await waitFor(() => expect(within(panel).getAllByTestId('live-row')).toHaveLength(2), slow);
    const rows = within(panel).getAllByTestId('live-row');
    await expect(rows[0]).toHaveTextContent('player-777');
    await expect(within(panel).getByTestId('live-counts')).toHaveTextContent('接受 2 · 拒绝 0 · 重复 0');
  },
};

/** No socket server: the panel says it polls and reads the list again every few seconds. */
const down = trackingLiveSocket({ noServer: true });
export const PollingFallback: PageStory = {
  parameters: at({}, { realtime: down.connector }),
  play: async (context) => {
    const panel = await openPanel(context.canvasElement);
    await expect(within(panel).getByTestId('live-source')).toHaveTextContent('轮询中（每 3 秒）');
    await within(panel).findByTestId('live-table', {}, slow);
    await waitFor(() => expect(mock(context).liveCalls.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await expect(new Set(mock(context).liveCalls)).toEqual(new Set([1]));
  },
};

/** English texts; rejected rows give their reason in English (by the server's reason code), not the server's Chinese text. */
export const English: PageStory = {
  parameters: at({}, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(body().getByText('Integrate "星穹远征"')).toBeInTheDocument();
    await expect(panel).toHaveTextContent('Install snippet');
    await expect(panel).toHaveTextContent('Allowed origins');
    await waitFor(() => expect(within(panel).getByTestId('live-counts')).toHaveTextContent('Accepted 3 · rejected 2 · duplicate 1'), slow);
    const rejected = within(panel)
      .getAllByTestId('live-row')
      .filter((row) => row.dataset.status === 'rejected');
    await expect(rejected).toHaveLength(2);
    await expect(rejected[0]).toHaveTextContent('Undefined event "levle_up"');
    await expect(rejected[1]).toHaveTextContent('The origin https://evil.example.com is not among the app\'s allowed origins');
    await expect(within(panel).getByTestId('live-table').textContent ?? '').not.toMatch(/[\u4e00-\u9fff]/);
  },
};

/** A reason code this console does not know (a newer server): the server's own text is shown. */
export const UnknownReasonCode: PageStory = {
  parameters: at({ live: 'long', long: true }, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement, 3);
    const table = await within(panel).findByTestId('live-table', {}, slow);
    await expect(table).toHaveTextContent('未定义的事件「levle_up」：请先在事件定义中添加它');
    await expect(table).toHaveTextContent('The origin https://evil.example.com is not among the app\'s allowed origins');
  },
};
