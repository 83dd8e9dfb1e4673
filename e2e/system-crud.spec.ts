import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { test, expect, SUPERADMIN } from './fixtures';

/**
 * The system screens on the reference server, as superadmin: for each screen the list, a
 * search, create, edit and delete through the CRUD page; export where the screen has it. One signed-in
 * page serves the whole file (serial), so the file costs one login.
 */
test.describe.configure({ mode: 'serial' });

type TestServer = Awaited<ReturnType<typeof import('../server/testing').startTestServer>>;

let page: Page;
const pageErrors: string[] = [];

async function signInOnce(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, acceptDownloads: true });
  const p = await context.newPage();
  p.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  const challenges = new Map<string, number>();
  p.on('response', (res) => {
    if (new URL(res.url()).pathname !== '/api/captcha/') return;
    res
      .json()
      .then((body: { data?: { key?: number; image_base?: string } }) => {
        if (body.data?.key !== undefined && body.data.image_base) challenges.set(body.data.image_base, body.data.key);
      })
      .catch(() => undefined);
  });
  await p.goto('/login');
  const img = p.getByTestId('login-captcha-image');
  await expect(img).toBeVisible();
  let key: number | undefined;
  await expect.poll(async () => (key = challenges.get((await img.getAttribute('src')) ?? ''))).toBeDefined();
  const answer = await server.captchaAnswer(key as number);
  await p.getByTestId('login-username').fill(SUPERADMIN.username);
  await p.getByTestId('login-password').fill(SUPERADMIN.password);
  await p.getByTestId('login-captcha').fill(answer ?? '');
  await p.getByTestId('login-submit').click();
  await expect(p.getByTestId('dashboard')).toBeVisible();
  return p;
}

/** Client-side navigation, the way a menu click routes. */
async function open(path: string, testId: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.getByTestId(testId).first()).toBeVisible();
}

/** The visible table of a CRUD page. */
const table = (testId: string) => page.getByTestId(`${testId}-table`).first();
const rowWith = (testId: string, text: string) => table(testId).locator('tr', { hasText: text });

async function fillForm(values: Record<string, string>): Promise<void> {
  const form = page.getByTestId('crud-form');
  for (const [key, value] of Object.entries(values)) await form.getByTestId(`form-${key}`).fill(value);
}

async function submitForm(): Promise<void> {
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
}

async function confirmDelete(testId: string, text: string): Promise<void> {
  await rowWith(testId, text).getByTestId('row-remove').click();
  await page.getByTestId('crud-confirm-ok').click();
  await expect(rowWith(testId, text)).toHaveCount(0);
}

async function search(testId: string, key: string, value: string): Promise<void> {
  const form = page.getByTestId(`${testId}-search`);
  await form.getByTestId(`search-${key}`).fill(value);
  await form.getByTestId(`${testId}-search-submit`).click();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

test.beforeAll(async ({ browser, server }) => {
  page = await signInOnce(browser, server);
});

test.afterAll(async () => {
  await page?.context().close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test('用户管理: list, search, create (client rules first), edit, export, delete', async () => {
  await open('/user', 'user');
  await expect(rowWith('user', 'test')).toBeVisible();
  await expect(rowWith('user', 'admin')).toBeVisible();
  await shot('system-user');

  await page.getByTestId('crud-add').click();
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-username')).toHaveText('用户账号:该字段是必填项。');
  await fillForm({ username: 'e2e_user', name: 'E2E 用户', mobile: '13800000000' });
  await submitForm();
  await expect(rowWith('user', 'e2e_user')).toBeVisible();

  await search('user', 'username', 'e2e_user');
  await expect(table('user').locator('tbody tr')).toHaveCount(1);

  await rowWith('user', 'e2e_user').getByTestId('row-edit').click();
  await fillForm({ name: 'E2E 改名' });
  await submitForm();
  await expect(rowWith('user', 'E2E 改名')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 2).toString(), 'an xlsx file is a zip').toBe('PK');

  await confirmDelete('user', 'e2e_user');
  await page.getByTestId('user-search-reset').click();
  await expect(rowWith('user', 'test')).toBeVisible();
});

/** Create → search → edit → delete on a flat CRUD screen. */
async function crudCycle(testId: string, create: Record<string, string>, searchKey: string, edit: Record<string, string>): Promise<void> {
  const marker = create[searchKey] ?? '';
  await page.getByTestId('crud-add').click();
  await fillForm(create);
  await submitForm();
  await expect(rowWith(testId, marker)).toBeVisible();
  await search(testId, searchKey, marker);
  await expect(table(testId).locator('tbody tr')).toHaveCount(1);
  await rowWith(testId, marker).getByTestId('row-edit').click();
  await fillForm(edit);
  await submitForm();
  await expect(rowWith(testId, Object.values(edit)[0] ?? marker)).toBeVisible();
  await confirmDelete(testId, marker);
  await page.getByTestId(`${testId}-search-reset`).click();
}

test('部门管理: the tree (children on expand), create, search, edit, delete; a department with users is refused', async () => {
  await open('/dept', 'dept');
  const root = rowWith('dept', 'DVAdmin团队');
  await expect(root).toBeVisible();
  await root.locator('button.p-treetable-toggler').click();
  await expect(rowWith('dept', '技术部')).toBeVisible();
  await shot('system-dept');

  await rowWith('dept', '技术部').getByTestId('row-remove').click();
  await page.getByTestId('crud-confirm-ok').click();
  await expect(rowWith('dept', '技术部'), 'a department that still has users stays').toBeVisible();

  await page.getByTestId('crud-add').click();
  await fillForm({ name: 'E2E部门', key: 'e2e_dept' });
  await submitForm();
  await search('dept', 'name', 'E2E部门');
  await expect(rowWith('dept', 'E2E部门')).toBeVisible();
  await rowWith('dept', 'E2E部门').getByTestId('row-edit').click();
  await fillForm({ owner: 'E2E负责人' });
  await submitForm();
  await expect(rowWith('dept', 'E2E负责人')).toBeVisible();
  await confirmDelete('dept', 'E2E部门');
});

test('角色管理: create, search, edit, grant menus and data scope, delete', async () => {
  await open('/role', 'role');
  await expect(rowWith('role', 'public')).toBeVisible();
  await page.getByTestId('crud-add').click();
  await fillForm({ name: 'E2E角色', key: 'e2e_role' });
  await submitForm();
  await search('role', 'key', 'e2e_role');
  await expect(table('role').locator('tbody tr')).toHaveCount(1);
  await rowWith('role', 'e2e_role').getByTestId('row-edit').click();
  await fillForm({ name: 'E2E角色改' });
  await submitForm();
  await expect(rowWith('role', 'E2E角色改')).toBeVisible();

  await rowWith('role', 'e2e_role').getByTestId('row-permission').click();
  const dialog = page.getByTestId('role-permission-dialog');
  await expect(dialog.getByText('系统管理')).toBeVisible();
  await dialog.locator('.p-treenode-content', { hasText: '系统管理' }).locator('.p-checkbox').first().click();
  await shot('system-role-permission');
  await dialog.getByTestId('role-permission-save').click();
  await expect(dialog).toHaveCount(0);
  // Reached again from the role screen (there is no menu entry for rolePermission): the grant was kept.
  await rowWith('role', 'e2e_role').getByTestId('row-permission').click();
  const granted = dialog.locator('.p-treenode-content', { hasText: '系统管理' }).locator('.p-checkbox').first();
  await expect(granted, 'checked (not only partly)').toHaveClass(/p-highlight/);
  await expect(granted).not.toHaveClass(/p-indeterminate/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await confirmDelete('role', 'e2e_role');
});

test('菜单管理 and 菜单按钮: the menu tree, a menu with its buttons, create/edit/delete', async () => {
  await open('/menu', 'menu');
  const sys = rowWith('menu', '系统管理');
  await expect(sys).toBeVisible();
  await sys.locator('button.p-treetable-toggler').click();
  await expect(rowWith('menu', '用户管理')).toBeVisible();
  await rowWith('menu', '用户管理').getByTestId('row-buttons').click();
  await expect(page.getByTestId('menu-buttons-table').getByText('ResetPassword')).toBeVisible();
  await shot('system-menu-buttons');
  await page.keyboard.press('Escape');

  await page.getByTestId('crud-add').first().click();
  await fillForm({ name: 'E2E菜单', web_path: '/e2eMenu', component: 'system/e2e' });
  await submitForm();
  await search('menu', 'name', 'E2E菜单');
  await expect(rowWith('menu', 'E2E菜单')).toBeVisible();
  await rowWith('menu', 'E2E菜单').getByTestId('row-edit').click();
  await fillForm({ component_name: 'e2eMenu' });
  await submitForm();
  await confirmDelete('menu', 'E2E菜单');

  await open('/menuButton', 'menuButton');
  await expect(rowWith('menuButton', 'ResetPassword')).toBeVisible();
  await search('menuButton', 'value', 'DefaultPassword');
  await expect(table('menuButton').locator('tbody tr')).toHaveCount(1);
});

/** Adds a button to a menu row of the (expanded) menu tree through its 按钮 dialog. */
async function addMenuButton(menuName: string, values: Record<string, string>): Promise<void> {
  await rowWith('menu', menuName).getByTestId('row-buttons').click();
  const dialog = page.locator('.p-dialog', { has: page.getByTestId('menu-buttons-table') });
  await dialog.getByTestId('crud-add').click();
  await fillForm(values);
  await submitForm();
  await expect(rowWith('menu-buttons', values.api ?? '')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function exportXlsx(): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync(await download.path()).subarray(0, 2).toString(), 'an xlsx file is a zip').toBe('PK');
}

/** Menus (seed ids, API-CONTRACT §8) whose screens get an Export button through the API, with their routes. */
const EXPORT_BY_API = [
  { menu: 2, api: '/api/system/menu/', path: '/menu', testId: 'menu' },
  { menu: 3, api: '/api/system/menu_button/', path: '/menuButton', testId: 'menuButton' },
  { menu: 4, api: '/api/system/dept/', path: '/dept', testId: 'dept' },
  { menu: 5, api: '/api/system/role/', path: '/role', testId: 'role' },
  { menu: 11, api: '/api/system/dictionary/', path: '/dictionary', testId: 'dictionary' },
  { menu: 12, api: '/api/system/area/', path: '/areas', testId: 'areas' },
  { menu: 16, api: '/api/system/operation_log/', path: '/operationLog', testId: 'operationLog' },
];

test('菜单按钮: Export buttons granted through the menu screen (and the API) open export on every screen; edited and removed again', async ({ server }) => {
  await open('/menu', 'menu');
  // The page's own token, read off its next list call.
  const [listCall] = await Promise.all([
    page.waitForRequest((req) => new URL(req.url()).pathname === '/api/system/menu/' && !!req.headers().authorization),
    page.getByTestId('menu-search-reset').click(),
  ]);
  const headers = { authorization: listCall.headers().authorization ?? '' };
  const added: number[] = [];
  for (const screen of EXPORT_BY_API) {
    const res = await page.request.post(`${server.baseUrl}/api/system/menu_button/`, {
      headers,
      data: { menu: screen.menu, name: '导出', value: 'Export', api: `${screen.api}export_data/`, method: 0 },
    });
    const body = (await res.json()) as { code: number; data: { id: number } };
    expect(body.code, `Export button for menu ${screen.menu}`).toBe(2000);
    added.push(body.data.id);
  }
  await rowWith('menu', '系统管理').locator('button.p-treetable-toggler').click();
  await addMenuButton('接口白名单', { name: '导出', value: 'Export', api: '/api/system/api_white_list/export_data/' });

  // The buttons a user holds come with the menus (web_router), read again on a reload.
  await page.reload();
  await expect(page.getByTestId('menu').first()).toBeVisible();
  await open('/apiWhiteList', 'whiteList');
  await exportXlsx();
  for (const screen of EXPORT_BY_API) {
    await open(screen.path, screen.testId);
    await exportXlsx();
  }
  for (const id of added) {
    const res = await page.request.delete(`${server.baseUrl}/api/system/menu_button/${id}/`, { headers });
    expect(((await res.json()) as { code: number }).code).toBe(2000);
  }

  await open('/menuButton', 'menuButton');
  await search('menuButton', 'api', 'export_data');
  for (const api of await table('menuButton').locator('tbody tr td:nth-child(5)').allTextContents()) expect(api).toContain('export_data');
  await expect(rowWith('menuButton', '/api/system/api_white_list/export_data/').getByText('接口白名单'), 'the menu column names the menu').toBeVisible();
  await rowWith('menuButton', '/api/system/api_white_list/export_data/').getByTestId('row-edit').click();
  await fillForm({ name: '导出白名单' });
  await submitForm();
  await expect(rowWith('menuButton', '导出白名单')).toBeVisible();
  await confirmDelete('menuButton', '/api/system/api_white_list/export_data/');
  await page.getByTestId('menuButton-search-reset').click();
});

test('字典管理: dictionaries and their entries', async () => {
  await open('/dictionary', 'dictionary');
  await expect(rowWith('dictionary', 'button_status_bool')).toBeVisible();
  await crudCycle('dictionary', { label: 'E2E字典', value: 'e2e_dict' }, 'value', { label: 'E2E字典改' });
  // Header filter (column 字典编号): Enter filters the list.
  await table('dictionary').getByTestId('search-value').fill('gender');
  await table('dictionary').getByTestId('search-value').press('Enter');
  await expect(table('dictionary').locator('tbody tr')).toHaveCount(1);
  await rowWith('dictionary', 'gender').getByTestId('row-entries').click();
  const dialog = page.getByTestId('dictionary-entries-dialog');
  await expect(table('dictionary-entries').getByText('未知')).toBeVisible();
  await shot('system-dictionary-entries');
  await dialog.getByTestId('crud-add').click();
  await fillForm({ label: 'E2E性别', value: '9' });
  await submitForm();
  await expect(rowWith('dictionary-entries', 'E2E性别')).toBeVisible();
  await rowWith('dictionary-entries', 'E2E性别').getByTestId('row-edit').click();
  await fillForm({ label: 'E2E性别改' });
  await submitForm();
  await expect(rowWith('dictionary-entries', 'E2E性别改')).toBeVisible();
  await confirmDelete('dictionary-entries', 'E2E性别改');
  await expect(table('dictionary-entries').getByText('未知')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('dictionary-search-reset').click();
});

test('系统配置: settings in tabs, saved with save_content', async () => {
  await open('/config', 'config');
  await expect(page.getByText('基础配置')).toBeVisible();
  await shot('system-config');
  await page.getByTestId('config-save-base').click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
});

test('系统配置: add a group and an item (client rules first), save its value, delete both', async ({ server }) => {
  await open('/config', 'config');
  await page.getByTestId('config-add-group').click();
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-title')).toHaveText('标题:该字段是必填项。');
  await fillForm({ title: 'E2E分组', key: 'base' });
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-key'), 'a group key is unique among the groups').toHaveText('键已存在（同一分组下不能重复）。');
  await fillForm({ key: 'e2e_group' });
  await submitForm();
  await expect(page.locator('.p-tabview-selected', { hasText: 'E2E分组' }), 'the new group opens as a tab').toBeVisible();
  await expect(page.getByTestId('config-group-empty-e2e_group')).toBeVisible();

  await page.getByTestId('config-add-item-e2e_group').click();
  await fillForm({ title: 'E2E配置', key: 'bad-key' });
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-key')).toHaveText('键:只能包含字母、数字和下划线。');
  await fillForm({ key: 'e2e_item', value: 'hello', placeholder: '请输入' });
  await submitForm();
  const item = page.getByTestId('config-item-e2e_group.e2e_item');
  await expect(item.locator('input')).toHaveValue('hello');
  await shot('system-config-new-group');

  await item.locator('input').fill('world');
  await page.getByTestId('config-save-e2e_group').click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  const settings = (await (await page.request.get(`${server.baseUrl}/api/init/settings/`)).json()) as { data: Record<string, unknown> };
  expect(settings.data['e2e_group.e2e_item'], 'the saved value reaches init/settings').toBe('world');

  await page.getByTestId('config-remove-e2e_group.e2e_item').click();
  await page.getByTestId('crud-confirm-ok').click();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('config-group-empty-e2e_group')).toBeVisible();
  await page.getByTestId('config-remove-group-e2e_group').click();
  await page.getByTestId('crud-confirm-ok').click();
  await expect(page.locator('.p-tabview-nav', { hasText: 'E2E分组' })).toHaveCount(0);
});

test('接口白名单: create, search, edit, delete', async () => {
  await open('/apiWhiteList', 'whiteList');
  await expect(rowWith('whiteList', '/api/system/dept_lazy_tree/')).toBeVisible();
  await page.getByTestId('crud-add').click();
  await fillForm({ url: 'api/no-slash/' });
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-url')).toHaveText('接口地址:请以 / 开头。');
  await page.getByTestId('crud-form-cancel').click();
  await crudCycle('whiteList', { url: '/api/e2e/' }, 'url', { url: '/api/e2e/edited/' });
});

test('地区管理: lazy tree and search', async () => {
  await open('/areas', 'areas');
  await expect(table('areas').locator('tbody tr').first()).toBeVisible();
  await shot('system-areas');
  await crudCycle('areas', { name: 'E2E地区', code: '990001', pinyin: 'e2e', initials: 'E' }, 'code', { name: 'E2E地区改' });
});

test('附件管理, 登录日志, 操作日志: lists and search; a file renamed and deleted', async ({ server }) => {
  await open('/file', 'fileList');
  // The screen has no upload (the back end's neither): a file arrives through the upload API, signed in as the page is.
  const [listCall] = await Promise.all([
    page.waitForRequest((req) => new URL(req.url()).pathname === '/api/system/file/' && !!req.headers().authorization),
    page.getByTestId('crud-reload').click(),
  ]);
  const uploaded = await page.request.post(`${server.baseUrl}/api/system/file/`, {
    headers: { authorization: listCall.headers().authorization ?? '' },
    multipart: { file: { name: 'e2e-note.txt', mimeType: 'text/plain', buffer: Buffer.from('e2e attachment') } },
  });
  expect(((await uploaded.json()) as { code: number }).code).toBe(2000);
  await search('fileList', 'name', 'e2e-note');
  await expect(table('fileList').locator('tbody tr')).toHaveCount(1);
  await rowWith('fileList', 'e2e-note.txt').getByTestId('row-edit').click();
  await fillForm({ name: 'e2e-note-renamed.txt' });
  await submitForm();
  await expect(rowWith('fileList', 'e2e-note-renamed.txt')).toBeVisible();
  await confirmDelete('fileList', 'e2e-note-renamed.txt');
  await expect(page.getByTestId('fileList-empty')).toBeVisible();
  await page.getByTestId('fileList-search-reset').click();

  await open('/loginLog', 'loginLog');
  await expect(rowWith('loginLog', 'superadmin').first()).toBeVisible();
  await search('loginLog', 'username', 'superadmin');
  await expect(rowWith('loginLog', 'superadmin').first()).toBeVisible();
  // Header filter (column 登录ip) on top of the search.
  await table('loginLog').getByTestId('search-ip').fill('127.0.0.1');
  await table('loginLog').getByTestId('search-ip').press('Enter');
  await expect(table('loginLog').locator('tbody tr').first()).toContainText('127.0.0.1');
  for (const ip of await table('loginLog').locator('tbody tr td:nth-child(2)').allTextContents()) expect(ip).toBe('127.0.0.1');
  await rowWith('loginLog', 'superadmin').first().getByTestId('row-view').click();
  await expect(page.getByTestId('crud-form')).toBeVisible();
  await page.getByTestId('crud-form-cancel').click();
  await open('/operationLog', 'operationLog');
  await search('operationLog', 'request_path', '/api/system/');
  await expect(table('operationLog').locator('tbody tr').first()).toBeVisible();
  await shot('system-operation-log');
});
