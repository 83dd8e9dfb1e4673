import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../../stories/console';
import { SCREENS, systemBackend, type ScreenDef, type SystemMockState } from './system-mocks';
import { type PageMeta, type PageStory, body, routesOn } from '../../../../stories/kit';

/**
 * The system screens (spec §2.2) as stakeholders see them: each opened at its menu route through the
 * real route table, layout and page registry, signed in as superadmin with every button, on the
 * generic system mock (stories/system/system-mocks.ts).
 */
export default { title: 'Pages/System', ...routesOn(systemBackend()) } satisfies PageMeta;

type Context = Parameters<typeof storyConsole>[0] & { parameters: Record<string, unknown>; canvasElement: HTMLElement };
const system = (context: Context): SystemMockState => (storyBackend(context) as unknown as { system: SystemMockState }).system;
const slow = { timeout: 8000 };

interface Expected {
  /** data-testid of the CRUD page. */
  testId: string;
  /** Column headers, in order (others may sit between them). */
  headers: string[];
  /** The first column's text of each row shown, in order. */
  rows: string[];
  /** Texts somewhere in the rows (values rendered through options, dictionaries, formatters). */
  cells?: string[];
  /** Form items the create dialog shows (omitted: no create check). */
  form?: string[];
  /** More checks for this screen, after the common ones. */
  more?: (context: Context, table: HTMLElement) => Promise<void>;
}

const visibleRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelector('td') && !tr.className.includes('emptymessage')) as HTMLElement[];
const firstCells = (table: HTMLElement, column: number) => visibleRows(table).map((tr) => (tr.querySelectorAll('td')[column]?.textContent ?? '').trim());
const headers = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()).filter(Boolean);

/** Opens the screen's route and checks its columns, rows and (optionally) the create dialog's fields. */
function screen(def: ScreenDef, want: Expected, column = 0): PageStory {
  return {
    parameters: { console: { path: def.path, signedIn: true } },
    play: async (context) => {
      const canvas = within(context.canvasElement);
      const table = await canvas.findByTestId(`${want.testId}-table`, {}, slow);
      await waitFor(() => expect(firstCells(table, column)).toEqual(want.rows), slow);
      const shown = headers(table);
      await expect(shown.filter((h) => want.headers.includes(h))).toEqual(want.headers);
      const text = visibleRows(table).map((tr) => tr.textContent ?? '').join('\n');
      for (const cell of want.cells ?? []) await expect(text).toContain(cell);
      // The tab bar carries the screen's title; the list was asked for once at least.
      await expect(canvas.getByTestId('tab-bar')).toHaveTextContent(def.name);
      await expect(system(context).lists[def.resource]?.length ?? 0).toBeGreaterThan(0);
      if (want.form) {
        await userEvent.click(canvas.getByTestId('crud-add'));
        const dialog = await body().findByTestId('crud-form', {}, slow);
        for (const key of want.form) await expect(within(dialog).getByTestId(`form-item-${key}`)).toBeInTheDocument();
        await userEvent.click(within(dialog).getByTestId('crud-form-cancel'));
        await waitFor(() => expect(body().queryByTestId('crud-form')).toBeNull(), slow);
        await expect(system(context).created).toEqual([]);
      }
      await want.more?.(context, table);
    },
  };
}

// Column 0 of a selectable table is the checkbox (the user's first field is the avatar); tree tables start with their first field.
export const User = screen(
  SCREENS.user,
  {
    testId: 'user',
    headers: ['头像', '用户账号', '姓名', '工号', '所属部门', '关联角色', '电话', '邮箱', '性别', '用户类型', '有效'],
    rows: ['superadmin', 'admin', 'test', ...Array.from({ length: 7 }, (_, i) => `operator0${i + 1}`)],
    cells: ['超级管理员', 'DVAdmin团队', '技术部', '运营专员01', '后台用户'],
    form: ['username', 'password', 'name', 'dept', 'role', 'mobile', 'email', 'gender', 'user_type', 'is_active'],
    // A user created without typing a password carries the configured default (base.default_password):
    // the real back end gives a user created without one no password at all (API-CONTRACT §18).
    more: async (context) => {
      await userEvent.click(within(context.canvasElement).getByTestId('crud-add'));
      const dialog = await body().findByTestId('crud-form', {}, slow);
      await waitFor(() => expect(within(dialog).getByTestId('form-item-password').querySelector('input')).toHaveValue('admin123456'), slow);
      await userEvent.type(within(dialog).getByTestId('form-username'), 'newcomer');
      await userEvent.type(within(dialog).getByTestId('form-name'), '新同事');
      await userEvent.click(within(dialog).getByTestId('crud-form-submit'));
      await waitFor(() => expect(system(context).created).toHaveLength(1), slow);
      await expect(system(context).created[0]).toMatchObject({ resource: 'user', body: { username: 'newcomer', name: '新同事', password: 'admin123456' } });
    },
  },
  2,
);

export const Dept = screen(SCREENS.dept, {
  testId: 'dept',
  headers: ['部门名称', '关联字符', '显示排序', '负责人', '联系电话', '邮箱', '部门状态'],
  rows: ['DVAdmin团队'],
  cells: ['dept1', '张三', '启用'],
  form: ['name', 'key', 'sort', 'owner', 'phone', 'email', 'status', 'parent'],
  // Children load on expand with ?parent=<id>.
  more: async (context, table) => {
    await userEvent.click(table.querySelector('.p-treetable-toggler') as HTMLElement);
    await waitFor(() => expect(firstCells(table, 0)).toEqual(['DVAdmin团队', '技术部', '运营部']), slow);
    await expect(system(context).lists.dept?.at(-1)?.get('parent')).toBe('1');
  },
});

export const Role = screen(
  SCREENS.role,
  {
    testId: 'role',
    headers: ['角色名称', '权限字符', '角色顺序', '角色状态', '是否为admin', '数据权限范围', '备注'],
    rows: ['管理员', '运营', '客服', '财务'],
    cells: ['admin', 'operator', '自定数据权限', '仅本人数据权限', '是', '否'],
    form: ['name', 'key', 'sort', 'status', 'admin', 'remark'],
    // A create goes through the mock's schema (roleRow) and shows up in the list.
    more: async (context, table) => {
      await userEvent.click(within(context.canvasElement).getByTestId('crud-add'));
      const dialog = await body().findByTestId('crud-form', {}, slow);
      await userEvent.type(within(dialog).getByTestId('form-name'), '审核');
      await userEvent.type(within(dialog).getByTestId('form-key'), 'auditor');
      await userEvent.click(within(dialog).getByTestId('crud-form-submit'));
      await waitFor(() => expect(system(context).created).toHaveLength(1), slow);
      await expect(system(context).created[0]).toMatchObject({ resource: 'role', body: { name: '审核', key: 'auditor', sort: 1, status: true, admin: false } });
      await waitFor(() => expect(firstCells(table, 1)[0]).toBe('审核'), slow);
    },
  },
  1,
);

export const Menu = screen(SCREENS.menu, {
  testId: 'menu',
  headers: ['菜单名称', '菜单图标', '显示排序', '是否目录', '路由地址', '组件地址', '菜单状态', '侧边栏中是否显示'],
  rows: ['系统管理', '游戏管理'],
  form: ['name', 'icon', 'sort', 'parent', 'is_catalog', 'is_link', 'web_path', 'component', 'component_name', 'status', 'visible', 'cache', 'frame_out'],
});

/** Rows as the real back end sends them: id, name, value, api, method, menu and nothing else (example 55). */
export const MenuButton = screen(
  SCREENS.menuButton,
  {
    testId: 'menuButton',
    headers: ['关联菜单', '名称', '权限值', '接口地址', '接口请求方法'],
    rows: ['用户管理', '用户管理', '用户管理', '菜单管理'],
    cells: ['Create', '/api/system/user/{id}/', 'POST', 'DELETE', 'GET'],
    form: ['menu', 'name', 'value', 'api', 'method'],
    more: async (_context, table) => {
      // No audit columns, and no empty ones in their place.
      for (const audit of ['创建时间', '修改时间', '创建人', '描述']) await expect(headers(table)).not.toContain(audit);
      await expect(visibleRows(table).map((tr) => tr.textContent ?? '').join('')).not.toMatch(/undefined|null|NaN|Invalid Date/);
    },
  },
  1,
);

export const Dictionary = screen(
  SCREENS.dictionary,
  {
    testId: 'dictionary',
    headers: ['字典名称', '字典编号', '状态', '显示排序', '备注'],
    rows: ['启用-禁用（布尔）', '系统按钮', '是-否（布尔）'],
    cells: ['button_status_bool', 'system_button', 'button_whether_bool'],
    form: ['label', 'value', 'status', 'sort', 'remark'],
  },
  1,
);

export const WhiteList = screen(
  SCREENS.whiteList,
  {
    testId: 'whiteList',
    headers: ['接口地址', '接口请求方法', '激活数据权限'],
    rows: ['/api/system/user/user_info/', '/api/init/settings/', '/api/system/menu/web_router/'],
    cells: ['GET', '是', '否'],
    form: ['url', 'method', 'enable_datasource'],
  },
  1,
);

/**
 * The area tree: provinces at the top (asked with pcode__isnull and level=1), children by `pcode=` on
 * expand, told by `pcode_count` alone (the rows have no hasChild, as on the real back end).
 */
const areaTree = async (context: Context, table: HTMLElement) => {
  const lists = () => system(context).lists.area ?? [];
  await expect(lists()[0]?.get('level')).toBe('1');
  await expect(lists()[0]?.get('pcode__isnull')).toBe('1');
  const togglers = () => [...table.querySelectorAll('tbody tr')].map((tr) => !!tr.querySelector('.p-treetable-toggler:not([style*="hidden"])'));
  // 北京市 has a child (pcode_count 1); 广东省 has none and shows no toggler.
  await waitFor(() => expect(togglers()).toEqual([true, false]), slow);
  await userEvent.click(table.querySelector('.p-treetable-toggler') as HTMLElement);
  await waitFor(() => expect(firstCells(table, 0)).toEqual(['北京市', '市辖区', '广东省']), slow);
  await expect(lists().at(-1)?.get('pcode')).toBe('110000');
};

export const Areas = screen(SCREENS.areas, {
  testId: 'areas',
  headers: ['名称', '地区编码', '地区层级', '拼音', '首字母', '是否启用', '父地区编码'],
  rows: ['北京市', '广东省'],
  cells: ['110000', '440000'],
  form: ['name', 'code', 'level', 'pinyin', 'initials', 'enable', 'pcode'],
  more: areaTree,
});

/** The same screen on a back end that ignores pcode__isnull (API-CONTRACT §17): still the provinces only. */
export const AreasOnTheRealBackEnd: PageStory = {
  ...screen(SCREENS.areas, { testId: 'areas', headers: ['名称', '地区编码'], rows: ['北京市', '广东省'], more: areaTree }),
  parameters: { console: { path: SCREENS.areas.path, signedIn: true }, backend: systemBackend({ ignoredFilters: { area: ['pcode__isnull'] } }) },
};

export const FileList = screen(
  SCREENS.fileList,
  {
    testId: 'fileList',
    headers: ['名称', '文件', 'Mime类型', '文件大小', '引擎', '文件md5'],
    rows: ['banner.png', '运营报表.xlsx'],
    cells: ['image/png', '200 KB', '1.46 MB', 'local', 'd41d8cd98f00b204e9800998ecf8427e'],
  },
  1,
);

export const LoginLog = screen(SCREENS.loginLog, {
  testId: 'loginLog',
  headers: ['登录用户名', '登录ip', '浏览器名', '操作系统', 'agent信息', '登录类型', '国家', '省份', '城市', '运营商'],
  rows: ['superadmin', 'admin'],
  cells: ['10.0.0.12', 'Chrome 131.0', '普通登录', '普通扫码登录', '中国', '电信'],
});

export const OperationLog = screen(
  SCREENS.operationLog,
  {
    testId: 'operationLog',
    headers: ['请求模块', '请求地址', '请求方式', '请求参数', '请求ip地址', '请求浏览器', '操作系统', '响应状态码', '返回信息', '响应状态'],
    rows: ['用户表', '角色管理'],
    cells: ['/api/system/user/', 'POST', 'DELETE', '2000', '4000'],
  },
  1,
);

/** 系统配置: the groups as tabs, each item as its field with the stored value. */
export const Config: PageStory = {
  parameters: { console: { path: SCREENS.config.path, signedIn: true } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const item = await canvas.findByTestId('config-item-base.default_password', {}, slow);
    await expect(canvas.getByText('基础配置')).toBeVisible();
    await expect(item.querySelector('input')).toHaveValue('admin123456');
    await expect(canvas.getByTestId('config-item-base.captcha_state')).toBeInTheDocument();
    await expect(canvas.getByTestId('config-save-base')).toBeVisible();
    await expect(system(context).lists.system_config?.[0]?.get('parent__isnull')).toBe('1');
  },
};
