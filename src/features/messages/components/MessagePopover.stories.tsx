import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { POPOVER_WIDTH_PX } from '../../../config';
import { HOSTILE_HTML, LONG_HTML, storyMessage } from '../mocks/messages';
import { MessagePopover } from './MessagePopover';
import './message-bell.css';

/** The bell's popover body, in a 400px frame like the overlay panel. */
const meta = {
  title: 'Header/MessagePopover',
  component: MessagePopover,
  decorators: [
    (Story) => (
      <div style={{ width: POPOVER_WIDTH_PX, margin: 24, border: '1px solid #ddd', borderRadius: 6, background: '#fff' }} data-testid="popover-frame">
        <Story />
      </div>
    ),
  ],
  args: { newest: null, onOpenCenter: fn(), onRead: fn() },
} satisfies Meta<typeof MessagePopover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('消息中心')).toBeVisible();
    await expect(canvas.getByTestId('message-popover-empty')).toHaveTextContent('暂无消息');
    await userEvent.click(canvas.getByText('前往通知中心'));
    await expect(args.onOpenCenter).toHaveBeenCalledTimes(1);
  },
};

export const Message: Story = {
  args: { newest: storyMessage() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('message-popover-subject')).toHaveTextContent('版本发布通知');
    const content = canvas.getByTestId('message-popover-content');
    await expect(content.querySelector('strong')).toHaveTextContent('2.1.3');
    const link = within(content).getByText('查看说明');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(canvas.getByTestId('message-popover-subject'));
    await expect(args.onRead).toHaveBeenCalledTimes(1);
  },
};

export const LongHtml: Story = {
  args: { newest: storyMessage({ title: '季度运营报告（很长的内容）', content: LONG_HTML }) },
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTestId('popover-frame');
    const body = canvasElement.querySelector('.message-popover-body') as HTMLElement;
    // Long content scrolls inside the popover; nothing is wider than the 400px frame.
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    await expect(frame.scrollWidth).toBeLessThanOrEqual(POPOVER_WIDTH_PX);
    const img = canvasElement.querySelector('.message-popover-content img') as HTMLImageElement;
    await expect(img.getBoundingClientRect().width).toBeLessThanOrEqual(POPOVER_WIDTH_PX);
    await expect(within(canvasElement).getByText('消息中心')).toBeVisible();
    await expect(within(canvasElement).getByText('前往通知中心')).toBeVisible();
  },
};

export const HostileHtml: Story = {
  args: { newest: storyMessage({ title: '恶意内容', content: HOSTILE_HTML }) },
  play: async ({ canvasElement }) => {
    const content = within(canvasElement).getByTestId('message-popover-content');
    await expect(content).toHaveTextContent('正常文字');
    await expect(content.innerHTML).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|position|z-index/i);
    await userEvent.click(within(content).getByText('覆盖层'));
    await userEvent.click(within(content).getByText('恶意链接'));
    await expect((window as unknown as { __storyPwned?: string }).__storyPwned).toBeUndefined();
    // The would-be overlay stays inside the popover.
    const cover = within(content).getByText('覆盖层').getBoundingClientRect();
    await expect(cover.width).toBeLessThanOrEqual(POPOVER_WIDTH_PX);
  },
};
