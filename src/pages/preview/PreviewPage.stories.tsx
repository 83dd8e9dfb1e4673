import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import PreviewPage from './PreviewPage';

const meta = {
  title: 'Pages/Preview',
  component: PreviewPage,
  args: { code: 'H5-2026-0042' },
  parameters: { console: { path: '/preview?code=H5-2026-0042' } },
} satisfies Meta<typeof PreviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('preview-code')).toHaveTextContent('游戏代码：H5-2026-0042');
    await expect(canvas.getByRole('img', { name: '游戏画面' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - H5 游戏预览'));
  },
};
