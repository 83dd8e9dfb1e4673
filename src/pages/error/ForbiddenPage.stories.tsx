import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { mockBackend } from '../../../stories/mocks/handlers';
import { AppRoutes } from '../../app/routes';
import ForbiddenPage from './ForbiddenPage';
import { componentOn } from '../../../stories/kit';

const meta = { title: 'Pages/Forbidden', ...componentOn(ForbiddenPage, { console: { path: '/403' } }) } satisfies Meta<typeof ForbiddenPage>;

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

/**
 * Signed in with a menu that lacks 平台账号: its URL is a refusal (403, back to the console), while a
 * path the console does not have at all stays a missing page (404).
 */
export const ScreenNotGranted: Story = {
  render: () => <AppRoutes />,
  parameters: { console: { path: '/index', signedIn: true }, backend: mockBackend() },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { location } = storyConsole(context);
    await canvas.findByTestId('user-menu', {}, { timeout: 10000 });
    location.navigate('/center_users/accounts');
    await expect(await canvas.findByTestId('forbidden', {}, { timeout: 5000 })).toBeVisible();
    await expect(location.history.at(-1)).toBe('/403');
    await expect(canvas.getByText('403')).toBeVisible();
    await expect(canvas.getByText('抱歉，您无权访问此页面')).toBeVisible();
    await expect(canvas.queryByText('页面不存在')).toBeNull();
    await userEvent.click(canvas.getByText('返回首页'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/index'));
    location.navigate('/no/such/page');
    await expect(await canvas.findByTestId('not-found', {}, { timeout: 5000 })).toBeVisible();
    await expect(location.history.at(-1)).toBe('/404');
  },
};

/** The same page in English. */
export const English: Story = {
  parameters: { console: { path: '/403', language: 'en' } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText('403')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'No permission' })).toBeVisible();
    await expect(canvas.getByText('Back to the console')).toBeVisible();
  },
};
