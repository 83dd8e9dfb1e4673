import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../stories/console';
import { crudBackend, WHITE_LIST_PATH } from '../components/crud/crud-mocks';
import { AppRoutes } from './routes';

/**
 * Where the console's toasts sit on a real screen (the layout, a CRUD page, its form dialog): in the
 * bottom-left corner, stacked one above the other, never over the page's primary actions (the search
 * and toolbar buttons, the pager, the header tools) nor the open dialog's buttons.
 */
const meta = {
  title: 'Shell/ToastPlacement',
  render: () => <AppRoutes />,
  parameters: { console: { path: WHITE_LIST_PATH, signedIn: true }, backend: crudBackend() },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function toastsShown(context: Parameters<NonNullable<Story['play']>>[0], texts: string[]) {
  const { app } = storyConsole(context);
  for (const [i, text] of texts.entries()) app.root.notify({ severity: i % 2 ? 'error' : 'success', text });
  const body = within(document.body);
  const toasts = await Promise.all(texts.map(async (text) => (await body.findByText(text, {}, { timeout: 5000 })).closest('.p-toast-message') as HTMLElement));
  // Past the entry animation: the final places.
  await new Promise((r) => setTimeout(r, 500));
  return toasts.map((t) => t.getBoundingClientRect());
}

/** Three notices over the list, then three over the open form dialog. */
export const CornerStackedClearOfActions: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(context.canvasElement.querySelectorAll('table tbody tr')).toHaveLength(10), { timeout: 30000 });
    const actions = () =>
      [
        context.canvasElement.querySelector<HTMLElement>('[data-testid$="-search-submit"]'),
        canvas.getByTestId('crud-add'),
        canvas.getByTestId('crud-export'),
        context.canvasElement.querySelector<HTMLElement>('.p-paginator'),
        canvas.getByTestId('user-menu'),
        body.queryByTestId('crud-form-submit'),
        body.queryByTestId('crud-form-cancel'),
      ].filter((e): e is HTMLElement => e !== null);

    for (const round of ['列表', '对话框']) {
      if (round === '对话框') {
        await userEvent.click(canvas.getByTestId('crud-add'));
        await body.findByTestId('crud-form-submit', {}, { timeout: 5000 });
      }
      const rects = await toastsShown(context, [`${round}：已保存`, `${round}：保存失败，同名的接口已存在，请换一个地址再试`, `${round}：导出完成`]);
      const [width, height] = [document.documentElement.clientWidth, document.documentElement.clientHeight];
      // The corner: the stack's left and bottom edges within 40 px of the viewport's (20 px inset, a message's own margin).
      const left = Math.min(...rects.map((r) => r.left));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      await expect(left).toBeGreaterThanOrEqual(0);
      await expect(left).toBeLessThanOrEqual(40);
      // A corner's stack, not a band across the screen: at most 25rem (400 px) wide.
      await expect(Math.max(...rects.map((r) => r.width))).toBeLessThanOrEqual(401);
      await expect(Math.max(...rects.map((r) => r.right))).toBeLessThanOrEqual(width);
      await expect(height - bottom).toBeGreaterThanOrEqual(0);
      await expect(height - bottom).toBeLessThanOrEqual(40);
      // Stacked: one above the other, none over another.
      const sorted = [...rects].sort((a, b) => a.top - b.top);
      for (let i = 1; i < sorted.length; i++) await expect((sorted[i] as DOMRect).top).toBeGreaterThanOrEqual((sorted[i - 1] as DOMRect).bottom - 1);
      // Clear of every primary action on screen.
      for (const action of actions()) {
        const box = action.getBoundingClientRect();
        const covered = rects.some((r) => overlaps(r, box));
        await expect({ action: action.dataset.testid ?? action.className, covered }).toEqual({ action: action.dataset.testid ?? action.className, covered: false });
      }
      for (const close of document.querySelectorAll<HTMLElement>('.p-toast-icon-close')) await userEvent.click(close);
      await waitFor(() => expect(document.querySelectorAll('.p-toast-message')).toHaveLength(0), { timeout: 5000 });
    }
  },
};
