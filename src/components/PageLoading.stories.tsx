import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageLoading } from './PageLoading';
import { componentOn } from '../../stories/kit';

/** What shows while a page chunk or the user's data loads. */
const meta = { title: 'Components/PageLoading', ...componentOn(PageLoading) } satisfies Meta<typeof PageLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A status region with a spinning icon and 正在加载… */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('正在加载…');
    await expect(status.querySelector('i.pi-spinner')).toHaveClass('pi-spin');
    await expect(status.querySelector('i')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** Another text key (the route guard's 正在加载用户信息…), in English when the console is. */
export const OtherTextEnglish: Story = {
  args: { textKey: 'guard.loading' },
  parameters: { console: { language: 'en' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your account…');
  },
};
