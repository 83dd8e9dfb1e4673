import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { h5Preview } from '../../../contracts/schemas';
import { gameBackend } from '../../features/game/stories/game-mocks';
import { ok } from '../../../stories/mocks/fixtures';
import { MockBackend } from '../../../stories/mocks/handlers';
import PreviewPage from './PreviewPage';
import type { Reachability } from './reachability';
import { componentOn } from '../../../stories/kit';

/** The address check answering at once (stories make no request to the game's address). */
const answers = (result: Reachability) => fn(async (_url: string) => result);

/** The game mock, with the preview of `code` answering a game at `url`. */
function backendWithGameAt(url: string): MockBackend {
  const base = gameBackend();
  const game = h5Preview.parse({ id: 77, code: 'h5-local', name: '本机小游戏', url, icon: null, status: 'testing', version: '0.1.0', build: 1 });
  return new MockBackend([http.get('*/api/game/h5/preview/h5-local/', () => HttpResponse.json(ok(h5Preview, game, '获取成功'))), ...base.handlers], base.state, base.reset);
}

const meta = { title: 'Pages/Preview', ...componentOn(PreviewPage, { console: { path: '/preview?code=h5-xiaoxiao' }, backend: gameBackend() }, { code: 'h5-xiaoxiao', probe: answers({ state: 'reachable' }) }) } satisfies Meta<typeof PreviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The game of the code in a sandboxed frame inside a phone bezel, with its name and version; no sign-in. */
export const WithCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('preview-name')).toHaveTextContent('消消乐园'), { timeout: 8000 });
    await expect(canvas.getByTestId('preview-code')).toHaveTextContent('游戏代码：h5-xiaoxiao');
    await expect(canvas.getByTestId('preview-version')).toHaveTextContent('版本 1.2.0（构建号 120）');
    const frame = canvas.getByTestId('preview-iframe');
    await expect(frame).toHaveAttribute('src', 'https://h5.example.com/games/xiaoxiao/index.html');
    await expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    await expect(frame).toHaveAttribute('title', '游戏画面');
    await expect(canvas.getByTestId('preview-frame')).toHaveAttribute('data-size', '390x844');
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - H5 游戏预览'));
  },
};

/** Rotate swaps width and height; another device changes the screen size. */
export const DeviceAndRotate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const frame = await canvas.findByTestId('preview-frame', {}, { timeout: 8000 });
    await userEvent.click(canvas.getByTestId('preview-rotate'));
    await expect(frame).toHaveAttribute('data-size', '844x390');
    await userEvent.click(canvas.getByTestId('preview-rotate'));
    await userEvent.click(canvas.getByTestId('preview-device'));
    await userEvent.click(await within(document.body).findByText('iPhone SE · 375×667'));
    await expect(frame).toHaveAttribute('data-size', '375x667');
    await expect(canvas.getByTestId('preview-iframe')).toHaveAttribute('width', '375');
  },
};

/** An unknown code says so clearly (the server's 404 envelope), with a way back. */
export const UnknownCode: Story = {
  args: { code: 'no-such-game' },
  parameters: { console: { path: '/preview?code=no-such-game' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('preview-missing', {}, { timeout: 8000 })).toHaveTextContent('找不到游戏代码为「no-such-game」的 H5 游戏。');
  },
};

/** The same in English. */
export const English: Story = {
  parameters: { console: { path: '/preview?code=h5-xiaoxiao', language: 'en' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('preview-version', {}, { timeout: 8000 })).toHaveTextContent('Version 1.2.0 (build 120)');
    await expect(canvas.getByTestId('preview-rotate')).toHaveTextContent('Rotate');
  },
};

/**
 * A game on the console's host (another port): its frame has no allow-same-origin (it cannot read the
 * console's cookies or storage) and the page says it runs isolated.
 */
export const SameHostIsolated: Story = {
  args: { code: 'h5-local' },
  parameters: { console: { path: '/preview?code=h5-local' }, backend: backendWithGameAt(`${window.location.protocol}//${window.location.hostname}:8451/game/`) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const frame = await canvas.findByTestId('preview-iframe', {}, { timeout: 8000 });
    const sandbox = frame.getAttribute('sandbox') ?? '';
    await expect(sandbox).toContain('allow-scripts');
    await expect(sandbox).not.toContain('allow-same-origin');
    await expect(canvas.getByTestId('preview-isolated')).toHaveTextContent(`此游戏与控制台在同一主机（${window.location.hostname}）上，已在隔离的沙箱中运行`);
  },
};

/** A game on another host keeps its own origin (its own cookies and storage) and shows no such note. */
export const OtherHost: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const frame = await canvas.findByTestId('preview-iframe', {}, { timeout: 8000 });
    await expect(frame.getAttribute('sandbox')).toContain('allow-same-origin');
    await expect(canvas.queryByTestId('preview-isolated')).toBeNull();
  },
};

/** An address that cannot be reached is said plainly (no blank frame), with a retry that asks again. */
export const Unreachable: Story = {
  args: { probe: answers({ state: 'unreachable', reason: 'network' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByTestId('preview-unreachable', {}, { timeout: 8000 });
    await expect(alert).toHaveTextContent('无法打开游戏地址 https://h5.example.com/games/xiaoxiao/index.html：连接失败或超时');
    await expect(canvas.queryByTestId('preview-iframe')).toBeNull();
    const calls = (args.probe as ReturnType<typeof fn>).mock.calls.length;
    await userEvent.click(canvas.getByTestId('preview-retry'));
    await waitFor(() => expect((args.probe as ReturnType<typeof fn>).mock.calls.length).toBe(calls + 1));
    await expect(args.probe).toHaveBeenLastCalledWith('https://h5.example.com/games/xiaoxiao/index.html');
  },
};

/** An address that is no http(s) URL at all. */
export const InvalidAddress: Story = {
  args: { probe: answers({ state: 'invalid' }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('preview-unreachable', {}, { timeout: 8000 })).toHaveTextContent('不是有效的 http(s) 地址');
  },
};
