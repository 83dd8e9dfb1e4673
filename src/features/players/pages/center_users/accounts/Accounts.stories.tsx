import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../../../app/routes';
import { storyBackend } from '../../../../../../stories/console';
import { accountsBackend, type AccountsMockOptions, type AccountsMockState } from '../accounts-mocks';
import { SERVICE_ERROR, shows, slow } from '../story-kit';

/** 平台账号 (center_users/accounts): accounts, the account drawer, ban and unban, on the accounts mock. */
const meta = {
  title: 'Pages/Players/Accounts',
  component: AppRoutes,
  parameters: { backend: accountsBackend() },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PATH = '/center_users/accounts';
const at = (extra: Record<string, unknown> = {}, backend: AccountsMockOptions = {}) => ({ console: { path: PATH, signedIn: true, ...extra }, backend: accountsBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }): AccountsMockState => (storyBackend(context) as unknown as { accounts: AccountsMockState }).accounts;
const body = () => within(document.body);
const rowsOf = (canvas: ReturnType<typeof within>) => [...canvas.getByTestId('accounts-table').querySelectorAll('tbody tr')];

/** Newest last day first, 20 a page; banned accounts tagged with the end of the ban; ban on normal rows, unban on banned ones. */
export const Accounts: Story = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const first = mock(context).lists[0]?.query;
    await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-last_seen', '20', '1']);
    const banned = rowsOf(canvas).filter((r) => (r.textContent ?? '').includes('已封禁'));
    await expect(banned.length).toBeGreaterThan(0);
    for (const r of banned) {
      await expect(within(r as HTMLElement).queryByTestId('row-ban')).toBeNull();
      await expect(within(r as HTMLElement).getByTestId('row-unban')).toBeVisible();
    }
    await expect(rowsOf(canvas).find((r) => !(r.textContent ?? '').includes('已封禁'))?.textContent).toContain('封禁');
  },
};

/** The reason is required (nothing sent without it); with one, the ban is sent and the row turns banned. */
export const BanNeedsAReason: Story = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const row = rowsOf(canvas).find((r) => !(r.textContent ?? '').includes('已封禁')) as HTMLElement;
    const id = row.querySelector('code')?.textContent ?? '?';
    await userEvent.click(within(row).getByTestId('row-ban'));
    await userEvent.click(await body().findByTestId('ban-submit', {}, slow));
    await expect(await body().findByTestId('ban-problem')).toHaveTextContent('请填写封禁原因');
    await expect(mock(context).writes).toEqual([]);
    await userEvent.type(body().getByTestId('ban-reason'), '恶意刷单');
    await userEvent.click(body().getByTestId('ban-submit'));
    await waitFor(() => expect(mock(context).writes).toEqual([{ path: '/api/center_users/accounts/ban/', body: { distinct_id: id, reason: '恶意刷单', expires_at: null } }]), slow);
    await waitFor(() => expect(rowsOf(canvas).find((r) => r.querySelector('code')?.textContent === id)?.textContent).toContain('已封禁'), slow);
  },
};

/** 状态 = 已封禁, then unban one: the list shows the account normal again. */
export const Unban: Story = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('search-status'));
    await userEvent.click(await body().findByRole('option', { name: '已封禁' }, slow));
    await userEvent.click(canvas.getByTestId('accounts-search-submit'));
    await waitFor(() => expect(mock(context).lists.at(-1)?.query.get('status')).toBe('banned'), slow);
    await waitFor(() => expect(rowsOf(canvas).every((r) => (r.textContent ?? '').includes('已封禁'))).toBe(true), slow);
    const count = rowsOf(canvas).length;
    await userEvent.click(within(rowsOf(canvas)[0] as HTMLElement).getByTestId('row-unban'));
    await userEvent.type(await body().findByTestId('ban-reason', {}, slow), '申诉通过');
    await userEvent.click(body().getByTestId('ban-submit'));
    await waitFor(() => expect(mock(context).writes.map((w) => w.path)).toEqual(['/api/center_users/accounts/unban/']), slow);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(count - 1), slow);
  },
};

/** 详情: status, masked bindings, per-game figures, the ban history. */
export const Drawer: Story = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const row = rowsOf(canvas).find((r) => (r.textContent ?? '').includes('已封禁')) as HTMLElement;
    await userEvent.click(within(row).getByTestId('row-view'));
    const detail = await body().findByTestId('account-detail', {}, slow);
    await expect(within(detail).getByTestId('account-drawer-status')).toHaveTextContent('已封禁');
    await expect(within(detail).getByTestId('account-bans')).toHaveTextContent('生效中');
    await expect(within(detail).getByTestId('account-games')).toBeVisible();
  },
};

/** A role without 平台账号's Update: no ban or unban button anywhere. */
export const ReadOnlyRole: Story = {
  parameters: at({}, { readOnly: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await expect(canvas.queryAllByTestId('row-ban')).toEqual([]);
    await expect(canvas.queryAllByTestId('row-unban')).toEqual([]);
    await expect(canvas.getAllByTestId('row-view').length).toBe(20);
  },
};

export const Empty: Story = {
  parameters: at({}, { empty: ['accounts'] }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByTestId('accounts-empty')).toBeVisible(), slow);
  },
};

export const Loading: Story = {
  parameters: at({}, { slow: ['accounts'] }),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByTestId('accounts-table', {}, slow);
    await waitFor(() => expect(table.querySelector('.pi-spin, .p-datatable-loading-icon')).not.toBeNull(), slow);
  },
};

export const Error: Story = shows(at({}, { failing: ['accounts'] }), 'accounts-error', SERVICE_ERROR);

/** A long account id, a long game name and a long ban reason stay in their columns and in the drawer. */
export const LongContent: Story = {
  parameters: at({}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const row = rowsOf(canvas).find((r) => (r.textContent ?? '').includes('player-with-a-very-long-identifier')) as HTMLElement;
    await userEvent.click(within(row).getByTestId('row-view'));
    await expect(await body().findByTestId('account-detail', {}, slow)).toBeVisible();
  },
};

export const English: Story = {
  parameters: at({ language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await expect(canvas.getAllByText('Total paid')[0]).toBeVisible();
    await expect(canvas.getAllByText('Banned').length).toBeGreaterThan(0);
  },
};
