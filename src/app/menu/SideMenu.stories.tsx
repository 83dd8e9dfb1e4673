import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { buildMenu } from '../../stores/menu';
import { SideMenu } from './SideMenu';
import { ENGLISH_AUTOMATION_MENUS, NESTED_MENUS } from './story-menus';
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

const english = buildMenu(ENGLISH_AUTOMATION_MENUS).tree[0];

/**
 * Long English names (Crontab expressions) in the 200 px aside: each wraps onto another line instead of
 * being cut, nothing of it is hidden, and the entry's title attribute holds the whole name.
 */
export const LongEnglishNames: Story = {
  args: { entries: english ? english.children : [], activePath: '/automation/crontab' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Event tracking setup' }));
    const crontab = canvas.getByRole('button', { name: 'Crontab expressions' });
    await expect(crontab).toHaveAttribute('title', 'Crontab expressions');
    const titles = [...canvasElement.querySelectorAll<HTMLElement>('.console-menu-title')];
    await expect(titles.map((t) => t.textContent)).toContain('Attribution details of every campaign');
    for (const title of titles) {
      // Not cut sideways (no ellipsis) nor below: the whole name is on screen.
      await expect({ name: title.textContent, cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1 }).toEqual({ name: title.textContent, cut: false });
    }
    const crontabTitle = crontab.querySelector<HTMLElement>('.console-menu-title');
    const lineHeight = parseFloat(getComputedStyle(crontabTitle as HTMLElement).lineHeight);
    await expect(Math.round((crontabTitle?.clientHeight ?? 0) / lineHeight)).toBe(2);
  },
};
