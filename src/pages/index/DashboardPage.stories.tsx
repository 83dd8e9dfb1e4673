import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../stories/console';
import { mockBackend } from '../../../stories/mocks/handlers';
import DashboardPage from './DashboardPage';

const meta = {
  title: 'Pages/Dashboard',
  component: DashboardPage,
  parameters: { console: { path: '/index', signedIn: true, bootstrap: true }, backend: mockBackend() },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Counts, the 7-day chart and the latest sign-ins from the server. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('dashboard-greeting')).toHaveTextContent('你好，超级管理员');
    await waitFor(() => expect(canvas.getByTestId('stat-users-value')).toHaveTextContent('3'));
    // 今天是 … is the server's day, the chart's last day (the mock's days end on 2026-11-21), not the browser clock.
    await expect(canvas.getByTestId('dashboard-today')).toHaveTextContent('今天是 2026-11-21');
    await expect(canvas.getByTestId('stat-logins-value')).toHaveTextContent('128');
    await expect(canvas.getByTestId('stat-attachments-value')).toHaveTextContent('42');
    await expect(canvas.getByTestId('stat-logins-7d-value')).toHaveTextContent('63');
    await expect(canvas.getAllByTestId('login-chart-bar')).toHaveLength(7);
    const recent = within(canvas.getByTestId('dashboard-recent'));
    await expect(recent.getAllByRole('row')).toHaveLength(4);
    await expect(recent.getByText('10.0.0.12')).toBeVisible();
  },
};

/** A back end without the dashboard calls: each figure shows '-', no error toast. */
export const Failures: Story = {
  parameters: {
    backend: mockBackend({ failing: ['usersTotal', 'usersLoginTotal', 'attachmentTotal', 'loginTrend', 'recentLogins'] }),
  },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(storyBackend(context).state.dashboardCalls).toBe(5));
    for (const id of ['stat-users-value', 'stat-logins-value', 'stat-attachments-value', 'stat-logins-7d-value']) {
      await waitFor(() => expect(canvas.getByTestId(id)).toHaveTextContent(/^-$/));
    }
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
