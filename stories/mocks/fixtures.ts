import { z } from 'zod';
import {
  type EnvelopeMsg,
  captchaResult,
  attachmentTotalResult,
  loginTotalResult,
  registeredUserTrend,
  usersTotalResult,
  deptNode,
  dictionaryGroup,
  envelope,
  listPage,
  loginResult,
  loginTrend,
  menuItem,
  recentLogin,
  settings,
  userInfo,
  type MenuItem,
} from '../../contracts/schemas';
import { CAPTCHA_CHALLENGES } from './captcha-images';
import { sampleUser } from '../../src/test/samples';

/**
 * Mock data for the stories, every piece passed through the contract schemas (schema.parse), so a
 * change of the wire shapes breaks the mocks at once instead of letting them drift.
 */

export const ACCESS_TOKEN = 'story-access-token';
export const REFRESHED_ACCESS_TOKEN = 'story-access-token-2';
export const REFRESH_TOKEN = 'story-refresh-token';
export const PASSWORD = 'admin123456';
export const PASSWORD_MD5 = 'a66abb5684c45962d887564f08346e8d';

/** The cookies of a signed-in session, by cookie name. */
export const SIGNED_IN_COOKIES = { uuid: '1', token: ACCESS_TOKEN, refresh: REFRESH_TOKEN } as const;

/** The same superadmin as the unit tests' sample (contract example 39), checked by the schema. */
export const superadmin = userInfo.parse(sampleUser);

export const loginData = loginResult.parse({
  refresh: REFRESH_TOKEN,
  access: ACCESS_TOKEN,
  name: superadmin.name,
  userId: superadmin.id,
  avatar: null,
  user_type: 0,
  dept_info: superadmin.dept_info,
  role_info: superadmin.role_info,
});

export const settingsData = (captchaOn: boolean) =>
  settings.parse({
    'base.captcha_state': captchaOn,
    'base.single_login': false,
    'login.site_name': '企业级后台管理系统',
    'base.default_password': 'admin123456',
    'login.site_logo': null,
    'login.login_background': null,
    'login.copyright': '2021-2026 游戏平台 版权所有',
    'login.keep_record': '京ICP备00000000号',
    'login.help_url': '#',
    'login.privacy_url': '#',
    'login.clause_url': '#',
  });

export const captchaChallenge = (key: number) => {
  const challenge = CAPTCHA_CHALLENGES[key % CAPTCHA_CHALLENGES.length] ?? CAPTCHA_CHALLENGES[0];
  return captchaResult.parse({ key, image_base: challenge?.image });
};
export const captchaAnswer = (key: number) => CAPTCHA_CHALLENGES[key % CAPTCHA_CHALLENGES.length]?.answer ?? '';
export const captchaOff = captchaResult.parse({});

export const dictionaries = z.array(dictionaryGroup).parse([
  { id: 1, value: 'button_status_bool', children: [{ label: '启用', value: 'true', type: 6, color: null }, { label: '禁用', value: 'false', type: 6, color: null }] },
  { id: 4, value: 'system_button', children: [{ label: '新增', value: 'Create', type: 0, color: 'success' }, { label: '编辑', value: 'Update', type: 0, color: 'primary' }] },
  { id: 13, value: 'button_status_number', children: [{ label: '启用', value: '1', type: 1, color: null }, { label: '禁用', value: '0', type: 1, color: null }] },
]);

const menu = (id: number, parent: number | null, name: string, icon: string, path = '', component = ''): MenuItem =>
  menuItem.parse({
    id,
    parent,
    icon,
    sort: id,
    path,
    name,
    title: name,
    is_link: false,
    is_catalog: !component,
    web_path: path,
    component,
    component_name: component ? (component.split('/')[1] ?? '') : '',
    cache: false,
    visible: true,
    menuPermission: component ? ['Retrieve', 'Search'] : [],
    frame_out: false,
  });

/** One entry of a feature mock's menu tree: a plain page entry unless `extra` says otherwise (a catalogue, a path, buttons). */
export const menuEntry = (id: number, parent: number | null, name: string, extra: Partial<MenuItem>) =>
  menuItem.parse({ id, parent, icon: 'list', sort: id, path: '', name, title: name, is_link: false, is_catalog: false, web_path: '', component: '', component_name: '', cache: false, visible: true, menuPermission: [], frame_out: false, ...extra });

export const menus: MenuItem[] = [
  menu(1, null, '系统管理', 'cog'),
  menu(2, 1, '菜单管理', 'bars', '/menu', 'system/menu'),
  menu(6, 1, '用户管理', 'users', '/user', 'system/user/index'),
  menu(30, null, '游戏管理', 'gamepad'),
  menu(31, 30, '安卓游戏', 'android', '/game/android', 'game/android/index'),
  menu(40, null, '收入中心', 'money'),
  menu(41, 40, '收入概览', 'line-chart', '/income/overview', 'center_income/overview/index'),
];

export const departments = z.array(deptNode).parse([
  { id: 1, name: 'DVAdmin团队', parent: null },
  { id: 3, name: '技术部', parent: 1 },
  { id: 2, name: '运营部', parent: 1 },
]);

/** The datav answers in the real back end's keys (API-CONTRACT §17); the reference server answers the same. */
export const counts = {
  users: usersTotalResult.parse({ users_total: 3 }),
  logins: loginTotalResult.parse({ login_total: 128 }),
  attachments: attachmentTotalResult.parse({ count: 42, occupy_space: '18.64 MB' }),
};

/** `n` consecutive days ending on `last` ("YYYY-MM-DD"), oldest first, with the given counts. */
function daySeries(last: string, values: number[]): Array<{ day: string; count: number }> {
  const end = Date.parse(`${last}T00:00:00Z`);
  return values.map((count, i) => ({ day: new Date(end - (values.length - 1 - i) * 86_400_000).toISOString().slice(0, 10), count }));
}

/** 30 days (as both servers send), the last 7 summing to 63. */
export const trend = loginTrend.parse({
  login_user: daySeries('2026-11-21', [3, 0, 5, 2, 8, 1, 0, 0, 6, 4, 2, 9, 3, 1, 0, 7, 5, 2, 3, 4, 6, 2, 1, 4, 9, 6, 12, 7, 15, 10]),
});

/** New users over the same 30 days: 5 in all. */
export const registered = registeredUserTrend.parse({
  registered_user_list: daySeries('2026-11-21', [0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]),
});

export const recentLogins = z.array(recentLogin).parse([
  { username: 'superadmin', ip: '10.0.0.12', browser: 'Chrome 131.0', os: 'Windows 10', create_datetime: '2026-11-21 09:41:07' },
  { username: 'admin', ip: '10.0.3.40', browser: 'Safari 17.5', os: 'Mac OS X 10.15.7', create_datetime: '2026-11-21 09:12:55' },
  { username: 'test', ip: '192.168.7.247', browser: 'Edge 125.0', os: 'Windows 11', create_datetime: '2026-11-20 18:03:21' },
]);

/** Wraps data in the success envelope, checked against the data's schema. */
export function ok<T extends z.ZodType>(schema: T, data: z.input<T>, msg = 'success') {
  return envelope(schema).parse({ code: 2000, msg, data });
}

/** A failure envelope (code other than 2000, data null); `msg` in any shape of the contract (string, token object, field error list). */
export function failure(code: number, msg: EnvelopeMsg) {
  return envelope(z.null()).parse({ code, msg, data: null });
}

export const wrapList = <T extends z.ZodType>(row: T, rows: z.input<T>[]) => listPage(row).parse({ page: 1, limit: 1, total: rows.length, data: rows });
