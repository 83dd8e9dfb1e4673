import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { AppRoutes } from '../../app/routes';
import ForbiddenPage from './ForbiddenPage';

const meta = {
  title: 'Pages/Forbidden',
  component: ForbiddenPage,
  parameters: { console: { path: '/403' } },
} satisfies Meta<typeof ForbiddenPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText('403')).toBeVisible();
    await expect(canvas.getByText('抱歉，您无权访问此页面')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - 无权访问'));
    await userEvent.click(canvas.getByText('返回首页'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/index');
  },
};

/** Through the route table: /preview without a code lands here (spec §5), with one it shows the preview. */
export const PreviewWithoutCode: Story = {
  render: () => <AppRoutes />,
  parameters: { console: { path: '/preview' } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('forbidden', {}, { timeout: 5000 })).toBeVisible();
    await expect(storyConsole(context).location.history.at(-1)).toBe('/403');
    storyConsole(context).location.navigate('/preview?code=ABC-123');
    await expect(await canvas.findByTestId('preview-code', {}, { timeout: 5000 })).toHaveTextContent('游戏代码：ABC-123');
  },
};
