import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gameBackend } from '../../features/game/stories/game-mocks';
import PreviewPage from './PreviewPage';

const meta = {
  title: 'Pages/Preview',
  component: PreviewPage,
  args: { code: 'h5-xiaoxiao' },
  parameters: { console: { path: '/preview?code=h5-xiaoxiao' }, backend: gameBackend() },
} satisfies Meta<typeof PreviewPage>;

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
