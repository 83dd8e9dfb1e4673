import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import FallbackPage from './FallbackPage';
import { componentOn } from '../../../stories/kit';

/** What a menu route shows when its page file does not exist (spec §2.3). */
const meta = { title: 'Pages/Fallback', ...componentOn(FallbackPage, { console: { path: '/game/query', signedIn: true } }, { title: '游戏查询', component: 'game/query' }) } satisfies Meta<typeof FallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('页面无法加载');
    await expect(canvas.getByRole('alert')).toHaveTextContent('菜单「游戏查询」对应的页面（game/query）不存在');
    await userEvent.click(canvas.getByText('返回首页'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/index');
  },
};
