import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { storyBackend } from '../../../../../../stories/console';
import { liveBackend, liveSocket, realtimeMock, type LiveMockOptions, type LiveMockState } from '../../../mocks/dashboard-live';
import { shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 实时概况 (dashboard/realtime): figures over REST, then live frames on mock-socket. */
export default { title: 'Pages/Dashboard/Realtime', ...routesOn(liveBackend()) } satisfies PageMeta;

const PATH = '/dashboard/realtime';
const at = (backend: LiveMockOptions = {}, extra: Record<string, unknown> = {}) => ({ console: { path: PATH, signedIn: true, ...extra }, backend: liveBackend(backend) });
const calls = (context: { parameters: Record<string, unknown> }): LiveMockState => (storyBackend(context) as unknown as { live: LiveMockState }).live;

const live = liveSocket();
/** The page subscribes on the socket; a pushed frame (a new login, more players) replaces the figures at once. */
export const LiveFrames: PageStory = pageStory(at({}, { realtime: live.connector }), chartReady('realtime-activity-chart'), async (canvas) => {
  await waitFor(() => expect(live.subscribed()).toBe(true), slow);
  const pushed = realtimeMock({ bump: 40 });
  live.push({ ...pushed, online: 987, top_games: pushed.top_games.map((g, i) => (i === 0 ? { ...g, online: 987 - 104 } : g)) });
  await waitFor(() => expect(canvas.getByTestId('realtime-online-value')).toHaveTextContent('987'), slow);
  await expect(canvas.getByTestId('realtime-logins-value')).toHaveTextContent(String(pushed.logins_per_minute));
  await expect(canvas.getByTestId('realtime-source')).toHaveAttribute('data-source', 'socket');
  await expect(canvas.getByTestId('realtime-source')).toHaveTextContent('实时推送');
  await expect(canvas.getByTestId('realtime-revenue-value')).toHaveTextContent(formatMoney(pushed.revenue_today));
  await expect(canvas.getByTestId('realtime-games')).toHaveTextContent('星穹远征');
});

/** No socket server: the figures come from the REST call and the page says it polls. */
const down = liveSocket({ noServer: true });
export const PollingFallback: PageStory = {
  parameters: at({}, { realtime: down.connector }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('realtime-online-value', {}, slow)).toHaveTextContent(String(realtimeMock().online));
    await expect(canvas.getByTestId('realtime-source')).toHaveAttribute('data-source', 'polling');
    await expect(canvas.getByTestId('realtime-source')).toHaveTextContent('轮询（每 5 秒）');
    await expect(calls(context).realtimeCalls).toBeGreaterThanOrEqual(1);
  },
};

export const Loading: PageStory = shows(at({ slow: ['realtime'] }), 'realtime-state', '加载中…');

export const Empty: PageStory = {
  parameters: at({ empty: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('realtime-games-empty', {}, slow)).toHaveTextContent('近 5 分钟没有玩家在线。');
    await expect(canvas.getByTestId('realtime-online-value')).toHaveTextContent('0');
    await expect(canvas.getByTestId('realtime-revenue-value')).toHaveTextContent(formatMoney(0));
  },
};

export const Error: PageStory = {
  parameters: at({ failing: ['realtime'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('realtime-state')).toHaveTextContent('服务暂不可用，请稍后重试'), slow);
    await userEvent.click(canvas.getByTestId('realtime-state-retry'));
  },
};

/** Long game names: the table wraps them and keeps its number columns. */
export const LongContent: PageStory = {
  parameters: at({ long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByTestId('realtime-games', {}, slow);
    await expect(table).toHaveTextContent('一个名字很长很长的大型多人在线角色扮演游戏国际版');
    await expect(table.scrollWidth).toBeLessThanOrEqual((table.parentElement?.clientWidth ?? 0) + 1);
  },
};

export const English: PageStory = {
  parameters: at({}, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Players online', {}, slow)).toBeVisible();
    await expect(canvas.getByText('Top games now')).toBeVisible();
  },
};
