import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../../../app/routes';
import { mockDevices, playersBackend } from '../players-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';

/** 设备管理 (center_users/devices): the devices list on the players mock back end. */
const meta = {
  title: 'Pages/Players/Devices',
  component: AppRoutes,
  parameters: { backend: playersBackend() },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PATH = '/center_users/devices';
const body = () => within(document.body);
const rowsOf = (canvas: ReturnType<typeof within>) => canvas.getByTestId('devices-table').querySelectorAll('tbody tr');

/** Newest first, 20 a page: device id, model, OS, accounts (shared ones tagged), the accounts themselves; no write buttons. */
export const Devices: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const first = mock(context).lists[0];
    await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-last_seen', '20', '1']);
    const newest = [...mockDevices(false)].sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.id - a.id)[0];
    await expect(rowsOf(canvas)[0]?.textContent ?? '').toContain(newest?.device_id ?? '?');
    await expect(rowsOf(canvas)[0]?.textContent ?? '').toContain(newest?.account_list[0]?.distinct_id ?? '?');
    await expect(canvas.queryByTestId('crud-add')).toBeNull();
    await expect(canvas.queryByTestId('row-edit')).toBeNull();
  },
};

/** 多账号设备 = 是: only devices with 2 or more accounts. */
export const SharedOnly: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('search-shared'));
    await userEvent.click(await body().findByRole('option', { name: '是（2 个及以上账号）' }, slow));
    await userEvent.click(canvas.getByTestId('devices-search-submit'));
    await waitFor(() => expect(mock(context).lists.at(-1)?.get('shared')).toBe('1'), slow);
    const shared = mockDevices(false).filter((d) => d.accounts >= 2).length;
    await waitFor(() => expect(rowsOf(canvas).length).toBe(shared), slow);
  },
};

export const Empty: Story = {
  parameters: at(PATH, {}, { empty: ['devices'] }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByTestId('devices-empty')).toBeVisible(), slow);
  },
};

export const Loading: Story = {
  parameters: at(PATH, {}, { slow: ['devices'] }),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByTestId('devices-table', {}, slow);
    await waitFor(() => expect(table.querySelector('.pi-spin, .p-datatable-loading-icon')).not.toBeNull(), slow);
  },
};

export const Error: Story = shows(at(PATH, {}, { failing: ['devices'] }), 'devices-error', SERVICE_ERROR);

/** A long device id and model stay in their columns. */
export const LongContent: Story = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
  },
};

export const English: Story = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await expect(canvas.getByText('Accounts on it')).toBeVisible();
  },
};
