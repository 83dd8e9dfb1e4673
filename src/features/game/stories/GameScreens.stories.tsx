import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../../stories/console';
import { gameBackend, type GameMockState } from './game-mocks';
import { SERVICE_ERROR, shows } from '../../../../stories/kit';
import { type PageMeta, type PageStory, body, pageStory, routesOn, shown } from '../../../../stories/kit';

/**
 * The game catalogue's screens as stakeholders see them: each opened at its menu route
 * through the real route table, layout and page registry, signed in as superadmin, on the catalogue's
 * mock back end (stories/game/game-mocks.ts, every answer through the contract schemas).
 */
export default { title: 'Pages/Game', ...routesOn(gameBackend()) } satisfies PageMeta;

type Context = Parameters<typeof storyConsole>[0] & { parameters: Record<string, unknown>; canvasElement: HTMLElement };
const game = (context: Context): GameMockState => (storyBackend(context) as unknown as { game: GameMockState }).game;
const slow = { timeout: 10_000 };

const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelector('td') && !tr.className.includes('emptymessage')) as HTMLElement[];
const headers = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()).filter(Boolean);
const at = (path: string, extra: Record<string, unknown> = {}) => ({ console: { path, signedIn: true, ...extra } });

/** Opens a list screen and checks its headers, its rows' texts and the create dialog's fields. */
function listScreen(path: string, testId: string, want: { headers: string[]; texts: string[]; form?: string[] }): PageStory {
  return {
    parameters: at(path),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const table = await canvas.findByTestId(`${testId}-table`, {}, slow);
      await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), slow);
      const shown = headers(table);
      await expect(shown.filter((h) => want.headers.includes(h))).toEqual(want.headers);
      const text = rowsOf(table).map((tr) => tr.textContent ?? '').join('\n');
      for (const t of want.texts) await expect(text).toContain(t);
      if (want.form) {
        await userEvent.click(canvas.getByTestId('crud-add'));
        const dialog = await body().findByTestId('crud-form', {}, slow);
        for (const key of want.form) await expect(within(dialog).getByTestId(`form-item-${key}`)).toBeInTheDocument();
        await userEvent.click(within(dialog).getByTestId('crud-form-cancel'));
      }
    },
  };
}

export const AndroidGames = listScreen('/game/android', 'game-android', {
  headers: ['图标', '游戏名称', '包名', '最低 SDK 版本', '状态', '合作方', '标签', '当前版本', '版本数'],
  texts: ['星穹远征', 'com.xingchen.xingqiong', '已上线', '测试中', '开发中', '星辰互娱', '热门', '角色扮演', '1.2.0 (120)', '一个名字很长很长的大型多人在线角色扮演游戏国际版'],
  form: ['icon', 'name', 'package_id', 'min_sdk', 'status', 'partner', 'tags', 'description'],
});

export const H5Games: PageStory = {
  ...listScreen('/game/h5', 'game-h5', { headers: ['游戏名称', '游戏代码', '入口地址', '状态'], texts: ['消消乐园', 'h5-xiaoxiao', 'https://h5.example.com/games/xiaoxiao/index.html', '已下线'], form: ['name', 'code', 'url', 'status'] }),
};

/** A bad entry URL is refused in the form with the server's words; nothing is sent. */
export const H5RefusesJavascriptUrl: PageStory = pageStory(at('/game/h5'), shown('game-h5-table'), async (canvas, context) => {
  await userEvent.click(await canvas.findByTestId('crud-add', {}, slow));
  const dialog = await body().findByTestId('crud-form', {}, slow);
  await userEvent.type(within(dialog).getByTestId('form-name'), '坏地址');
  await userEvent.type(within(dialog).getByTestId('form-code'), 'h5-bad');
  await userEvent.type(within(dialog).getByTestId('form-url'), 'javascript:alert(1)');
  await userEvent.click(within(dialog).getByTestId('crud-form-submit'));
  await expect(await within(dialog).findByText('入口地址:只能是 http:// 或 https:// 开头的完整地址。')).toBeVisible();
  await expect(game(context).created).toEqual([]);
});

export const MiniGames = listScreen('/game/mini', 'game-mini', { headers: ['游戏名称', '平台', 'AppID', '状态'], texts: ['跳一跳冒险', '微信', '抖音', 'wx0123456789abcdef'], form: ['name', 'platform', 'app_id'] });

export const SoftApps = listScreen('/game/soft', 'game-soft', { headers: ['游戏名称', '分类', '状态'], texts: ['游戏加速器', '工具', '社交'], form: ['name', 'category'] });

/** A new release: the package is uploaded with progress, the server's SHA-256 shows, the release is saved with its file id. */
export const ReleaseHistory: PageStory = {
  parameters: at('/game/history'),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('history-table', {}, slow);
    await waitFor(() => expect(rowsOf(table).length).toBe(5), slow);
    const text = rowsOf(table).map((tr) => tr.textContent ?? '').join('\n');
    for (const t of ['星穹远征', '1.3.0-beta.1', '已回滚', '当前版本', '未发布', 'xingqiong-1.2.0.apk', '302 MB']) await expect(text).toContain(t);
    // Publish on a draft, roll back on an earlier published one; none on the current.
    const draft = rowsOf(table).find((tr) => tr.textContent?.includes('1.3.0-beta.1')) as HTMLElement;
    await expect(within(draft).getByTestId('row-publish')).toBeVisible();
    const older = rowsOf(table).find((tr) => tr.textContent?.includes('1.1.0')) as HTMLElement;
    await expect(within(older).getByTestId('row-rollback')).toBeVisible();
    await userEvent.click(within(older).getByTestId('row-rollback'));
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    await waitFor(() => expect(game(context).actions).toContain('rollback 102'), slow);

    await userEvent.click(canvas.getByTestId('crud-add'));
    const dialog = await body().findByTestId('crud-form', {}, slow);
    const bytes = new Uint8Array(2048);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    await userEvent.upload(within(dialog).getByTestId('form-file-input'), new File([bytes], 'story-2.0.0.apk'));
    await expect(await within(dialog).findByTestId('form-file-sha256', {}, slow)).toHaveTextContent(/^[0-9a-f]{64}$/);
    await expect(game(context).uploads).toEqual([{ purpose: 'package', name: 'story-2.0.0.apk', size: 2048 }]);
    // A file the server would refuse is refused here: no upload.
    await userEvent.upload(within(dialog).getByTestId('form-file-input'), new File(['text'], 'notes.txt'), { applyAccept: false });
    await expect(await within(dialog).findByTestId('form-file-error')).toHaveTextContent('只能上传 .apk, .aab, .ipa, .zip, .exe, .msi, .dmg, .pkg, .deb, .rpm 文件。');
    await expect(game(context).uploads).toHaveLength(1);
  },
};

/** A non-semantic version is refused in the form, with the server's words. */
export const ReleaseRefusesBadVersion: PageStory = pageStory(at('/game/history'), shown('history-table'), async (canvas, context) => {
  await userEvent.click(await canvas.findByTestId('crud-add', {}, slow));
  const dialog = await body().findByTestId('crud-form', {}, slow);
  await userEvent.type(within(dialog).getByTestId('form-version'), 'v1.2');
  await userEvent.click(within(dialog).getByTestId('crud-form-submit'));
  await expect(await within(dialog).findByText('版本号:应为语义化版本号，例如 1.2.3 或 2.0.0-beta.1。')).toBeVisible();
  await expect(game(context).created).toEqual([]);
});

/** Batches with their redeemed counts; a batch's codes in a dialog, filtered by status; void asks first. */
export const GiftCodes: PageStory = {
  parameters: at('/game/code'),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('code-table', {}, slow);
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4), slow);
    const text = rowsOf(table).map((tr) => tr.textContent ?? '').join('\n');
    for (const t of ['春节礼包', '已兑换 37 / 200', 'XQ2611021234', '短日期 + 4 位随机数', '日期 + 2 位随机数', '已过期', '已作废']) await expect(text).toContain(t);
    const first = rowsOf(table).find((tr) => tr.textContent?.includes('春节礼包')) as HTMLElement;
    await userEvent.click(within(first).getByTestId('row-codes'));
    const dialog = await body().findByTestId('codes-dialog', {}, slow);
    const codes = await within(dialog).findByTestId('codes-table', {}, slow);
    await waitFor(() => expect(rowsOf(codes)).toHaveLength(10), slow);
    await expect(dialog).toHaveTextContent('共 200 条');
    await userEvent.click(within(dialog).getByTestId('codes-export'));
    await waitFor(() => expect(game(context).actions).toContain('export_codes 1'), slow);
    await userEvent.click(dialog.querySelector('.p-dialog-header-close') as HTMLElement);
    await userEvent.click(within(first).getByTestId('row-void'));
    // The confirm dialog fades in (and the codes dialog fades out): wait until the question is actually shown.
    const question = await body().findByText('确定作废批次「春节礼包」吗？未兑换的兑换码将不能再兑换，此操作不能撤销。', {}, slow);
    await waitFor(() => expect(question).toBeVisible(), slow);
    await userEvent.click(body().getByTestId('crud-confirm-ok'));
    await waitFor(() => expect(game(context).actions).toContain('void 1'), slow);
  },
};

/** A batch of more than 100,000 codes is refused in the form. */
export const GiftCodeCountLimit: PageStory = pageStory(at('/game/code'), shown('code-table'), async (canvas, context) => {
  await userEvent.click(await canvas.findByTestId('crud-add', {}, slow));
  const dialog = await body().findByTestId('crud-form', {}, slow);
  const field = within(dialog).getByTestId('form-count');
  const count = (field.tagName === 'INPUT' ? field : field.querySelector('input')) as HTMLInputElement;
  await userEvent.clear(count);
  await userEvent.type(count, '100001');
  await userEvent.click(within(dialog).getByTestId('crud-form-submit'));
  await expect(await within(dialog).findByText('数量:不能大于 100000。')).toBeVisible();
  await expect(game(context).created).toEqual([]);
});

/** The detail of a game: its own tab titled with the game's name, profile, releases, channels, codes, summary. */
export const GameDetail: PageStory = {
  parameters: at('/game/detail?id=1'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('detail-name', {}, slow)).toHaveTextContent('星穹远征');
    await waitFor(() => expect(canvas.getByTestId('tab-bar')).toHaveTextContent('星穹远征'), slow);
    await expect(canvas.getByTestId('detail-package')).toHaveTextContent('com.xingchen.xingqiong');
    await expect(canvas.getByTestId('detail-current-version')).toHaveTextContent('1.2.0');
    await userEvent.click(canvas.getByRole('tab', { name: /版本/ }));
    const releases = await canvas.findByTestId('detail-releases-table', {}, slow);
    await waitFor(() => expect(rowsOf(releases)).toHaveLength(4), slow);
    await userEvent.click(canvas.getByRole('tab', { name: /渠道/ }));
    await expect(await canvas.findByTestId('detail-channels')).toHaveTextContent('华为');
    await userEvent.click(canvas.getByRole('tab', { name: /兑换码/ }));
    const codes = await canvas.findByTestId('detail-codes-table', {}, slow);
    await waitFor(() => expect(rowsOf(codes)).toHaveLength(2), slow);
    await userEvent.click(canvas.getByRole('tab', { name: /数据概况/ }));
    await expect(await canvas.findByTestId('detail-summary')).toHaveTextContent('¥0.00');
  },
};

export const GameDetailNotFound: PageStory = shows(at('/game/detail?id=999'), 'detail-error', '接口地址不正确', slow);

/** One search box over every identifier; each hit opens its screen. */
export const GameQuery: PageStory = {
  parameters: at('/game/query'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('query-input', {}, slow), 'h5-xiaoxiao');
    await userEvent.click(canvas.getByTestId('query-submit'));
    const hit = await canvas.findByTestId('hit-h5', {}, slow);
    await expect(hit).toHaveTextContent('消消乐园');
    await userEvent.clear(canvas.getByTestId('query-input'));
    await userEvent.type(canvas.getByTestId('query-input'), '没有的东西');
    await userEvent.click(canvas.getByTestId('query-submit'));
    await expect(await canvas.findByTestId('query-empty', {}, slow)).toHaveTextContent('没有找到与「没有的东西」相关的内容。');
  },
};

/** Secrets show masked; 查看密钥 asks, then shows the secret once. */
export const SharedAccounts: PageStory = {
  parameters: at('/common/account'),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('account-table', {}, slow);
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4), slow);
    await expect(canvas.getAllByTestId('secret-mask')[0]).toHaveTextContent('••••••••');
    const row = rowsOf(table).find((tr) => tr.textContent?.includes('Google Play 开发者账号')) as HTMLElement;
    await userEvent.click(within(row).getByTestId('row-reveal'));
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    await expect(await body().findByTestId('reveal-secret', {}, slow)).toHaveTextContent('sk_live_story_1_0123456789abcdef');
    await expect(game(context).actions).toContain('reveal 1');
  },
};

export const Tags = listScreen('/common/tag', 'tag', { headers: ['标签名称', '颜色', '效果', '排序', '游戏数'], texts: ['热门', '#f56c6c', '角色扮演'], form: ['name', 'color', 'sort'] });

/** User test: the screens read, no button that changes anything. */
export const ReadOnlyForTest: PageStory = {
  parameters: { ...at('/game/android'), backend: gameBackend({ readOnly: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByTestId('game-android-table', {}, slow);
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), slow);
    await expect(canvas.queryByTestId('crud-add')).toBeNull();
    await expect(canvas.queryByTestId('crud-export')).toBeNull();
    await expect(canvas.queryAllByTestId('row-edit')).toEqual([]);
    await expect(canvas.queryAllByTestId('row-remove')).toEqual([]);
    await expect(canvas.getAllByTestId('row-detail').length).toBeGreaterThan(0);
  },
};

export const ListLoading: PageStory = {
  parameters: { ...at('/game/soft'), backend: gameBackend({ slow: ['game/soft'] }) },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByTestId('game-soft-table', {}, slow);
    await waitFor(() => expect(table.querySelector('.p-datatable-loading-overlay, [data-testid="game-soft-table-loading"], .pi-spin')).not.toBeNull(), slow);
  },
};

export const ListEmpty: PageStory = shows({ ...at('/game/mini'), backend: gameBackend({ empty: ['game/mini'] }) }, 'game-mini-empty', '暂无数据', slow);

export const ListError: PageStory = shows({ ...at('/game/history'), backend: gameBackend({ failing: ['game/history'] }) }, 'history-error', SERVICE_ERROR, slow);

/** The same screen in English (texts from the game locale; menu names are the server's). */
export const AndroidGamesEnglish: PageStory = {
  parameters: at('/game/android', { language: 'en' }),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByTestId('game-android-table', {}, slow);
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), slow);
    await expect(headers(table)).toEqual(expect.arrayContaining(['Icon', 'Game name', 'Package id', 'Min SDK', 'Status', 'Partner', 'Tags', 'Current version']));
    await expect(rowsOf(table).map((tr) => tr.textContent).join('\n')).toContain('Online');
  },
};

