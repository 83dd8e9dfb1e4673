import type { Meta, StoryObj } from '@storybook/react-vite';
import { runInAction } from 'mobx';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../../../../../stories/console';
import FrontendLogPage from './index';
import { componentOn } from '../../../../../../../stories/kit';

const meta = { title: 'Pages/FrontendLog', ...componentOn(FrontendLogPage, { console: { path: '/frontendLog', signedIn: true, bootstrap: true } }) } satisfies Meta<typeof FrontendLogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** No entries: 暂无日志, clear disabled. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('frontend-log-empty')).toHaveTextContent('暂无日志');
    await expect(canvas.getByTestId('frontend-log-clear')).toBeDisabled();
  },
};

/** Lists newest first, filters by type and text, shows details with the meta, clears. */
export const ListFilterDetailsClear: Story = {
  play: async (context) => {
    const { app } = storyConsole(context);
    runInAction(() => {
      app.root.log.add('页面加载完成', 'info', 'http://127.0.0.1/index');
      app.root.log.add('TypeError: x is undefined', 'danger', 'http://127.0.0.1/userInfo');
      app.root.log.add('服务器错误: /api/system/user/', 'danger', '/api/system/user/');
    });
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('frontend-log-row')).toHaveLength(3));
    await expect(canvas.getAllByTestId('frontend-log-row')[0]).toHaveTextContent('服务器错误');
    await userEvent.selectOptions(canvas.getByTestId('frontend-log-type'), 'danger');
    await waitFor(() => expect(canvas.getAllByTestId('frontend-log-row')).toHaveLength(2));
    await userEvent.type(canvas.getByTestId('frontend-log-search'), 'typeerror');
    await waitFor(() => expect(canvas.getAllByTestId('frontend-log-row')).toHaveLength(1));
    await userEvent.click(canvas.getByTestId('frontend-log-details'));
    const detail = await body().findByTestId('frontend-log-detail');
    await expect(detail).toHaveTextContent('TypeError: x is undefined');
    await expect(detail).toHaveTextContent('http://127.0.0.1/userInfo');
    await expect(detail).toHaveTextContent('超级管理员');
    await expect(detail).toHaveTextContent('story-access-token');
    await expect(detail.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByTestId('frontend-log-clear'));
    await expect(await canvas.findByTestId('frontend-log-empty')).toBeVisible();
    await expect(app.root.log.entries).toEqual([]);
  },
};
