import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { buildMenu } from '../../stores/menu';
import { HeaderMenuView } from './HeaderMenu';
import { MANY_SECTIONS, NESTED_MENUS } from './story-menus';
import '../layout/layout.css';

/** The header menu (spec §2.4): arrows only when wider than its container. */
const meta = {
  title: 'Shell/HeaderMenu',
  component: HeaderMenuView,
  args: { sections: buildMenu(MANY_SECTIONS).tree, activeId: 100, onSelect: fn() },
  decorators: [
    (Story, context) => (
      <div className="console-header" style={{ width: (context.parameters.width as number | undefined) ?? 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HeaderMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Twelve sections in 420px: both arrows show and scroll the strip. */
export const Overflowing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const right = await canvas.findByTestId('header-menu-right');
    await expect(canvas.getByTestId('header-menu-left')).toBeVisible();
    const viewport = canvasElement.querySelector('.console-header-menu-viewport') as HTMLElement;
    await userEvent.click(right);
    await waitFor(() => expect(viewport.scrollLeft).toBeGreaterThan(0));
    await userEvent.click(canvas.getByRole('menuitem', { name: '业务板块1' }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ title: '业务板块1' }));
  },
};

/** One section in a wide header: no arrows. */
export const Fitting: Story = {
  args: { sections: buildMenu(NESTED_MENUS).tree, activeId: 1 },
  parameters: { width: 1200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('menuitem', { name: '系统管理' })).toHaveClass('is-active');
    await expect(canvas.queryByTestId('header-menu-right')).toBeNull();
    await expect(canvas.queryByTestId('header-menu-left')).toBeNull();
  },
};
