import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../stories/console';
import { mockBackend } from '../../../stories/mocks/handlers';
import DashboardPage from './DashboardPage';
import { componentOn } from '../../../stories/kit';

/** 30 days ending 2026-11-24 (the day of the §17 capture), oldest first, counts by index. */
function upstreamDays(count: (i: number) => number): Array<{ day: string; count: number }> {
  const end = Date.parse('2026-11-24T00:00:00Z');
  return Array.from({ length: 30 }, (_, i) => ({ day: new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10), count: count(i) }));
}

const meta = { title: 'Pages/Dashboard', ...componentOn(DashboardPage, { console: { path: '/index', signedIn: true, bootstrap: true }, backend: mockBackend() }) } satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Counts, the 7-day chart and the latest sign-ins from the server (datav in the real keys, 30-day series). */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('dashboard-greeting')).toHaveTextContent('你好，超级管理员');
    await waitFor(() => expect(canvas.getByTestId('stat-users-value')).toHaveTextContent('3'));
    await expect(canvas.getByTestId('stat-users-hint')).toHaveTextContent('近 30 日新增 5 人');
    // 今天是 … is the server's day, the chart's last day (the mock's days end on 2026-11-21), not the browser clock.
    await expect(canvas.getByTestId('dashboard-today')).toHaveTextContent('今天是 2026-11-21');
    await expect(canvas.getByTestId('stat-logins-value')).toHaveTextContent('128');
    await expect(canvas.getByTestId('stat-attachments-value')).toHaveTextContent('42');
    await expect(canvas.getByTestId('stat-attachments-hint')).toHaveTextContent('共占用 18.64 MB');
    await expect(canvas.getByTestId('stat-logins-7d-value')).toHaveTextContent('63');
    // The server sends 30 days; the chart shows the last 7, oldest first.
    const bars = canvas.getAllByTestId('login-chart-bar');
    await expect(bars).toHaveLength(7);
    await expect(bars[0]).toHaveTextContent('11-15');
    await expect(bars[6]).toHaveTextContent('11-21');
    const recent = within(canvas.getByTestId('dashboard-recent'));
    await expect(recent.getAllByRole('row')).toHaveLength(4);
    await expect(recent.getByText('10.0.0.12')).toBeVisible();
  },
};

/**
 * The real back end as API-CONTRACT §17 recorded it, word for word: `{users_total: 3}`,
 * `{login_total: 26}`, `{count: 2, occupy_space: "39 Bytes"}`, 30 days of login_user and
 * registered_user_list, and no recent_logins (its HTML 404 page): the figures are right, nothing is toasted.
 */
export const RealBackEnd: Story = {
  parameters: {
    backend: mockBackend({
      failing: ['recentLogins'],
      datav: {
        usersTotal: { code: 2000, data: { users_total: 3 }, msg: '获取成功' },
        usersLoginTotal: { code: 2000, data: { login_total: 26 }, msg: '获取成功' },
        attachmentTotal: { code: 2000, data: { count: 2, occupy_space: '39 Bytes' }, msg: '获取成功' },
        loginTrend: { code: 2000, data: { login_user: upstreamDays((i) => (i === 29 ? 26 : 0)) }, msg: '获取成功' },
        registeredUsers: { code: 2000, data: { registered_user_list: upstreamDays((i) => (i === 29 ? 3 : 0)) }, msg: '获取成功' },
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('stat-users-value')).toHaveTextContent(/^3$/));
    await expect(canvas.getByTestId('stat-users-hint')).toHaveTextContent('近 30 日新增 3 人');
    await expect(canvas.getByTestId('stat-logins-value')).toHaveTextContent(/^26$/);
    await expect(canvas.getByTestId('stat-attachments-value')).toHaveTextContent(/^2$/);
    await expect(canvas.getByTestId('stat-attachments-hint')).toHaveTextContent('共占用 39 Bytes');
    await expect(canvas.getByTestId('stat-logins-7d-value')).toHaveTextContent(/^26$/);
    await expect(canvas.getAllByTestId('login-chart-bar')).toHaveLength(7);
    await expect(canvas.getAllByTestId('login-chart-bar')[6]).toHaveTextContent('11-24');
    await expect(within(canvas.getByTestId('dashboard-recent')).getByText('-')).toBeVisible();
    await expect(document.querySelector('.p-toast-message')).toBeNull();
  },
};

/** A back end without the dashboard calls: each figure shows '-', no error toast. */
export const Failures: Story = {
  parameters: {
    backend: mockBackend({ failing: ['usersTotal', 'usersLoginTotal', 'attachmentTotal', 'loginTrend', 'registeredUsers', 'recentLogins'] }),
  },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(storyBackend(context).state.dashboardCalls).toBe(6));
    for (const id of ['stat-users-value', 'stat-logins-value', 'stat-attachments-value', 'stat-logins-7d-value']) {
      await waitFor(() => expect(canvas.getByTestId(id)).toHaveTextContent(/^-$/));
    }
    await expect(canvas.queryByTestId('stat-users-hint')).toBeNull();
    await expect(canvas.queryByTestId('stat-attachments-hint')).toBeNull();
    await expect(within(canvas.getByTestId('dashboard-trend')).getByText('-')).toBeVisible();
    await expect(within(canvas.getByTestId('dashboard-recent')).getByText('-')).toBeVisible();
    await expect(within(document.body).queryByText('统计服务暂不可用')).toBeNull();
  },
};

/** Only the recent sign-ins are missing (the real back end has no such call). */
export const WithoutRecentLogins: Story = {
  parameters: { backend: mockBackend({ failing: ['recentLogins'] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('stat-users-value')).toHaveTextContent('3'));
    await expect(within(canvas.getByTestId('dashboard-recent')).getByText('-')).toBeVisible();
    await expect(canvas.getAllByTestId('login-chart-bar')).toHaveLength(7);
  },
};
