import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { NESTED_MENUS } from '../menu/story-menus';
import { SearchPanel, SearchTrigger } from './SearchPanel';
import '../layout/layout.css';

const body = () => within(document.body);

/** The search panel (spec §2.4) over the leaf items of a menu fixture. */
const meta = {
  title: 'Shell/SearchPanel',
  component: SearchPanel,
  parameters: { console: { path: '/index', signedIn: true } },
  render: () => (
    <div>
      <SearchTrigger />
      <input aria-label="another field" />
      <SearchPanel />
    </div>
  ),
} satisfies Meta<typeof SearchPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** s opens (not while typing), the field gets focus after 500 ms, fuzzy search, Enter navigates. */
export const HotkeyAndEnter: Story = {
  play: async (context) => {
    const { app, location } = storyConsole(context);
    app.root.menu.setItems(NESTED_MENUS);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'another field' }));
    await userEvent.keyboard('s');
    await expect(body().queryByTestId('search-panel')).toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
    const opened = performance.now();
    await userEvent.keyboard('s');
    const input = await body().findByTestId('search-input');
    await waitFor(() => expect(document.activeElement).toBe(input), { timeout: 2000 });
    await expect(performance.now() - opened).toBeGreaterThanOrEqual(450);
    await expect(body().getAllByTestId('search-result').map((e) => e.querySelector('.console-search-title')?.textContent)).toContain('系统管理 / 常规配置 / 字典管理');
    await userEvent.type(input, '日志登');
    await expect(body().getAllByTestId('search-result')[0]).toHaveTextContent('系统管理 / 日志管理 / 登录日志');
    await userEvent.keyboard('{Enter}');
    await expect(location.history.at(-1)).toBe('/loginLog');
    await expect(body().queryByTestId('search-panel')).toBeNull();
  },
};

/** The trigger opens it, Escape closes it, no match says so, a click navigates. */
export const TriggerEscapeClick: Story = {
  play: async (context) => {
    const { app, location } = storyConsole(context);
    app.root.menu.setItems(NESTED_MENUS);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByTestId('search-trigger'));
    const input = await body().findByTestId('search-input');
    await userEvent.type(input, 'zzzz');
    await expect(body().getByText('没有匹配的页面')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(body().queryByTestId('search-panel')).toBeNull();
    await userEvent.click(canvas.getByTestId('search-trigger'));
    await userEvent.type(await body().findByTestId('search-input'), 'user');
    await userEvent.click(body().getAllByTestId('search-result')[0]!);
    await expect(location.history.at(-1)).toBe('/user');
  },
};
