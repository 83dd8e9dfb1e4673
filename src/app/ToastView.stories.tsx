import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MESSAGE_DURATION_MS } from '../config';
import { createNotifier } from './notifier';
import ToastView from './ToastView';
import { componentOn } from '../../stories/kit';

/**
 * The toast view on its own notifier (the console's own host is separate): severities, the default
 * life of MESSAGE_DURATION_MS, a notice's own life, and notices queued before the view attached.
 */
const meta = { title: 'Shell/ToastView', ...componentOn(ToastView) } satisfies Meta<typeof ToastView>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const toastOf = async (text: string) => (await body().findByText(text)).closest('.p-toast-message') as HTMLElement;

const severities = createNotifier();
/** Each severity gets its PrimeReact style, at the top centre. */
export const Severities: Story = {
  args: { notifier: severities },
  play: async () => {
    severities.notify({ severity: 'success', text: '保存成功' });
    severities.notify({ severity: 'info', text: '普通提示' });
    severities.notify({ severity: 'warn', text: '请注意' });
    severities.notify({ severity: 'error', text: '操作失败' });
    await expect(await toastOf('保存成功')).toHaveClass('p-toast-message-success');
    await expect(await toastOf('普通提示')).toHaveClass('p-toast-message-info');
    await expect(await toastOf('请注意')).toHaveClass('p-toast-message-warn');
    await expect(await toastOf('操作失败')).toHaveClass('p-toast-message-error');
    const container = (await toastOf('保存成功')).closest('.p-toast') as HTMLElement;
    await expect(container).toHaveClass('p-toast-bottom-left');
    await expect(container).toHaveClass('console-toast');
  },
};

const lives = createNotifier();
/** A short-lived notice leaves on its own; one with the default life is still there; the close button removes it. */
export const Life: Story = {
  args: { notifier: lives },
  play: async () => {
    await expect(MESSAGE_DURATION_MS).toBe(5000);
    lives.notify({ severity: 'info', text: '很快消失', life: 600 });
    lives.notify({ severity: 'success', text: '默认时长' });
    const quick = await body().findByText('很快消失');
    await waitFor(() => expect(quick).toBeVisible());
    await waitFor(() => expect(body().queryByText('很快消失')).toBeNull(), { timeout: 3000 });
    await expect(body().getByText('默认时长')).toBeVisible();
    const toast = await toastOf('默认时长');
    await userEvent.click(toast.querySelector('.p-toast-icon-close') as HTMLElement);
    await waitFor(() => expect(body().queryByText('默认时长')).toBeNull(), { timeout: 3000 });
  },
};

const queued = createNotifier();
queued.notify({ severity: 'error', text: '挂载前的通知' });
/** A notice sent before the view existed (the host loads it on demand) shows once the view attaches. */
export const QueuedBeforeAttach: Story = {
  args: { notifier: queued },
  play: async () => {
    await expect(await toastOf('挂载前的通知')).toHaveClass('p-toast-message-error');
  },
};
