import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../../stories/console';
import { storyMenu } from '../../../app/menu/story-menus';
import { AppRoutes } from '../../../app/routes';

const menus = (update: boolean) => [
  storyMenu(1, null, '仪表盘'),
  storyMenu(2, 1, '工作台', { path: '/dashboard/workbench', component: 'dashboard/workbench', cache: true, menuPermission: update ? ['Retrieve', 'Update'] : ['Retrieve'] }),
  // dashboard realtime+monitor (i17-live): realtime is a real page now; the other tab is one without a page file.
  storyMenu(3, 1, '未建页面', { path: '/dashboard/unbuilt', component: 'dashboard/unbuilt' }),
];

/** The stand-in workbench through the real layout: Permission-guarded buttons, kept alive when cached. */
const meta = {
  title: 'Pages/WorkbenchDemo',
  component: AppRoutes,
  parameters: { console: { path: '/index', signedIn: true, bootstrap: true } },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With Update granted both buttons show; typed text survives a switch to another tab and back. */
export const CachedWithUpdate: Story = {
  play: async (context) => {
    const { app, location } = storyConsole(context);
    app.root.menu.setItems(menus(true));
    location.navigate('/dashboard/workbench');
    const canvas = within(context.canvasElement);
    const note = await canvas.findByTestId('workbench-note', {}, { timeout: 5000 });
    await waitFor(() => expect(canvas.getByTestId('workbench-update')).toBeVisible());
    await userEvent.type(note, '保留的文字');
    location.navigate('/dashboard/unbuilt');
    await waitFor(() => expect(canvas.getByTestId('page-fallback')).toBeVisible(), { timeout: 5000 });
    location.navigate('/dashboard/workbench');
    await waitFor(() => expect(canvas.getByTestId('workbench-note')).toBeVisible());
    await expect(canvas.getByTestId('workbench-note')).toHaveValue('保留的文字');
  },
};

/** Without Update the 编辑 button is not rendered at all. */
export const WithoutUpdate: Story = {
  play: async (context) => {
    const { app, location } = storyConsole(context);
    app.root.menu.setItems(menus(false));
    location.navigate('/dashboard/workbench');
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('workbench-retrieve')).toBeVisible(), { timeout: 5000 });
    await expect(canvas.queryByTestId('workbench-update')).toBeNull();
  },
};
