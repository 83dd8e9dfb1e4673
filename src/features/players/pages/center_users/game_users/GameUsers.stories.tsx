import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { accountsBackend, mockEvents, mockSessions, type AccountsMockOptions, type AccountsMockState } from '../accounts-mocks';
import { SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, emptyShown, routesOn, rowsOf, tableLoading } from '../../../../../../stories/kit';

/** 游戏用户 (center_users/game_users): players per game and the player drawer's four views. */
export default { title: 'Pages/Players/GameUsers', ...routesOn(accountsBackend()) } satisfies PageMeta;

const PATH = '/center_users/game_users';
const at = (extra: Record<string, unknown> = {}, backend: AccountsMockOptions = {}) => ({ console: { path: PATH, signedIn: true, ...extra }, backend: accountsBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }): AccountsMockState => (storyBackend(context) as unknown as { accounts: AccountsMockState }).accounts;

async function openFirst(context: { canvasElement: HTMLElement; parameters: Record<string, unknown> }) {
  const canvas = within(context.canvasElement);
  await waitFor(() => expect(rowsOf(canvas, 'game-users-table').length).toBe(20), slow);
  await userEvent.click(within(rowsOf(canvas, 'game-users-table')[0] as HTMLElement).getByTestId('row-view'));
  const view = mock(context).lists[0]?.query;
  await expect(view?.get('ordering')).toBe('-last_seen');
  const key = await waitFor(() => {
    const q = mock(context).views.find((v) => v.view === 'detail')?.query;
    expect(q).toBeDefined();
    return { game: Number(q?.get('game')), id: q?.get('distinct_id') ?? '' };
  }, slow);
  return key;
}

/** Detail: the event count of the raw mock events; the behaviour track newest first, paged, filtered by event. */
export const DetailAndTrack: PageStory = {
  parameters: at(),
  play: async (context) => {
    const { game, id } = await openFirst(context);
    const events = mockEvents(game, id);
    await expect(await body().findByTestId('game-user-events', {}, slow)).toHaveTextContent(String(events.length));
    await userEvent.click(body().getByTestId('game-user-tab-track'));
    const track = await body().findByTestId('game-user-track', {}, slow);
    await waitFor(() => expect(track.querySelectorAll('tbody tr').length).toBe(20), slow);
    await expect(track.querySelector('tbody tr')?.textContent).toContain(events.at(-1)?.event ?? '?');
    await userEvent.click(body().getByTestId('track-event'));
    await userEvent.click(await body().findByRole('option', { name: 'level_up' }, slow));
    await userEvent.click(body().getByTestId('track-apply'));
    await waitFor(() => expect(mock(context).views.filter((v) => v.view === 'track').at(-1)?.query.get('event')).toBe('level_up'), slow);
    await waitFor(() => expect(track.querySelectorAll('tbody tr').length).toBe(events.filter((e) => e.event === 'level_up').length), slow);
  },
};

/** Sessions: the count and the rows equal the documented rule applied to the raw mock events. */
export const Sessions: PageStory = {
  parameters: at(),
  play: async (context) => {
    const { game, id } = await openFirst(context);
    await userEvent.click(await body().findByTestId('game-user-tab-sessions', {}, slow));
    const expected = mockSessions(mockEvents(game, id));
    await expect(expected.length).toBeGreaterThan(10);
    await waitFor(() => expect(body().getByTestId('sessions-count')).toHaveTextContent(String(expected.length)), slow);
    const q = mock(context).views.find((v) => v.view === 'sessions')?.query;
    await expect([q?.get('page'), q?.get('limit')]).toEqual(['1', '20']);
    await expect(body().getByText(/30 分钟及以上/)).toBeVisible();
  },
};

/** Device profile: models and devices with the other accounts on them. */
export const DeviceProfile: PageStory = {
  parameters: at(),
  play: async (context) => {
    await openFirst(context);
    await userEvent.click(await body().findByTestId('game-user-tab-devices', {}, slow));
    const devices = await body().findByTestId('game-user-devices', {}, slow);
    await expect(devices).toHaveTextContent('HUAWEI Mate 60');
    await expect(devices).toHaveTextContent('p-1044（消消乐园）');
    await expect(devices).toHaveTextContent('注册设备');
  },
};

/** A failing view shows its error in the drawer; the other views still work. */
export const ViewError: PageStory = {
  parameters: at({}, { failing: ['sessions'] }),
  play: async (context) => {
    await openFirst(context);
    await userEvent.click(await body().findByTestId('game-user-tab-sessions', {}, slow));
    await expect(await body().findByTestId('game-user-sessions-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
    await userEvent.click(body().getByTestId('game-user-tab-devices'));
    await expect(await body().findByTestId('game-user-devices', {}, slow)).toBeVisible();
  },
};

/** A player without events: the views say so. */
export const EmptyViews: PageStory = {
  parameters: at({}, { empty: ['track', 'devices', 'sessions'] }),
  play: async (context) => {
    await openFirst(context);
    await userEvent.click(await body().findByTestId('game-user-tab-track', {}, slow));
    await expect(await body().findByText('没有符合条件的事件', {}, slow)).toBeVisible();
    await userEvent.click(body().getByTestId('game-user-tab-devices'));
    await expect(await body().findByText(/没有携带设备信息/, {}, slow)).toBeVisible();
    await userEvent.click(body().getByTestId('game-user-tab-sessions'));
    await expect(await body().findByText('所选日期范围内没有会话', {}, slow)).toBeVisible();
  },
};

/** 导出 (the screen's Export button) sends the list's filters and ordering, without page or limit. */
export const Export: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas, 'game-users-table').length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('search-status'));
    await userEvent.click(await body().findByRole('option', { name: '已封禁' }, slow));
    await userEvent.click(canvas.getByTestId('game-users-search-submit'));
    await waitFor(() => expect(mock(context).lists.at(-1)?.query.get('status')).toBe('banned'), slow);
    await userEvent.click(canvas.getByTestId('crud-export'));
    await waitFor(() => expect(mock(context).exports).toHaveLength(1), slow);
    const q = mock(context).exports[0];
    await expect([q?.list, q?.query.get('status'), q?.query.get('ordering'), q?.query.get('page'), q?.query.get('limit')]).toEqual(['game_users', 'banned', '-last_seen', null, null]);
  },
};

/** A role without the Export button: no 导出. */
export const NoExportRight: PageStory = {
  parameters: at({}, { noExport: true }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas, 'game-users-table').length).toBe(20), slow);
    await expect(canvas.queryByTestId('crud-export')).toBeNull();
  },
};

export const Empty: PageStory = emptyShown(at({}, { empty: ['game_users'] }), 'game-users-empty');

export const Loading: PageStory = tableLoading(at({}, { slow: ['game_users'] }), 'game-users-table');

export const Error: PageStory = shows(at({}, { failing: ['game_users'] }), 'game-users-error', SERVICE_ERROR);

/** Long ids, game names and device models stay in their columns and in the drawer. */
export const LongContent: PageStory = {
  parameters: at({}, { long: true }),
  play: async (context) => {
    await openFirst(context);
    await userEvent.click(await body().findByTestId('game-user-tab-devices', {}, slow));
    await expect(await body().findByTestId('game-user-devices', {}, slow)).toHaveTextContent('Pro Max Ultra');
  },
};

export const English: PageStory = {
  parameters: at({ language: 'en' }),
  play: async (context) => {
    await openFirst(context);
    await expect(await body().findByText('Behaviour track', {}, slow)).toBeVisible();
    await userEvent.click(body().getByTestId('game-user-tab-sessions'));
    await expect(await body().findByText(/30 minutes or more/, {}, slow)).toBeVisible();
  },
};
