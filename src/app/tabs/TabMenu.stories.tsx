import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TabMenu } from './TabMenu';
import '../layout/layout.css';
import { componentOn } from '../../../stories/kit';

/** The commands the tab bar offers: the index tab only closes all, any other tab gets all five. */
const INDEX_COMMANDS = ['closeAll'];
const TAB_COMMANDS = ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];

/** The menu opened by a button, recording the commands chosen (what the tab bar does with useTabCommand). */
function Harness({ commands }: { commands: string[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <div style={{ padding: 16 }}>
      <button type="button" onClick={() => setOpen(true)}>
        打开菜单
      </button>
      <output data-testid="chosen">{chosen.join(',')}</output>
      {open && (
        <TabMenu
          commands={commands}
          position={{ left: 40, top: 60 }}
          onCommand={(command) => setChosen((c) => [...c, command])}
          onClose={() => setOpen(false)}
          testId="tab-menu"
        />
      )}
    </div>
  );
}

const meta = { title: 'Shell/TabMenu', ...componentOn(Harness, {}, { commands: TAB_COMMANDS }) } satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

const items = (menu: HTMLElement) => within(menu).getAllByRole('menuitem');

/** Any tab but the index: 刷新, 关闭左侧, 关闭右侧, 关闭其它, 关闭全部 with their icons; a choice runs and closes. */
export const OtherTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const menu = await canvas.findByTestId('tab-menu');
    await expect(items(menu).map((e) => e.textContent)).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    await expect(items(menu).map((e) => e.querySelector('i')?.className)).toEqual(['pi pi-refresh', 'pi pi-arrow-left', 'pi pi-arrow-right', 'pi pi-times', 'pi pi-times-circle']);
    await expect(menu.style.left).toBe('40px');
    await expect(menu.style.top).toBe('60px');
    // Keyboard users land on the first command.
    await waitFor(() => expect(document.activeElement).toBe(items(menu)[0]));
    await userEvent.click(within(menu).getByRole('menuitem', { name: '关闭右侧' }));
    await expect(canvas.getByTestId('chosen')).toHaveTextContent('closeRight');
    await expect(canvas.queryByTestId('tab-menu')).toBeNull();
  },
};

/** The index tab cannot be closed: its menu holds 关闭全部 only. */
export const IndexTab: Story = {
  args: { commands: INDEX_COMMANDS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const menu = await canvas.findByTestId('tab-menu');
    await expect(items(menu).map((e) => e.textContent)).toEqual(['关闭全部']);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByTestId('chosen')).toHaveTextContent('closeAll');
    await expect(canvas.queryByTestId('tab-menu')).toBeNull();
  },
};

/** Escape and a click outside close it without running anything. */
export const DismissWithoutCommand: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    await canvas.findByTestId('tab-menu');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByTestId('tab-menu')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    await canvas.findByTestId('tab-menu');
    await userEvent.click(canvas.getByTestId('chosen'));
    await expect(canvas.queryByTestId('tab-menu')).toBeNull();
    await expect(canvas.getByTestId('chosen')).toHaveTextContent('');
  },
};

/** A command the menu has no label for is shown by name with a neutral icon (the store answers it with 无效的操作). */
export const UnknownCommand: Story = {
  args: { commands: ['refresh', 'explode'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const menu = await canvas.findByTestId('tab-menu');
    await expect(items(menu).map((e) => e.textContent)).toEqual(['刷新', 'explode']);
    await expect(items(menu)[1]?.querySelector('i')).toHaveClass('pi-question');
    await userEvent.click(items(menu)[1] as HTMLElement);
    await expect(canvas.getByTestId('chosen')).toHaveTextContent('explode');
  },
};
