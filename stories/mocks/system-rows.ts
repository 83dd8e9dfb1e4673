import { z } from 'zod';
import {
  apiWhiteListRow,
  areaRow,
  deptRow,
  dictionaryRow,
  fileListRow,
  loginLogRow,
  menuButtonRow,
  menuRow,
  operationLogRow,
  roleRow,
  systemConfigItem,
  systemConfigRow,
  userRow,
  type RoleRow,
  type UserRow,
} from '../../contracts/schemas';

/**
 * Rows of the system resources for the stories, every one passed through its contract schema
 * (contracts/schemas/system), so a change of the wire shapes breaks the mocks instead of letting them drift.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** A stable timestamp per row id (newer ids are newer). */
export const stamp = (id: number) => `2026-11-${pad(1 + (id % 20))} ${pad(8 + (id % 10))}:${pad((id * 7) % 60)}:00`;

/** The common trailing fields of a row (spec §3), created and changed by 超级管理员. */
export const audit = (id: number) => ({
  id,
  description: null,
  creator: 1,
  creator_name: '超级管理员',
  modifier: '1',
  modifier_name: '超级管理员',
  dept_belong_id: '1',
  create_datetime: stamp(id),
  update_datetime: stamp(id),
});

export const roles: RoleRow[] = z.array(roleRow).parse(
  [
    [1, '管理员', 'admin', true],
    [2, '运营', 'operator', false],
    [3, '客服', 'service', false],
    [4, '财务', 'finance', false],
  ].map(([id, name, key, admin]) => ({ ...audit(Number(id)), name, key, sort: Number(id), status: true, admin, data_range: admin ? 4 : 0, remark: null, dept: [], menu: [], permission: [] })),
);

const DEPT_NAMES: Record<number, string> = { 1: 'DVAdmin团队', 2: '运营部', 3: '技术部' };

const user = (id: number, username: string, name: string, dept: number, role: number): UserRow =>
  userRow.parse({
    ...audit(id),
    dept_name: DEPT_NAMES[dept],
    role_info: roles.filter((r) => r.id === role),
    last_login: id <= 3 ? stamp(id + 40) : null,
    is_superuser: id === 1,
    first_name: '',
    last_name: '',
    is_staff: true,
    is_active: id % 7 !== 0,
    date_joined: stamp(id),
    username,
    employee_no: `E${String(1000 + id)}`,
    email: `${username}@example.com`,
    mobile: `138${String(10000000 + id * 1234).slice(0, 8)}`,
    avatar: null,
    name,
    gender: id % 3,
    user_type: 0,
    last_token: null,
    dept,
    groups: [],
    user_permissions: [],
    post: [],
    role: [role],
  });

/** superadmin, admin, test and 22 运营专员 (more than one page of the user picker). */
export const users: UserRow[] = [
  user(1, 'superadmin', '超级管理员', 1, 1),
  user(2, 'admin', '管理员', 1, 1),
  user(3, 'test', '测试人员', 3, 3),
  ...Array.from({ length: 22 }, (_, i) => user(4 + i, `operator${pad(i + 1)}`, `运营专员${pad(i + 1)}`, 2, 2)),
];

const dept = (id: number, name: string, parent: number | null, children: number) =>
  deptRow.parse({ ...audit(id), status_label: '启用', has_children: children, hasChild: children > 0, parent_name: parent ? DEPT_NAMES[parent] : undefined, name, key: `dept${id}`, sort: id, owner: '张三', phone: null, email: null, status: true, parent });
export const depts = [dept(1, 'DVAdmin团队', null, 2), dept(3, '技术部', 1, 0), dept(2, '运营部', 1, 0)];

const menuRowOf = (id: number, parent: number | null, name: string, icon: string, webPath: string | null, component: string | null, children = 0) =>
  menuRow.parse({ ...audit(id), menuPermission: component ? ['Create', 'Update', 'Delete'] : null, hasChild: children > 0, icon, name, sort: id, is_link: false, is_catalog: !component, web_path: webPath, component, component_name: component ? (component.split('/')[1] ?? null) : null, status: true, frame_out: false, cache: false, visible: true, parent });
export const menuRows = [
  menuRowOf(1, null, '系统管理', 'cog', null, null, 2),
  menuRowOf(2, 1, '菜单管理', 'bars', '/menu', 'system/menu/index'),
  menuRowOf(6, 1, '用户管理', 'users', '/user', 'system/user/index'),
  menuRowOf(30, null, '游戏管理', 'gamepad', null, null, 0),
];

export const menuButtons = z.array(menuButtonRow).parse(
  [
    // Menu ids of the screens' menu (stories/system/system-mocks.ts): 101 用户管理, 104 菜单管理.
    [1, 101, '新增', 'Create', '/api/system/user/', 1],
    [2, 101, '编辑', 'Update', '/api/system/user/{id}/', 2],
    [3, 101, '删除', 'Delete', '/api/system/user/{id}/', 3],
    [4, 104, '查询', 'Search', '/api/system/menu/', 0],
    // The real back end's rows: these keys only, no audit columns (API-CONTRACT example 55, §17).
  ].map(([id, menu, name, value, api, method]) => ({ id, menu, name, value, api, method })),
);

const dictionaryOf = (id: number, label: string, value: string, parent: number | null, extra: Record<string, unknown> = {}) =>
  dictionaryRow.parse({ ...audit(id), label, value, type: 0, color: null, is_value: parent !== null, status: true, sort: id, remark: null, parent, ...extra });
export const dictionaryRows = [
  dictionaryOf(1, '启用-禁用（布尔）', 'button_status_bool', null),
  dictionaryOf(2, '启用', 'true', 1, { type: 6, color: 'success' }),
  dictionaryOf(3, '禁用', 'false', 1, { type: 6, color: 'danger' }),
  dictionaryOf(4, '系统按钮', 'system_button', null),
  dictionaryOf(5, '是-否（布尔）', 'button_whether_bool', null),
];

const configAudit = (id: number) => audit(id);
const configItem = (id: number, parent: number, key: string, title: string, value: unknown, type = 0) =>
  systemConfigItem.parse({ ...configAudit(id), parent, key, title, value, sort: id, status: true, data_options: null, form_item_type: type, form_item_type_label: type === 9 ? 'switch' : 'text', rule: [], placeholder: null, setting: null });
export const configGroups = z.array(systemConfigRow).parse([
  {
    ...configAudit(1),
    parent: null,
    key: 'base',
    title: '基础配置',
    value: null,
    sort: 1,
    status: true,
    data_options: null,
    form_item_type: 0,
    form_item_type_label: 'text',
    rule: null,
    placeholder: null,
    setting: null,
    chinldern: [configItem(2, 1, 'captcha_state', '开启验证码', true, 9), configItem(3, 1, 'default_password', '创建用户默认密码', 'admin123456')],
  },
]);

export const whiteListRows = z.array(apiWhiteListRow).parse(
  ['/api/system/user/user_info/', '/api/init/settings/', '/api/system/menu/web_router/'].map((url, i) => ({ ...audit(i + 1), url, method: 0, enable_datasource: i % 2 === 0 })),
);

const area = (id: number, name: string, code: string, level: number, pcode: string | null, children: number) =>
  areaRow.parse({ ...audit(id), pcode_count: children, name, code, level, pinyin: `pinyin${id}`, initials: name.slice(0, 1), enable: true, pcode });
/** Ordered by code as the real back end lists them (a province, then its cities and districts). */
export const areaRows = [
  area(1, '北京市', '110000', 1, null, 1),
  area(2, '市辖区', '110100', 2, '110000', 1),
  area(4, '东城区', '110101', 3, '110100', 0),
  area(3, '广东省', '440000', 1, null, 0),
];

export const fileRows = z.array(fileListRow).parse([
  { ...audit(1), name: 'banner.png', url: 'media/files/ab/banner.png', file_url: '/media/files/ab/banner.png', engine: 'local', mime_type: 'image/png', size: 204800, md5sum: 'd41d8cd98f00b204e9800998ecf8427e' },
  { ...audit(2), name: '运营报表.xlsx', url: 'media/files/cd/report.xlsx', file_url: '/media/files/cd/report.xlsx', engine: 'local', mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: 1536000, md5sum: '9e107d9d372bb6826bd81d3542a419d6' },
]);

const place = { continent: '亚洲', country: '中国', province: '北京', city: '北京市', district: null, isp: '电信', area_code: null, country_english: 'China', country_code: 'CN', longitude: null, latitude: null };
export const loginLogRows = z.array(loginLogRow).parse([
  { ...audit(1), username: 'superadmin', ip: '10.0.0.12', agent: 'Mozilla/5.0', browser: 'Chrome 131.0', os: 'Windows 10', ...place, login_type: 1 },
  { ...audit(2), username: 'admin', ip: '10.0.3.40', agent: 'Mozilla/5.0', browser: 'Safari 17.5', os: 'Mac OS X', ...place, login_type: 2 },
]);

export const operationLogRows = z.array(operationLogRow).parse([
  { ...audit(1), request_modular: '用户表', request_path: '/api/system/user/', request_body: '{"username":"new"}', request_method: 'POST', request_msg: null, request_ip: '10.0.0.12', request_browser: 'Chrome 131.0', response_code: '2000', request_os: 'Windows 10', json_result: '{"code":2000,"msg":"新增成功"}', status: true },
  { ...audit(2), request_modular: '角色管理', request_path: '/api/system/role/4/', request_body: '{}', request_method: 'DELETE', request_msg: null, request_ip: '10.0.0.12', request_browser: 'Chrome 131.0', response_code: '4000', request_os: 'Windows 10', json_result: '{"code":4000,"msg":"无权限"}', status: false },
]);
