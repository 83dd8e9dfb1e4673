import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../stories/console';
import { trackingBackend, type TrackingMockState } from './tracking-mocks';
import { SERVICE_ERROR, shows, slow } from '../../../../stories/kit';
import { type PageMeta, type PageStory, body, routesOn } from '../../../../stories/kit';

/**
 * 埋点配置 (embed_configure/*): tracking apps, event and global event definitions, funnel
 * definitions, each at its menu route through the real route table, layout and page registry, on the
 * tracking mock back end.
 */
export default { title: 'Pages/Tracking/Config', ...routesOn(trackingBackend()) } satisfies PageMeta;

const mock = (context: { parameters: Record<string, unknown> }): TrackingMockState => (storyBackend(context) as unknown as { tracking: TrackingMockState }).tracking;
const at = (path: string, extra: Record<string, unknown> = {}) => ({ console: { path, signedIn: true, ...extra } });
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelector('td') && !tr.className.includes('emptymessage')) as HTMLElement[];
const headers = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()).filter(Boolean);

async function table(canvasElement: HTMLElement, testId: string): Promise<HTMLElement> {
  const found = await within(canvasElement).findByTestId(`${testId}-table`, {}, slow);
  await waitFor(() => expect(rowsOf(found).length).toBeGreaterThan(0), slow);
  return found;
}

export const TrackingApps: PageStory = {
  parameters: at('/embed_configure/game'),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'tracking-app');
    await expect(headers(list)).toEqual(expect.arrayContaining(['游戏', 'App Key', '密钥', '启用', '最近上报', '近 7 天事件数', '备注']));
    // Each column once: the remark is the common trailing column, not a second one of the page.
    await expect(new Set(headers(list)).size).toBe(headers(list).length);
    const text = rowsOf(list).map((r) => r.textContent).join('\n');
    for (const want of ['星穹远征', 'ak_037f3c9e1b2a4d6f80', '••••3f9a', '184,233', '从未上报', '停用']) await expect(text).toContain(want);
    await expect(text).not.toContain('sk_');
  },
};

/** 重新生成密钥: the confirmation says the old pair stops working; the new pair shows once, with copy buttons and the signing rule. */
export const RegenerateSecret: PageStory = {
  parameters: at('/embed_configure/game'),
  play: async (context) => {
    const list = await table(context.canvasElement, 'tracking-app');
    const first = rowsOf(list)[0] as HTMLElement;
    await userEvent.click(within(first).getByTestId('row-regenerate'));
    const question = await body().findByText(/旧的一对会立即失效/, {}, slow);
    await waitFor(() => expect(question).toBeVisible(), slow);
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    const dialog = await body().findByTestId('credentials-dialog', {}, slow);
    await expect(within(dialog).getByTestId('credentials-app-key')).toHaveTextContent('ak_new_1_5e0d2c41b7a39f16');
    await expect(within(dialog).getByTestId('credentials-secret')).toHaveTextContent('sk_1_9c1f4e7a2b8d6053e1a7c9b4f2d8e6a0');
    await expect(within(dialog).getByTestId('credentials-signing')).toHaveTextContent('X-Signature');
    await expect(within(dialog).getByTestId('credentials-signing')).toHaveTextContent('HMAC-SHA256');
    await waitFor(() => expect(within(dialog).getByTestId('copy-secret')).toBeVisible(), slow);
    await expect(mock(context).regenerated).toEqual([1]);
    await userEvent.click(within(dialog).getByTestId('credentials-close'));
    await waitFor(() => expect(body().queryByTestId('credentials-dialog')).toBeNull());
  },
};

/** A cancelled confirmation regenerates nothing. */
export const RegenerateCancelled: PageStory = {
  parameters: at('/embed_configure/game'),
  play: async (context) => {
    const list = await table(context.canvasElement, 'tracking-app');
    await userEvent.click(within(rowsOf(list)[1] as HTMLElement).getByTestId('row-regenerate'));
    await userEvent.click(await body().findByTestId('crud-confirm-cancel'));
    await expect(mock(context).regenerated).toEqual([]);
  },
};

/** Definitions in use say they can only be disabled and have no delete button; unused ones do. */
export const EventDefinitions: PageStory = {
  parameters: at('/embed_configure/event_define'),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'event-define');
    await expect(headers(list)).toEqual(expect.arrayContaining(['游戏', '事件标识', '显示名称', '属性', '启用', '使用情况']));
    const battle = rowsOf(list).find((r) => r.textContent?.includes('battle_start')) as HTMLElement;
    const gacha = rowsOf(list).find((r) => r.textContent?.includes('gacha')) as HTMLElement;
    await expect(within(battle).getByTestId('define-in-use')).toHaveTextContent('已有数据 · 只能停用');
    await expect(within(battle).queryByTestId('row-remove')).toBeNull();
    await expect(within(gacha).getByTestId('row-remove')).toBeVisible();
    await expect(battle.textContent).toContain('stage*, mode, auto');
  },
};

/** The properties editor refuses bad and repeated names with the rule's words; a good definition is sent as the note says. */
export const CreateEventDefinition: PageStory = {
  parameters: at('/embed_configure/event_define'),
  play: async (context) => {
    await table(context.canvasElement, 'event-define');
    await userEvent.click(within(context.canvasElement).getByTestId('crud-add'));
    const dialog = await body().findByTestId('crud-form', {}, slow);
    const d = within(dialog);
    await userEvent.click(d.getByTestId('form-game'));
    await userEvent.click(await body().findByRole('option', { name: '星穹远征' }));
    await userEvent.type(d.getByTestId('form-event'), 'shop_buy');
    await userEvent.type(d.getByTestId('form-name'), '商店购买');
    await userEvent.click(d.getByTestId('form-properties-add'));
    await userEvent.type(d.getByTestId('form-properties-name-0'), 'Item-ID');
    await userEvent.click(d.getByTestId('crud-form-submit'));
    await expect(await d.findByText(/“Item-ID”只能是小写字母开头/)).toBeInTheDocument();
    await userEvent.clear(d.getByTestId('form-properties-name-0'));
    await userEvent.type(d.getByTestId('form-properties-name-0'), 'item_id');
    await userEvent.click(d.getByTestId('form-properties-required-0'));
    await userEvent.click(d.getByTestId('form-properties-add'));
    await userEvent.type(d.getByTestId('form-properties-name-1'), 'price');
    await userEvent.click(d.getByTestId('form-properties-type-1'));
    await userEvent.click(await body().findByRole('option', { name: '数字' }));
    await userEvent.click(d.getByTestId('crud-form-submit'));
    await waitFor(() => expect(mock(context).created).toHaveLength(1), slow);
    await expect(mock(context).created[0]).toEqual({
      resource: 'event_define',
      body: expect.objectContaining({
        game: 3,
        event: 'shop_buy',
        name: '商店购买',
        enabled: true,
        properties: [
          { name: 'item_id', type: 'string', required: true },
          { name: 'price', type: 'number', required: false },
        ],
      }),
    });
  },
};

export const GlobalEvents: PageStory = {
  parameters: at('/embed_configure/global_event_define'),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'global-event-define');
    await expect(headers(list)).not.toContain('游戏');
    const text = rowsOf(list).map((r) => r.textContent).join('\n');
    for (const want of ['register', 'login', 'session_start', 'session_end', 'pay', 'level_up', 'amount*, currency*, order_id']) await expect(text).toContain(want);
  },
};

export const FunnelDefinitions: PageStory = {
  parameters: at('/embed_configure/funnel_define'),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'funnel-define');
    const text = rowsOf(list).map((r) => r.textContent).join('\n');
    await expect(text).toContain('register → login → battle_start → pay (amount 大于等于 6)');
    await expect(text).toContain('7 天');
    await expect(text).toContain('1 小时');
  },
};

/** Steps from the game's events (own and global), a condition, reordering, the window as number + unit. */
export const CreateFunnel: PageStory = {
  parameters: at('/embed_configure/funnel_define'),
  play: async (context) => {
    await table(context.canvasElement, 'funnel-define');
    await userEvent.click(within(context.canvasElement).getByTestId('crud-add'));
    const dialog = await body().findByTestId('crud-form', {}, slow);
    const d = within(dialog);
    await waitFor(() => expect(d.getByTestId('form-steps-no-game')).toBeVisible(), slow);
    await userEvent.click(d.getByTestId('crud-form-submit'));
    await userEvent.click(d.getByTestId('form-game'));
    await userEvent.click(await body().findByRole('option', { name: '星穹远征' }));
    await userEvent.type(d.getByTestId('form-name'), '抽卡转化');
    await userEvent.click(await d.findByTestId('form-steps-event-0', {}, slow));
    await userEvent.click(await body().findByRole('option', { name: '抽卡 (gacha)' }, slow));
    await userEvent.click(d.getByTestId('form-steps-event-1'));
    await userEvent.click(await body().findByRole('option', { name: '登录 (login)' }));
    await userEvent.click(d.getByTestId('form-steps-up-1'));
    await userEvent.click(d.getByTestId('form-steps-add-filter-1'));
    const filter = d.getByTestId('form-steps-filter-1');
    await userEvent.type(within(filter).getByLabelText('值'), '10');
    await userEvent.click(d.getByTestId('form-steps-add'));
    await userEvent.click(d.getByTestId('crud-form-submit'));
    await expect(await d.findByText('步骤:第 3 步未选择事件。')).toBeInTheDocument();
    await userEvent.click(d.getByTestId('form-steps-remove-2'));
    await userEvent.clear(within(d.getByTestId('form-window_seconds')).getByTestId('form-window_seconds-value').querySelector('input') ?? d.getByTestId('form-window_seconds-value'));
    await userEvent.type(within(d.getByTestId('form-window_seconds')).getByRole('spinbutton'), '2');
    await userEvent.click(d.getByTestId('crud-form-submit'));
    await waitFor(() => expect(mock(context).created).toHaveLength(1), slow);
    await expect(mock(context).created[0]?.body).toEqual(
      expect.objectContaining({
        game: 3,
        name: '抽卡转化',
        steps: [{ event: 'login' }, { event: 'gacha', filters: [{ property: 'pool', op: 'eq', value: '10' }] }],
        window_seconds: 2 * 86_400,
      }),
    );
  },
};

/** A step's filter offers the properties seen on its event in the last 30 days besides the declared ones (declared first). */
export const FunnelFilterSeenProperties: PageStory = {
  parameters: at('/embed_configure/funnel_define'),
  play: async (context) => {
    await table(context.canvasElement, 'funnel-define');
    await userEvent.click(within(context.canvasElement).getByTestId('crud-add'));
    const dialog = await body().findByTestId('crud-form', {}, slow);
    const d = within(dialog);
    await userEvent.click(d.getByTestId('form-game'));
    await userEvent.click(await body().findByRole('option', { name: '星穹远征' }));
    await userEvent.click(await d.findByTestId('form-steps-event-0', {}, slow));
    await userEvent.click(await body().findByRole('option', { name: '抽卡 (gacha)' }, slow));
    await waitFor(() => expect(mock(context).pickerCalls.find((c) => c.report === 'properties')?.query.get('events')).toBe('gacha'), slow);
    await userEvent.click(d.getByTestId('form-steps-add-filter-0'));
    const filter = d.getByTestId('form-steps-filter-0');
    await userEvent.click(filter.querySelector('.p-dropdown') as HTMLElement);
    await waitFor(() => expect(body().getByRole('option', { name: 'os' })).toBeVisible(), slow);
    const names = [...document.querySelectorAll('.p-dropdown-panel li[role="option"]')].map((o) => o.getAttribute('aria-label'));
    await expect(names.slice(0, 4)).toEqual(['pool', 'times', 'cost', 'channel']);
    await userEvent.click(body().getByRole('option', { name: 'os' }));
    await expect(filter).toHaveTextContent('os');
  },
};

/** An unused definition can be deleted (in-use ones have no delete button: EventDefinitions). */
export const DeleteUnused: PageStory = {
  parameters: { ...at('/embed_configure/global_event_define') },
  play: async (context) => {
    const list = await table(context.canvasElement, 'global-event-define');
    const levelUp = rowsOf(list).find((r) => r.textContent?.includes('level_up')) as HTMLElement;
    await userEvent.click(within(levelUp).getByTestId('row-remove'));
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    await waitFor(() => expect(mock(context).deleted).toEqual([{ resource: 'global_event_define', id: 6 }]), slow);
  },
};

export const AppsLoading: PageStory = {
  parameters: { ...at('/embed_configure/game'), backend: trackingBackend({ slow: ['game'] }) },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByTestId('tracking-app-table', {}, slow);
    await waitFor(() => expect(list.querySelector('.p-datatable-loading-overlay, .pi-spin')).not.toBeNull(), slow);
  },
};

export const DefinitionsEmpty: PageStory = shows({ ...at('/embed_configure/event_define'), backend: trackingBackend({ empty: ['event_define'] }) }, 'event-define-empty', '暂无数据');

export const FunnelsError: PageStory = shows({ ...at('/embed_configure/funnel_define'), backend: trackingBackend({ failing: ['funnel_define'] }) }, 'funnel-define-error', SERVICE_ERROR);

export const LongContent: PageStory = {
  parameters: { ...at('/embed_configure/event_define'), backend: trackingBackend({ long: true }) },
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'event-define');
    await expect(rowsOf(list).map((r) => r.textContent).join('\n')).toContain('guild_war_reward_claimed_after_season_settlement');
  },
};

export const TrackingAppsEnglish: PageStory = {
  parameters: at('/embed_configure/game', { language: 'en' }),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'tracking-app');
    await expect(headers(list)).toEqual(expect.arrayContaining(['Game', 'App key', 'Secret', 'Enabled', 'Last event', 'Events (7 days)']));
    await expect(rowsOf(list).map((r) => r.textContent).join('\n')).toContain('Never');
  },
};

export const FunnelDefinitionsEnglish: PageStory = {
  parameters: at('/embed_configure/funnel_define', { language: 'en' }),
  play: async ({ canvasElement }) => {
    const list = await table(canvasElement, 'funnel-define');
    await expect(rowsOf(list).map((r) => r.textContent).join('\n')).toContain('7 days');
    await expect(rowsOf(list).map((r) => r.textContent).join('\n')).toMatch(/1 hour(?!s)/);
  },
};

/** The keyword (game name, app key) and the enabled filter narrow the list (the note's `search` and `enabled`). */
export const SearchApps: PageStory = {
  parameters: at('/embed_configure/game'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await table(canvasElement, 'tracking-app');
    await userEvent.type(canvas.getByTestId('search-search'), '消消');
    await userEvent.click(canvas.getByTestId('tracking-app-search-submit'));
    await waitFor(() => expect(rowsOf(list).map((r) => r.textContent ?? '').join()).not.toContain('星穹远征'), slow);
    await expect(rowsOf(list)).toHaveLength(1);
    await userEvent.click(canvas.getByTestId('tracking-app-search-reset'));
    await userEvent.click(canvas.getByTestId('search-enabled_filter'));
    await userEvent.click(await body().findByRole('option', { name: '停用' }));
    await userEvent.click(canvas.getByTestId('tracking-app-search-submit'));
    // The unfiltered list (after 重置) also holds 跳一跳冒险, the searched one only 消消乐园: wait for the filtered answer, its one row.
    await waitFor(() => expect(rowsOf(list).map((r) => r.textContent ?? '')).toEqual([expect.stringContaining('跳一跳冒险')]), slow);
  },
};
