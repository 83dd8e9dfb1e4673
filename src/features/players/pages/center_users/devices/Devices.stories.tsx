import { expect, userEvent, waitFor } from 'storybook/test';
import { mockDevices, playersBackend } from '../players-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, emptyShown, pageStory, routesOn, rowsOf, rowsShown, tableLoading } from '../../../../../../stories/kit';

/** 设备管理 (center_users/devices): the devices list on the players mock back end. */
export default { title: 'Pages/Players/Devices', ...routesOn(playersBackend()) } satisfies PageMeta;

const PATH = '/center_users/devices';

/** Newest first, 20 a page: device id, model, OS, accounts (shared ones tagged), the accounts themselves; no write buttons. */
export const Devices: PageStory = pageStory(at(PATH), rowsShown('devices-table'), async (canvas, context) => {
  const first = mock(context).lists[0];
  await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-last_seen', '20', '1']);
  const newest = [...mockDevices(false)].sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.id - a.id)[0];
  await expect(rowsOf(canvas, 'devices-table')[0]?.textContent ?? '').toContain(newest?.device_id ?? '?');
  await expect(rowsOf(canvas, 'devices-table')[0]?.textContent ?? '').toContain(newest?.account_list[0]?.distinct_id ?? '?');
  await expect(canvas.queryByTestId('crud-add')).toBeNull();
  await expect(canvas.queryByTestId('row-edit')).toBeNull();
});

/** 多账号设备 = 是: only devices with 2 or more accounts. */
export const SharedOnly: PageStory = pageStory(at(PATH), rowsShown('devices-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('search-shared'));
  await userEvent.click(await body().findByRole('option', { name: '是（2 个及以上账号）' }, slow));
  await userEvent.click(canvas.getByTestId('devices-search-submit'));
  await waitFor(() => expect(mock(context).lists.at(-1)?.get('shared')).toBe('1'), slow);
  const shared = mockDevices(false).filter((d) => d.accounts >= 2).length;
  await waitFor(() => expect(rowsOf(canvas, 'devices-table').length).toBe(shared), slow);
});

/** 导出 (the screen's Export button) sends the list's filters and ordering, without page or limit. */
export const Export: PageStory = pageStory(at(PATH), rowsShown('devices-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('search-shared'));
  await userEvent.click(await body().findByRole('option', { name: '是（2 个及以上账号）' }, slow));
  await userEvent.click(canvas.getByTestId('devices-search-submit'));
  await waitFor(() => expect(mock(context).lists.at(-1)?.get('shared')).toBe('1'), slow);
  await expect(canvas.getByTestId('crud-export')).toHaveTextContent('导出');
  await userEvent.click(canvas.getByTestId('crud-export'));
  await waitFor(() => expect(mock(context).exports).toHaveLength(1), slow);
  const q = mock(context).exports[0];
  await expect([q?.get('shared'), q?.get('ordering'), q?.get('page'), q?.get('limit')]).toEqual(['1', '-last_seen', null, null]);
});

export const Empty: PageStory = emptyShown(at(PATH, {}, { empty: ['devices'] }), 'devices-empty');

export const Loading: PageStory = tableLoading(at(PATH, {}, { slow: ['devices'] }), 'devices-table');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['devices'] }), 'devices-error', SERVICE_ERROR);

/** A long device id and model stay in their columns. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), rowsShown('devices-table'));

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), rowsShown('devices-table'), async (canvas) => {
  await expect(canvas.getByText('Accounts on it')).toBeVisible();
});
