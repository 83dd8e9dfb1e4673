import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import NotFoundPage from './NotFoundPage';

const meta = {
  title: 'Pages/NotFound',
  component: NotFoundPage,
  parameters: { console: { path: '/404' } },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText('404')).toBeVisible();
    await expect(canvas.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - 页面不存在'));
    await userEvent.click(canvas.getByTestId('not-found-back'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/index');
  },
};
