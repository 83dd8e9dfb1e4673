import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import type { Tab } from '../../stores/tabs';
import { useTabCommand } from '../tabs/useTabCommand';
import { TabBar } from './TabBar';
import './layout.css';
import { componentOn } from '../../../stories/kit';

const tab = (path: string, title: string): Tab => ({ name: path.slice(1), path, fullPath: path, query: {}, params: {}, meta: { title, auth: true } });
const FIVE = [tab('/user', '用户管理'), tab('/dept', '部门管理'), tab('/role', '角色管理'), tab('/menu', '菜单管理'), tab('/config', '系统配置')];

type Context = Parameters<typeof storyConsole>[0];
function openTabs(context: Context, tabs: Tab[], current = tabs.at(-1)?.fullPath ?? '/index') {
  const { root } = storyConsole(context).app;
  for (const t of tabs) root.tabs.open(t);
  root.tabs.open(tabs.find((t) => t.fullPath === current) ?? tabs[0]!);
  return root;
}
const titles = (canvas: HTMLElement) => [...canvas.querySelectorAll('[data-testid="tab"] .console-tab-title')].map((e) => e.textContent);
const body = () => within(document.body);

/** The tab bar (spec §2.4) on the story console's tabs store. */
const meta = { title: 'Shell/TabBar', ...componentOn(TabBar, { console: { path: '/index', signedIn: true } }) } satisfies Meta<typeof TabBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Context menus: the index tab offers only 关闭全部; others the five commands; 关闭左侧 focuses the target. */
export const ContextMenu: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    openTabs(context, FIVE, '/config');
    await waitFor(() => expect(titles(context.canvasElement)).toEqual(['控制台', '用户管理', '部门管理', '角色管理', '菜单管理', '系统配置']));
    await userEvent.pointer({ keys: '[MouseRight]', target: canvas.getAllByTestId('tab')[0]! });
    await expect(within(await body().findByTestId('tab-context-menu')).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['关闭全部']);
    await userEvent.keyboard('{Escape}');
    await userEvent.pointer({ keys: '[MouseRight]', target: canvas.getAllByTestId('tab')[3]! });
    const menu = await body().findByTestId('tab-context-menu');
    await expect(within(menu).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '关闭左侧' }));
    await expect(titles(context.canvasElement)).toEqual(['控制台', '角色管理', '菜单管理', '系统配置']);
    await expect(storyConsole(context).location.history.at(-1)).toBe('/role');
  },
};

/** The dropdown: options close left / right / others / all; its main click closes all and goes to /index. */
export const Dropdown: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    openTabs(context, FIVE, '/role');
    await userEvent.click(canvas.getByTestId('tabs-more'));
    const menu = await body().findByTestId('tab-dropdown-menu');
    await expect(within(menu).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '关闭右侧' }));
    await expect(titles(context.canvasElement)).toEqual(['控制台', '用户管理', '部门管理', '角色管理']);
    await userEvent.click(canvas.getByTestId('tabs-close-all'));
    await expect(titles(context.canvasElement)).toEqual(['控制台']);
    await expect(storyConsole(context).location.history.at(-1)).toBe('/index');
  },
};

/** Many tabs scroll inside the bar; closing the current one moves to its right neighbour. */
export const ManyTabs: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const many = Array.from({ length: 24 }, (_, i) => tab(`/page${i + 1}`, `页面 ${i + 1}`));
    openTabs(context, many, '/page3');
    await waitFor(() => expect(canvas.getAllByTestId('tab')).toHaveLength(25));
    const bar = canvas.getByTestId('tab-bar');
    await expect(bar.scrollWidth).toBeGreaterThan(bar.clientWidth);
    await userEvent.click(within(canvas.getAllByTestId('tab')[3]!).getByTestId('tab-close'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/page4');
    await expect(within(canvas.getAllByTestId('tab')[0]!).queryByTestId('tab-close')).toBeNull();
  },
};

function InvalidCommandButton() {
  const run = useTabCommand();
  return (
    <button type="button" onClick={() => run('explode', '/index')}>
      explode
    </button>
  );
}

/** An unknown command: the error toast 无效的操作, nothing closes. */
export const UnknownCommand: Story = {
  render: () => (
    <>
      <TabBar />
      <InvalidCommandButton />
    </>
  ),
  play: async (context) => {
    openTabs(context, FIVE.slice(0, 2));
    await userEvent.click(within(context.canvasElement).getByRole('button', { name: 'explode' }));
    await expect(await body().findByText('无效的操作', {}, { timeout: 5000 })).toBeVisible();
    await expect(titles(context.canvasElement)).toEqual(['控制台', '用户管理', '部门管理']);
  },
};

/**
 * Keyboard (roving tabindex): only the current tab is in the Tab order; ← → Home End move and open;
 * Delete closes the focused tab; Shift+F10 opens its context menu, whose items ↑ ↓ walk and Escape
 * closes, giving the focus back to the tab.
 */
export const Keyboard: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const root = openTabs(context, FIVE, '/dept');
    const history = () => storyConsole(context).location.history.at(-1);
    await waitFor(() => expect(titles(context.canvasElement)).toHaveLength(6));
    const tabs = () => canvas.getAllByTestId('tab');
    await expect(tabs().map((el) => el.tabIndex)).toEqual([-1, -1, 0, -1, -1, -1]);
    await expect(canvas.getByRole('tablist')).toHaveAccessibleName('已打开的页面');
    tabs()[2]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tabs()[3]).toHaveFocus();
    await expect(history()).toBe('/role');
    await userEvent.keyboard('{Home}');
    await expect(tabs()[0]).toHaveFocus();
    await expect(history()).toBe('/index');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(tabs()[5]).toHaveFocus();
    await expect(history()).toBe('/config');
    // The tab's close icon is not a second control inside the tab; Delete closes.
    await expect(within(tabs()[5]!).queryByRole('button')).toBeNull();
    root.tabs.open(FIVE[4]!);
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(titles(context.canvasElement)).toEqual(['控制台', '用户管理', '部门管理', '角色管理', '菜单管理']));
    tabs()[1]!.focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await body().findByTestId('tab-context-menu');
    await expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getAllByRole('menuitem')[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByTestId('tab-context-menu')).toBeNull());
    await expect(tabs()[1]).toHaveFocus();
  },
};
