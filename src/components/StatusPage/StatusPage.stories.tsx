import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { StatusPage } from './StatusPage';
import { componentOn } from '../../../stories/kit';

const meta = { title: 'Components/StatusPage', ...componentOn(StatusPage, { console: { path: '/somewhere' } }, { code: '404', title: '页面不存在', text: '您访问的页面不存在或已被移除', back: '返回首页', tone: 'missing', testId: 'status', backTestId: 'status-back' }) } satisfies Meta<typeof StatusPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A missing page: the figure in blue, the sentence, and the way back to /index. */
export const Missing: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const page = canvas.getByTestId('status');
    await expect(page).not.toHaveClass('is-refusal');
    await expect(canvas.getByText('404')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await userEvent.click(canvas.getByTestId('status-back'));
    await expect(storyConsole(context).location.history.at(-1)).toBe('/index');
  },
};

/** A refusal (403): the same page, drawn warm. */
export const Refusal: Story = {
  args: { code: '403', title: '无权访问', text: '抱歉，您无权访问此页面', tone: 'refusal' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('status')).toHaveClass('is-refusal');
    await expect(canvas.getByRole('heading', { name: '无权访问' })).toBeVisible();
  },
};
