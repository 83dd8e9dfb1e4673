import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../src/app/routes';
import { storyBackend, storyConsole } from './console';
import { PASSWORD, REFRESHED_ACCESS_TOKEN } from './mocks/fixtures';
import { mockBackend } from './mocks/handlers';
import { componentOn } from './kit';

/** The whole console as a person meets it: guard, login, layout and dashboard, on the mock back end. */
const meta = { title: 'Shell/Console flow', ...componentOn(AppRoutes, { console: { path: '/index' }, backend: mockBackend({ captcha: false }) }) } satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opening /index without a session: login first, then back to /index with the dashboard. */
export const SignInThenDashboard: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { location } = storyConsole(context);
    await userEvent.type(await canvas.findByTestId('login-username'), 'superadmin');
    // The guard replaced /index by the login page with the way back in the query.
    await expect(location.history.at(-1)).toBe('/login?redirect=%2Findex');
    await userEvent.type(canvas.getByTestId('login-password'), PASSWORD);
    await userEvent.click(canvas.getByTestId('login-submit'));
    // The page fades in (console-page-in starts at opacity 0): visible once that has begun.
    await waitFor(() => expect(canvas.getByTestId('dashboard')).toBeVisible(), { timeout: 5000 });
    await expect(location.history.at(-1)).toBe('/index');
    await expect(canvas.getByTestId('user-menu')).toHaveTextContent('你好 超级管理员');
    await expect(canvas.getByTestId('tab-bar')).toHaveTextContent('控制台');
  },
};

/** An expired access token: one refresh, the calls are retried with the new token, nothing shows. */
export const ExpiredTokenIsRefreshed: Story = {
  parameters: { console: { path: '/index', signedIn: true, tokens: { access: 'expired-access-token' } } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('user-menu', {}, { timeout: 5000 })).toHaveTextContent('你好 超级管理员');
    await waitFor(() => expect(canvas.getByTestId('stat-users-value')).toHaveTextContent('3'), { timeout: 5000 });
    await expect(storyBackend(context).state.refreshes).toBe(1);
    await expect(storyConsole(context).storage.cookies.get('token')).toBe(REFRESHED_ACCESS_TOKEN);
  },
};

/** Both tokens dead: the session ends, the cookies go, login shows 认证已失效,请重新登录~. */
export const SessionExpired: Story = {
  parameters: { console: { path: '/index', signedIn: true, tokens: { access: 'expired-access-token', refresh: 'revoked-refresh-token' } } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { storage, location } = storyConsole(context);
    await expect(await within(document.body).findByText('认证已失效,请重新登录~', {}, { timeout: 5000 })).toBeVisible();
    await expect(await canvas.findByTestId('login-username')).toBeVisible();
    await expect(storage.cookies.get('token')).toBeNull();
    await expect(storage.cookies.get('refresh')).toBeNull();
    await expect(location.history.at(-1)).toBe('/login');
    // The log's message names the API call after the text (its url is the page).
    await expect(storyConsole(context).app.root.log.entries.some((e) => e.message.startsWith('认证已失效,请重新登录~ — /api/'))).toBe(true);
  },
};
