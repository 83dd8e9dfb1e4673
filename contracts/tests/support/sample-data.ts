/**
 * The sample data of a fresh instance, as observed on the real back end (API-CONTRACT.md §6-§9).
 * Checked on the embedded server always, and on an external target unless CONTRACT_FIXTURE_DATA=0.
 */

/** `/api/init/settings/` keys and the type of each value. */
export const SETTINGS_TYPES: Record<string, 'boolean' | 'string' | 'string|null'> = {
  'base.captcha_state': 'boolean',
  'base.single_login': 'boolean',
  'base.default_password': 'string',
  'login.site_name': 'string',
  'login.site_logo': 'string|null',
  'login.login_background': 'string|null',
  'login.copyright': 'string',
  'login.keep_record': 'string',
  'login.help_url': 'string',
  'login.privacy_url': 'string',
  'login.clause_url': 'string',
};

/** The enabled dictionaries: key → [id, entries as label=value]. */
export const DICTIONARIES: Record<string, { id: number; entries: string[] }> = {
  button_status_bool: { id: 1, entries: ['启用=true', '禁用=false'] },
  system_button: {
    id: 4,
    entries: ['新增=Create', '编辑=Update', '删除=Delete', '详情=Retrieve', '查询=Search', '保存=Save', '导入=Import', '导出=Export'],
  },
  button_status_number: { id: 13, entries: ['启用=1', '禁用=0'] },
  button_whether_bool: { id: 16, entries: ['是=true', '否=false'] },
  button_whether_number: { id: 19, entries: ['是=1', '否=2'] },
  user_type: { id: 22, entries: ['后台用户=0', '前台用户=1'] },
  config_form_type: {
    id: 25,
    entries: [
      'text=0', 'textarea=3', 'number=10', 'datetime=1', 'date=2', 'time=15', 'select=4', 'checkbox=5', 'radio=6',
      'switch=9', '文件附件=8', '图片(单张)=7', '图片(多张)=12', '数组=11', '关联表=13', '关联表(多选)=14',
    ],
  },
  gender: { id: 42, entries: ['未知=0', '男=1', '女=2'] },
};

export interface SampleMenu {
  id: number;
  parent: number | null;
  sort: number;
  name: string;
  path: string;
  component: string;
  componentName: string;
  catalog: boolean;
  visible: boolean;
  buttons: string[];
}

const CRUD = ['Retrieve', 'Update', 'Search', 'Create', 'Delete'];

/** The 17 enabled menus a superuser gets (API-CONTRACT.md §8). */
export const SUPERUSER_MENUS: SampleMenu[] = [
  { id: 1, parent: null, sort: 1, name: '系统管理', path: '', component: '', componentName: '', catalog: true, visible: true, buttons: [] },
  { id: 2, parent: 1, sort: 1, name: '菜单管理', path: '/menu', component: 'system/menu', componentName: 'menu', catalog: false, visible: true, buttons: CRUD },
  { id: 3, parent: 1, sort: 2, name: '菜单按钮', path: '/menuButton', component: 'system/menuButton/index', componentName: 'menuButton', catalog: false, visible: false, buttons: ['Update', 'Search', 'Create', 'Delete'] },
  { id: 4, parent: 1, sort: 3, name: '部门管理', path: '/dept', component: 'system/dept/index', componentName: 'dept', catalog: false, visible: true, buttons: CRUD },
  { id: 5, parent: 1, sort: 4, name: '角色管理', path: '/role', component: 'system/role/index', componentName: 'role', catalog: false, visible: true, buttons: [...CRUD, 'Save'] },
  {
    id: 6, parent: 1, sort: 6, name: '用户管理', path: '/user', component: 'system/user/index', componentName: 'user', catalog: false, visible: true,
    buttons: ['ResetPassword', 'DefaultPassword', 'Retrieve', 'Update', 'Search', 'Create', 'Export', 'Import', 'Delete'],
  },
  { id: 7, parent: 1, sort: 7, name: '消息中心', path: '/messageCenter', component: 'system/messageCenter/index', componentName: 'messageCenter', catalog: false, visible: true, buttons: CRUD },
  { id: 8, parent: 1, sort: 8, name: '接口白名单', path: '/apiWhiteList', component: 'system/whiteList/index', componentName: 'whiteList', catalog: false, visible: true, buttons: CRUD },
  { id: 9, parent: 1, sort: 9, name: '常规配置', path: '', component: '', componentName: '', catalog: true, visible: true, buttons: [] },
  { id: 10, parent: 9, sort: 0, name: '系统配置', path: '/config', component: 'system/config/index', componentName: 'config', catalog: false, visible: true, buttons: CRUD },
  { id: 11, parent: 9, sort: 1, name: '字典管理', path: '/dictionary', component: 'system/dictionary/index', componentName: 'dictionary', catalog: false, visible: true, buttons: CRUD },
  { id: 12, parent: 9, sort: 2, name: '地区管理', path: '/areas', component: 'system/areas/index', componentName: 'areas', catalog: false, visible: true, buttons: CRUD },
  { id: 13, parent: 9, sort: 3, name: '附件管理', path: '/file', component: 'system/fileList/index', componentName: 'file', catalog: false, visible: true, buttons: ['Retrieve', 'Update', 'Search', 'Delete'] },
  { id: 14, parent: 1, sort: 10, name: '日志管理', path: '', component: '', componentName: '', catalog: true, visible: true, buttons: [] },
  { id: 15, parent: 14, sort: 1, name: '登录日志', path: '/loginLog', component: 'system/log/loginLog/index', componentName: 'loginLog', catalog: false, visible: true, buttons: ['Retrieve', 'Search'] },
  { id: 16, parent: 14, sort: 2, name: '操作日志', path: '/operationLog', component: 'system/log/operationLog/index', componentName: 'operationLog', catalog: false, visible: true, buttons: ['Retrieve', 'Search'] },
  { id: 17, parent: 14, sort: 4, name: '前端错误日志', path: '/frontendLog', component: 'system/log/frontendLog/index', componentName: 'frontendLog', catalog: false, visible: true, buttons: [] },
];

/** `/api/system/dept/all_dept/` rows, in order. */
export const DEPARTMENTS = [
  { name: 'DVAdmin团队', id: 1, parent: null },
  { name: '技术部', id: 3, parent: 1 },
  { name: '运营部', id: 2, parent: 1 },
];

/** The superadmin account of the sample data. */
export const SUPERADMIN = { userId: 1, name: '超级管理员', deptId: 1, deptName: 'DVAdmin团队' };
