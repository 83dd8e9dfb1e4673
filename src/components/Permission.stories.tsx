import type { Meta, StoryObj } from '@storybook/react-vite';
import { Component, type ReactNode } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { PagePathProvider, Permission } from './Permission';
import { componentOn } from '../../stories/kit';

/** Shows the error a child throws (the missing-name case) instead of unmounting the story. */
class Catch extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p data-testid="permission-error">{this.state.error}</p> : this.props.children;
  }
}

/**
 * The one permission check (spec §5) on the signed-in user's menu: the mock menu's /user page
 * carries the buttons Retrieve and Search only.
 */
function Buttons({ unnamed }: { unnamed?: boolean }) {
  return (
    <div style={{ display: 'flex', gap: 8, padding: 16 }}>
      <Permission name="Search">
        <button type="button">查询</button>
      </Permission>
      <Permission name="Create">
        <button type="button">新增</button>
      </Permission>
      <PagePathProvider path="/menu">
        <Permission name="Retrieve">
          <button type="button">菜单查看</button>
        </Permission>
        <Permission name="Delete">
          <button type="button">菜单删除</button>
        </Permission>
      </PagePathProvider>
      {unnamed && (
        <Catch>
          <Permission name="">
            <button type="button">无名按钮</button>
          </Permission>
        </Catch>
      )}
    </div>
  );
}

const meta = { title: 'Components/Permission', ...componentOn(Buttons, { console: { path: '/user', signedIn: true, bootstrap: true } }) } satisfies Meta<typeof Buttons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Granted buttons render; denied ones are absent (not hidden); the layout's page path wins over the location. */
export const GrantedAndDenied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: '查询' })).toBeVisible());
    await expect(canvas.queryByRole('button', { name: '新增' })).toBeNull();
    await expect(canvas.getByRole('button', { name: '菜单查看' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: '菜单删除' })).toBeNull();
    await expect(canvasElement.querySelectorAll('button')).toHaveLength(2);
  },
};

/** Not signed in (no menu): nothing is granted. */
export const NoMenu: Story = {
  parameters: { console: { path: '/user', signedIn: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('button')).toHaveLength(0);
  },
};

/** <Permission> without a name is a programming error: it throws with a message saying how to use it. */
export const WithoutName: Story = {
  args: { unnamed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('permission-error')).toHaveTextContent('Permission: a permission name is required (e.g. <Permission name="Create">)');
    await expect(canvas.queryByRole('button', { name: '无名按钮' })).toBeNull();
    await expect(canvas.getByRole('button', { name: '查询' })).toBeVisible();
  },
};
