import type { DeptNode, DictionaryGroup, MenuItem, UserInfo } from '../../contracts/schemas';

/** Sample wire data shaped like API-CONTRACT's captured examples. */
export const sampleUser: UserInfo = {
  id: 1,
  username: 'superadmin',
  name: '超级管理员',
  mobile: '13333333333',
  user_type: 0,
  gender: 1,
  email: 'dvadmin@django-vue-admin.com',
  avatar: null,
  dept: 1,
  is_superuser: true,
  role: [1],
  dept_info: { dept_id: 1, dept_name: 'DVAdmin团队' },
  role_info: [{ id: 1, name: '管理员', key: 'admin' }],
};

export function menuItem(id: number, parent: number | null, name: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    parent,
    icon: 'cog',
    sort: id,
    path: '',
    name,
    title: name,
    is_link: false,
    is_catalog: parent === null,
    web_path: '',
    component: '',
    component_name: '',
    cache: false,
    visible: true,
    menuPermission: [],
    frame_out: false,
    ...extra,
  };
}

export const sampleMenu: MenuItem[] = [
  menuItem(10, 9, '系统配置', { sort: 0, path: '/config', web_path: '/config', component: 'system/config/index' }),
  menuItem(1, null, '系统管理', { sort: 1 }),
  menuItem(2, 1, '菜单管理', { sort: 1, path: '/menu', web_path: '/menu', component: 'system/menu' }),
  menuItem(3, 1, '菜单按钮', { sort: 2, path: '/menuButton', web_path: '/menuButton', component: 'system/menuButton/index', visible: false }),
  menuItem(9, 1, '常规配置', { sort: 9, is_catalog: true }),
  menuItem(20, null, '游戏管理', { sort: 3, icon: 'gamepad' }),
  menuItem(21, null, '隐藏目录', { sort: 2, visible: false }),
];

export const sampleDepts: DeptNode[] = [
  { id: 1, name: 'DVAdmin团队', parent: null },
  { id: 3, name: '技术部', parent: 1 },
  { id: 2, name: '运营部', parent: 1 },
];

export const sampleDictionaries: DictionaryGroup[] = [
  { id: 1, value: 'button_status_bool', children: [{ label: '启用', value: 'true', type: 6, color: null }, { label: '禁用', value: 'false', type: 6, color: null }] },
  { id: 13, value: 'button_status_number', children: [{ label: '启用', value: '1', type: 1, color: null }, { label: '禁用', value: '0', type: 1, color: null }] },
  { id: 4, value: 'system_button', children: [{ label: '新增', value: 'Create', type: 0, color: 'success' }] },
];
