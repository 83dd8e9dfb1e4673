import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../stories/console';
import { REFRESH_TOKEN } from '../../../stories/mocks/fixtures';
import { mockBackend } from '../../../stories/mocks/handlers';
import { AppRoutes } from '../routes';
import { componentOn } from '../../../stories/kit';

/** The layout frame through the real route table and guard, signed in as superadmin. */
const meta = { title: 'Shell/Layout', ...componentOn(AppRoutes, { console: { path: '/index', signedIn: true }, backend: mockBackend() }) } satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('user-menu', {}, { timeout: 5000 })).toHaveTextContent('你好 超级管理员');
    await expect(canvas.getByTestId('tab-bar')).toHaveTextContent('控制台');
    await expect(canvas.getByText('企业级后台管理系统')).toBeVisible();
    const aside = canvas.getByTestId('aside');
    // The header lists the sections; the aside shows the entries of the first one.
    await waitFor(() => expect(canvas.getAllByTestId('header-menu-item').map((e) => e.textContent)).toEqual(['系统管理', '游戏管理', '收入中心']));
    await waitFor(() => expect(within(aside).getAllByTestId('aside-entry').map((e) => e.textContent)).toEqual(['菜单管理', '用户管理']));
    // The page fades in (console-page-in starts at opacity 0): visible once that has begun.
    await waitFor(() => expect(canvas.getByTestId('dashboard')).toBeVisible(), { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe('企业级后台管理系统 - 控制台'));
  },
};

/** Logout, cancelled: the screen turns grey while asking, then returns to normal and says 取消注销操作. */
export const LogoutCancel: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('user-menu', {}, { timeout: 5000 }));
    await userEvent.click(await page().findByTestId('user-menu-logout'));
    const dialog = await page().findByRole('dialog');
    await expect(dialog).toHaveTextContent('注销用户');
    await expect(dialog).toHaveTextContent('确定要注销当前用户吗');
    await expect(document.documentElement).toHaveClass('gray-mode');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await expect(await page().findByText('取消注销操作')).toBeVisible();
    await expect(document.documentElement).not.toHaveClass('gray-mode');
    await expect(storyBackend(context).state.logouts).toEqual([]);
    await expect(storyConsole(context).storage.cookies.get('token')).not.toBeNull();
  },
};

/** Logout, confirmed: logout with the refresh token, cookies gone, stores cleared, /login, reload. */
export const LogoutConfirm: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { app, storage, location } = storyConsole(context);
    await userEvent.click(await canvas.findByTestId('user-menu', {}, { timeout: 5000 }));
    await userEvent.click(await page().findByTestId('user-menu-logout'));
    const dialog = await page().findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(storyConsole(context).reloads).toBe(1));
    await expect(storyBackend(context).state.logouts).toEqual([{ body: { refresh: REFRESH_TOKEN }, authorization: 'JWT story-access-token' }]);
    await expect([storage.cookies.get('uuid'), storage.cookies.get('token'), storage.cookies.get('refresh')]).toEqual([null, null, null]);
    await expect(storage.menuData.get()).toBeNull();
    await expect(app.root.session.user).toBeNull();
    await expect(location.history.at(-1)).toBe('/login');
  },
};

/** Without a token the guard sends any page to /login with the full original path as redirect. */
export const NotSignedIn: Story = {
  parameters: { console: { path: '/userInfo?tab=1', signedIn: false } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('login-username')).toBeVisible();
    await expect(storyConsole(context).location.history.at(-1)).toBe('/login?redirect=%2FuserInfo%3Ftab%3D1');
  },
};

/** An unknown path with a session goes to the 404 page. */
export const UnknownPath: Story = {
  play: async (context) => {
    const { location } = storyConsole(context);
    location.navigate('/no/such/page');
    await expect(await within(context.canvasElement).findByTestId('not-found', {}, { timeout: 5000 })).toBeVisible();
    await expect(location.history.at(-1)).toBe('/404');
  },
};
