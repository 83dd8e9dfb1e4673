import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { buildMenu } from '../../stores/menu';
import { SideMenu } from './SideMenu';
import { NESTED_MENUS } from './story-menus';
import '../layout/layout.css';

const section = buildMenu(NESTED_MENUS).tree[0];
const entries = section ? section.children : [];

/** The side menu (spec §2.4) on menu fixtures that pass through the contract schema. */
const meta = {
  title: 'Shell/SideMenu',
  component: SideMenu,
  args: { entries, collapsed: false, activePath: '/loginLog', onSelect: fn() },
  decorators: [
    (Story, context) => (
      <aside className={`console-aside${context.args.collapsed ? ' is-collapsed' : ''}`} style={{ width: context.args.collapsed ? 65 : 200, height: 600 }}>
        <Story />
      </aside>
    ),
  ],
} satisfies Meta<typeof SideMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nested: the current path's submenu is open and highlighted; opening another closes it. */
export const Nested: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '登录日志' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: '日志管理' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByRole('button', { name: '常规配置' }));
    await expect(canvas.getByRole('button', { name: '常规配置' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: '日志管理' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('button', { name: '登录日志' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '字典管理' }));
    await expect(args.onSelect).toHaveBeenCalledWith('/dictionary');
    await userEvent.click(canvas.getByRole('button', { name: '临时入口' }));
    await expect(args.onSelect).toHaveBeenLastCalledWith(expect.stringMatching(/^menu-empty-/));
    await userEvent.click(canvas.getByTestId('aside-home'));
    await expect(args.onSelect).toHaveBeenLastCalledWith('/index');
  },
};

/** Collapsed: icons only, a submenu opens as a flyout. */
export const Collapsed: Story = {
  args: { collapsed: true, activePath: '/index' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('.console-menu-title')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '常规配置' }));
    await expect(canvasElement.querySelector('.console-submenu.is-flyout')).not.toBeNull();
    await expect(canvas.getByRole('button', { name: '字典管理' })).toBeVisible();
  },
};

/** No entries and not collapsed: 没有侧栏菜单. */
export const Empty: Story = {
  args: { entries: [], activePath: '/index' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('aside-empty')).toHaveTextContent('没有侧栏菜单');
  },
};

/** No entries but collapsed: nothing is said. */
export const EmptyCollapsed: Story = {
  args: { entries: [], collapsed: true, activePath: '/index' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('aside-empty')).toBeNull();
  },
};
