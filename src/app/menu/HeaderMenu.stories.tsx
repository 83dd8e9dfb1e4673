import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { buildMenu } from '../../stores/menu';
import { HeaderMenuView } from './HeaderMenu';
import { MANY_SECTIONS, NESTED_MENUS } from './story-menus';
import '../layout/layout.css';

/** The header menu (spec §2.4): the sections that fit, the others in a 更多 menu. */
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

const body = () => within(document.body);
const shownTitles = (canvas: ReturnType<typeof within>) => canvas.getAllByTestId('header-menu-item').map((e: HTMLElement) => e.textContent);

/** Twelve sections in 420px: those that fit show, nothing is cut, the rest are in 更多. */
export const Overflowing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const more = await canvas.findByTestId('header-menu-more');
    const shown = shownTitles(canvas);
    await expect(shown.length).toBeGreaterThan(0);
    await expect(shown.length).toBeLessThan(12);
    await expect(shown[0]).toBe('业务板块1');
    // Every shown entry and the 更多 button lie inside the menu's box.
    const box = canvasElement.querySelector('[data-testid="header-menu"]')!.getBoundingClientRect();
    for (const el of [...canvas.getAllByTestId('header-menu-item'), more]) {
      const r = el.getBoundingClientRect();
      await expect(r.right).toBeLessThanOrEqual(box.right + 0.5);
    }
    await userEvent.click(more);
    const items = await body().findAllByTestId('header-menu-more-item');
    await expect(items.map((e) => e.textContent)).toEqual(Array.from({ length: 12 - shown.length }, (_, i) => `业务板块${shown.length + i + 1}`));
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(items.at(-1)!).getByText('业务板块12'));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ title: '业务板块12' }));
  },
};

/** The active section stays in the header even when it comes after the ones that fit. */
export const ActiveSectionStaysVisible: Story = {
  args: { activeId: 122 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('header-menu-more');
    await waitFor(() => expect(shownTitles(canvas)).toContain('业务板块12'));
    await expect(canvas.getByRole('menuitem', { name: '业务板块12' })).toHaveClass('is-active');
  },
};

/** ← → move between the header entries. */
export const KeyboardMoves: Story = {
  parameters: { width: 1600 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('menuitem');
    items[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getAllByRole('menuitem').at(-1)).toHaveFocus();
  },
};

/** One section in a wide header: no 更多. */
export const Fitting: Story = {
  args: { sections: buildMenu(NESTED_MENUS).tree, activeId: 1 },
  parameters: { width: 1200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('menuitem', { name: '系统管理' })).toHaveClass('is-active');
    await expect(canvas.queryByTestId('header-menu-more')).toBeNull();
  },
};
