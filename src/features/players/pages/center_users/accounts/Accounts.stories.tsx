import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { accountsBackend, type AccountsMockOptions, type AccountsMockState } from '../accounts-mocks';
import { SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, emptyShown, pageStory, routesOn, rowsOf, rowsShown, tableLoading } from '../../../../../../stories/kit';

/** 平台账号 (center_users/accounts): accounts, the account drawer, ban and unban, on the accounts mock. */
export default { title: 'Pages/Players/Accounts', ...routesOn(accountsBackend()) } satisfies PageMeta;

const PATH = '/center_users/accounts';
const at = (extra: Record<string, unknown> = {}, backend: AccountsMockOptions = {}) => ({ console: { path: PATH, signedIn: true, ...extra }, backend: accountsBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }): AccountsMockState => (storyBackend(context) as unknown as { accounts: AccountsMockState }).accounts;

/** Newest last day first, 20 a page; banned accounts tagged with the end of the ban; ban on normal rows, unban on banned ones. */
export const Accounts: PageStory = pageStory(at(), rowsShown('accounts-table'), async (canvas, context) => {
  const first = mock(context).lists[0]?.query;
  await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-last_seen', '20', '1']);
  const banned = rowsOf(canvas, 'accounts-table').filter((r) => (r.textContent ?? '').includes('已封禁'));
  await expect(banned.length).toBeGreaterThan(0);
  for (const r of banned) {
    await expect(within(r as HTMLElement).queryByTestId('row-ban')).toBeNull();
    await expect(within(r as HTMLElement).getByTestId('row-unban')).toBeVisible();
  }
  await expect(rowsOf(canvas, 'accounts-table').find((r) => !(r.textContent ?? '').includes('已封禁'))?.textContent).toContain('封禁');
});

/** The reason is required (nothing sent without it); with one, the ban is sent and the row turns banned. */
export const BanNeedsAReason: PageStory = pageStory(at(), rowsShown('accounts-table'), async (canvas, context) => {
  const row = rowsOf(canvas, 'accounts-table').find((r) => !(r.textContent ?? '').includes('已封禁')) as HTMLElement;
  const id = row.querySelector('code')?.textContent ?? '?';
  await userEvent.click(within(row).getByTestId('row-ban'));
  await userEvent.click(await body().findByTestId('ban-submit', {}, slow));
  await expect(await body().findByTestId('ban-problem')).toHaveTextContent('请填写封禁原因');
  await expect(mock(context).writes).toEqual([]);
  await userEvent.type(body().getByTestId('ban-reason'), '恶意刷单');
  await userEvent.click(body().getByTestId('ban-submit'));
  await waitFor(() => expect(mock(context).writes).toEqual([{ path: '/api/center_users/accounts/ban/', body: { distinct_id: id, reason: '恶意刷单', expires_at: null } }]), slow);
  await waitFor(() => expect(rowsOf(canvas, 'accounts-table').find((r) => r.querySelector('code')?.textContent === id)?.textContent).toContain('已封禁'), slow);
});

/** 状态 = 已封禁, then unban one: the list shows the account normal again. */
export const Unban: PageStory = pageStory(at(), rowsShown('accounts-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('search-status'));
  await userEvent.click(await body().findByRole('option', { name: '已封禁' }, slow));
  await userEvent.click(canvas.getByTestId('accounts-search-submit'));
  await waitFor(() => expect(mock(context).lists.at(-1)?.query.get('status')).toBe('banned'), slow);
  await waitFor(() => expect(rowsOf(canvas, 'accounts-table').every((r) => (r.textContent ?? '').includes('已封禁'))).toBe(true), slow);
  const count = rowsOf(canvas, 'accounts-table').length;
  await userEvent.click(within(rowsOf(canvas, 'accounts-table')[0] as HTMLElement).getByTestId('row-unban'));
  await userEvent.type(await body().findByTestId('ban-reason', {}, slow), '申诉通过');
  await userEvent.click(body().getByTestId('ban-submit'));
  await waitFor(() => expect(mock(context).writes.map((w) => w.path)).toEqual(['/api/center_users/accounts/unban/']), slow);
  await waitFor(() => expect(rowsOf(canvas, 'accounts-table').length).toBe(count - 1), slow);
});

/** 详情: status, masked bindings, per-game figures, the ban history. */
export const Drawer: PageStory = pageStory(at(), rowsShown('accounts-table'), async (canvas) => {
  const row = rowsOf(canvas, 'accounts-table').find((r) => (r.textContent ?? '').includes('已封禁')) as HTMLElement;
  await userEvent.click(within(row).getByTestId('row-view'));
  const detail = await body().findByTestId('account-detail', {}, slow);
  await expect(within(detail).getByTestId('account-drawer-status')).toHaveTextContent('已封禁');
  await expect(within(detail).getByTestId('account-bans')).toHaveTextContent('生效中');
  await expect(within(detail).getByTestId('account-games')).toBeVisible();
});

/** 导出 (the screen's Export button) sends the list's filters and ordering, without page or limit. */
export const Export: PageStory = pageStory(at(), rowsShown('accounts-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('search-status'));
  await userEvent.click(await body().findByRole('option', { name: '已封禁' }, slow));
  await userEvent.click(canvas.getByTestId('accounts-search-submit'));
  await waitFor(() => expect(mock(context).lists.at(-1)?.query.get('status')).toBe('banned'), slow);
  await expect(canvas.getByTestId('crud-export')).toHaveTextContent('导出');
  await userEvent.click(canvas.getByTestId('crud-export'));
  await waitFor(() => expect(mock(context).exports).toHaveLength(1), slow);
  const q = mock(context).exports[0];
  await expect([q?.list, q?.query.get('status'), q?.query.get('ordering'), q?.query.get('page'), q?.query.get('limit')]).toEqual(['accounts', 'banned', '-last_seen', null, null]);
  await expect(await body().findByText('导出完成', {}, slow)).toBeVisible();
});

/** A role without the Export button: no 导出. */
export const NoExportRight: PageStory = pageStory(at({}, { noExport: true }), rowsShown('accounts-table'), async (canvas) => {
  await expect(canvas.queryByTestId('crud-export')).toBeNull();
});

/** A role without 平台账号's Update: no ban or unban button anywhere. */
export const ReadOnlyRole: PageStory = pageStory(at({}, { readOnly: true }), rowsShown('accounts-table'), async (canvas) => {
  await expect(canvas.queryAllByTestId('row-ban')).toEqual([]);
  await expect(canvas.queryAllByTestId('row-unban')).toEqual([]);
  await expect(canvas.getAllByTestId('row-view').length).toBe(20);
});

export const Empty: PageStory = emptyShown(at({}, { empty: ['accounts'] }), 'accounts-empty');

export const Loading: PageStory = tableLoading(at({}, { slow: ['accounts'] }), 'accounts-table');

export const Error: PageStory = shows(at({}, { failing: ['accounts'] }), 'accounts-error', SERVICE_ERROR);

/** A long account id, a long game name and a long ban reason stay in their columns and in the drawer. */
export const LongContent: PageStory = pageStory(at({}, { long: true }), rowsShown('accounts-table'), async (canvas) => {
  const row = rowsOf(canvas, 'accounts-table').find((r) => (r.textContent ?? '').includes('player-with-a-very-long-identifier')) as HTMLElement;
  await userEvent.click(within(row).getByTestId('row-view'));
  await expect(await body().findByTestId('account-detail', {}, slow)).toBeVisible();
});

export const English: PageStory = pageStory(at({ language: 'en' }), rowsShown('accounts-table'), async (canvas) => {
  await expect(canvas.getAllByText('Total paid')[0]).toBeVisible();
  await expect(canvas.getAllByText('Banned').length).toBeGreaterThan(0);
});
