/**
 * Seed menu tree: the 17 system menus of the contract (API-CONTRACT §8, same ids, parents, paths,
 * components and buttons) and one catalog per game-platform area with a leaf per screen
 * (/work/shared/design/GAME-AREAS.md: component strings exactly as listed there).
 */

export type ButtonValue = 'Search' | 'Retrieve' | 'Create' | 'Update' | 'Delete' | 'Export' | 'Import' | 'Save' | 'ResetPassword' | 'DefaultPassword' | 'Publish' | 'Rollback' | 'Void' | 'Redeem' | 'Reveal';

export interface SeedMenu {
  id: number;
  parent: number | null;
  sort: number;
  name: string;
  icon: string;
  /** Leaf: route path; catalog: ''. */
  path: string;
  component: string;
  componentName: string;
  catalog: boolean;
  visible: boolean;
  /** Kept alive while its tab is hidden (menu `cache`). */
  cache: boolean;
  /** API base for the buttons, e.g. /api/system/user/ ('' for catalogs). */
  api: string;
  buttons: ButtonValue[];
}

export const BUTTON_NAMES: Record<ButtonValue, string> = {
  Search: '查询',
  Retrieve: '详情',
  Create: '新增',
  Update: '编辑',
  Delete: '删除',
  Export: '导出',
  Import: '导入',
  Save: '保存',
  ResetPassword: '重置密码',
  DefaultPassword: '重置为默认密码',
  Publish: '发布',
  Rollback: '回滚',
  Void: '作废',
  Redeem: '兑换',
  Reveal: '查看密钥',
};

/** The API a button guards, relative to the menu's base, and its method (0 GET, 1 POST, 2 PUT, 3 DELETE). */
export function buttonApi(base: string, value: ButtonValue): { api: string; method: number } {
  switch (value) {
    case 'Search':
      return { api: base, method: 0 };
    case 'Retrieve':
      return { api: `${base}{id}/`, method: 0 };
    case 'Create':
      return { api: base, method: 1 };
    case 'Update':
    case 'Save':
      return { api: `${base}{id}/`, method: 2 };
    case 'Delete':
      return { api: `${base}{id}/`, method: 3 };
    case 'Export':
      return { api: `${base}export_data/`, method: 1 };
    case 'Import':
      return { api: `${base}import_data/`, method: 1 };
    case 'ResetPassword':
      return { api: `${base}{id}/reset_password/`, method: 2 };
    case 'DefaultPassword':
      return { api: `${base}{id}/reset_to_default_password/`, method: 2 };
    case 'Publish':
      return { api: `${base}{id}/publish/`, method: 2 };
    case 'Rollback':
      return { api: `${base}{id}/rollback/`, method: 2 };
    case 'Void':
      return { api: `${base}{id}/void/`, method: 2 };
    case 'Redeem':
      return { api: `${base}redeem/`, method: 1 };
    case 'Reveal':
      return { api: `${base}{id}/reveal/`, method: 1 };
  }
}

const CRUD: ButtonValue[] = ['Retrieve', 'Update', 'Search', 'Create', 'Delete'];
const READ: ButtonValue[] = ['Search', 'Retrieve'];
const REPORT: ButtonValue[] = ['Search', 'Retrieve', 'Export'];

function catalog(id: number, parent: number | null, sort: number, name: string, icon: string): SeedMenu {
  return { id, parent, sort, name, icon, path: '', component: '', componentName: '', catalog: true, visible: true, cache: false, api: '', buttons: [] };
}

function page(
  id: number,
  parent: number,
  sort: number,
  name: string,
  icon: string,
  path: string,
  component: string,
  componentName: string,
  api: string,
  buttons: ButtonValue[],
  visible = true,
  cache = false,
): SeedMenu {
  return { id, parent, sort, name, icon, path, component, componentName, catalog: false, visible, cache, api, buttons };
}

/** The contract's 17 system menus. */
export const SYSTEM_MENUS: SeedMenu[] = [
  catalog(1, null, 1, '系统管理', 'cog'),
  page(2, 1, 1, '菜单管理', 'navicon', '/menu', 'system/menu', 'menu', '/api/system/menu/', CRUD),
  page(3, 1, 2, '菜单按钮', 'dot-circle-o', '/menuButton', 'system/menuButton/index', 'menuButton', '/api/system/menu_button/', ['Update', 'Search', 'Create', 'Delete'], false),
  page(4, 1, 3, '部门管理', 'bank', '/dept', 'system/dept/index', 'dept', '/api/system/dept/', CRUD),
  page(5, 1, 4, '角色管理', 'user-circle', '/role', 'system/role/index', 'role', '/api/system/role/', [...CRUD, 'Save']),
  page(6, 1, 6, '用户管理', 'users', '/user', 'system/user/index', 'user', '/api/system/user/', ['ResetPassword', 'DefaultPassword', 'Retrieve', 'Update', 'Search', 'Create', 'Export', 'Import', 'Delete']),
  page(7, 1, 7, '消息中心', 'envelope-o', '/messageCenter', 'system/messageCenter/index', 'messageCenter', '/api/system/message_center/', CRUD),
  page(8, 1, 8, '接口白名单', 'compass', '/apiWhiteList', 'system/whiteList/index', 'whiteList', '/api/system/api_white_list/', CRUD),
  catalog(9, 1, 9, '常规配置', 'cogs'),
  page(10, 9, 0, '系统配置', 'desktop', '/config', 'system/config/index', 'config', '/api/system/system_config/', CRUD),
  page(11, 9, 1, '字典管理', 'book', '/dictionary', 'system/dictionary/index', 'dictionary', '/api/system/dictionary/', CRUD),
  page(12, 9, 2, '地区管理', 'map-marker', '/areas', 'system/areas/index', 'areas', '/api/system/area/', CRUD),
  page(13, 9, 3, '附件管理', 'file-o', '/file', 'system/fileList/index', 'file', '/api/system/file/', ['Retrieve', 'Update', 'Search', 'Delete']),
  catalog(14, 1, 10, '日志管理', 'file-text-o'),
  page(15, 14, 1, '登录日志', 'sign-in', '/loginLog', 'system/log/loginLog/index', 'loginLog', '/api/system/login_log/', ['Retrieve', 'Search']),
  page(16, 14, 2, '操作日志', 'history', '/operationLog', 'system/log/operationLog/index', 'operationLog', '/api/system/operation_log/', ['Retrieve', 'Search']),
  page(17, 14, 4, '前端错误日志', 'bug', '/frontendLog', 'system/log/frontendLog/index', 'frontendLog', '', []),
];

/** A screen of an area: its path segment, title, icon, buttons, and when it is hidden or kept alive. */
type AreaScreen = [screen: string, title: string, icon: string, buttons: ButtonValue[], options?: { visible?: boolean; cache?: boolean }];

/** An area: its path segment, title, icon, top-level sort (the system catalog keeps the contract's sort 1), screens. */
type Area = [area: string, title: string, icon: string, sort: number, screens: AreaScreen[]];

/** Game-platform areas, dashboard first. */
const AREAS: Area[] = [
  ['dashboard', '仪表盘', 'dashboard', 0, [
    ['workbench', '工作台', 'th-large', ['Retrieve', 'Update'], { cache: true }],
    ['realtime', '实时概况', 'bolt', ['Retrieve']],
    ['monitor', '服务监控', 'heartbeat', ['Retrieve']],
  ]],
  ['game', '游戏管理', 'gamepad', 2, [
    ['android', '安卓游戏', 'android', [...CRUD, 'Export']],
    ['h5', 'H5 游戏', 'html5', [...CRUD, 'Export']],
    ['mini', '小游戏', 'weixin', [...CRUD, 'Export']],
    ['soft', '软件管理', 'cube', [...CRUD, 'Export']],
    ['code', '兑换码', 'ticket', [...CRUD, 'Export', 'Void', 'Redeem']],
    ['detail', '游戏详情', 'info-circle', ['Retrieve', 'Update'], { visible: false }],
    ['history', '版本历史', 'history', [...CRUD, 'Export', 'Publish', 'Rollback']],
    ['query', '游戏查询', 'search', READ],
  ]],
  ['center_income', '收入中心', 'money', 3, [
    ['overview', '收入概览', 'line-chart', ['Retrieve']],
    ['details', '收入明细', 'list-alt', REPORT],
    ['distribution', '收入分布', 'pie-chart', REPORT],
    ['history', '历史收入', 'calendar', REPORT],
    ['rank', '收入排行', 'trophy', REPORT],
  ]],
  ['center_users', '用户中心', 'user-circle-o', 4, [
    ['accounts', '平台账号', 'id-card-o', ['Search', 'Retrieve', 'Update', 'Export']],
    ['devices', '设备管理', 'mobile', REPORT],
    ['game_users', '游戏用户', 'users', REPORT],
    ['retention', '留存分析', 'area-chart', REPORT],
  ]],
  ['advertisement', '广告投放', 'bullhorn', 5, [
    ['campaign', '广告计划', 'flag', [...CRUD, 'Export']],
    ['attribution', '归因明细', 'crosshairs', REPORT],
  ]],
  ['data_reports', '数据报表', 'table', 6, [
    ['game_stats', '游戏统计', 'bar-chart', REPORT],
    ['user_stats', '用户统计', 'user-plus', REPORT],
  ]],
  ['data_embed', '埋点分析', 'crosshairs', 7, [
    ['event', '事件分析', 'bolt', REPORT],
    ['funnel', '漏斗分析', 'filter', REPORT],
    ['sessions', '会话分析', 'clock-o', REPORT],
  ]],
  ['embed_configure', '埋点配置', 'sliders', 8, [
    ['game', '埋点应用', 'puzzle-piece', CRUD],
    ['event_define', '事件定义', 'tag', CRUD],
    ['global_event_define', '全局事件', 'globe', CRUD],
    ['funnel_define', '漏斗定义', 'filter', CRUD],
  ]],
  ['cooperate', '合作管理', 'handshake-o', 9, [
    ['overview', '合作概览', 'pie-chart', ['Retrieve']],
    ['reports', '合作报表', 'file-excel-o', [...REPORT, 'Update']],
  ]],
  ['automation', '自动化', 'tasks', 10, [
    ['task', '任务管理', 'tasks', CRUD],
    ['schedule', '定时调度', 'calendar-check-o', CRUD],
    ['crontab', 'Crontab 表达式', 'clock-o', CRUD],
    ['interval', '间隔周期', 'hourglass-half', CRUD],
    ['celery', '执行节点', 'server', READ],
    ['webElement', '页面元素', 'code', CRUD],
  ]],
  ['common', '公共资源', 'cubes', 11, [
    ['account', '公共账号', 'key', [...CRUD, 'Export', 'Reveal']],
    ['tag', '标签管理', 'tags', [...CRUD, 'Export']],
  ]],
];

/** Game-area menus get ids from 18 on, in the order above: catalog, then its screens. */
function buildAreaMenus(firstId: number): SeedMenu[] {
  const out: SeedMenu[] = [];
  let id = firstId;
  for (const [area, title, icon, sort, screens] of AREAS) {
    const catalogId = id++;
    out.push(catalog(catalogId, null, sort, title, icon));
    screens.forEach(([screen, name, screenIcon, buttons, options = {}], i) => {
      out.push(page(id++, catalogId, i + 1, name, screenIcon, `/${area}/${screen}`, `${area}/${screen}`, screen, `/api/${area}/${screen}/`, buttons, options.visible ?? true, options.cache ?? false));
    });
  }
  return out;
}

export const AREA_MENUS: SeedMenu[] = buildAreaMenus(18);
export const ALL_MENUS: SeedMenu[] = [...SYSTEM_MENUS, ...AREA_MENUS];

export interface RoleGrant {
  menus: number[];
  /** Granted buttons as [menu id, value]. */
  buttons: Array<[number, ButtonValue]>;
}

/** Role `admin`: every menu except menu and menu-button management, every button except Delete. */
export function adminGrant(): RoleGrant {
  const menus = ALL_MENUS.filter((m) => m.id !== 2 && m.id !== 3);
  return {
    menus: menus.map((m) => m.id),
    buttons: menus.flatMap((m) => m.buttons.filter((b) => b !== 'Delete').map((b): [number, ButtonValue] => [m.id, b])),
  };
}

/** The game catalogue's screens (game/* and common/*): role `public` may look at them, not change them. */
export function catalogueMenus(): SeedMenu[] {
  return AREA_MENUS.filter((m) => !m.catalog && (m.component.startsWith('game/') || m.component.startsWith('common/')));
}

/** Buttons that only read: what the analyst role may press. */
export const READ_ONLY_BUTTONS: ReadonlySet<ButtonValue> = new Set(['Search', 'Retrieve', 'Export']);

/** Areas whose screens are analytics (dashboards, revenue, reports, tracking analysis, partner figures). */
const ANALYTICS_AREAS = ['dashboard', 'center_income', 'data_reports', 'data_embed', 'cooperate'];
/** Analytics and list screens of other areas the analyst reads. */
const ANALYST_SCREENS = ['center_users/game_users', 'center_users/retention', 'advertisement/attribution'];

/**
 * Role `public` (user `test`): a read-only analyst. It sees every analytics screen and a few list
 * screens with their read buttons (search, details, export), and the game catalogue with Search and
 * Retrieve only (no export of gift codes or accounts): no write button anywhere.
 */
export function publicGrant(): RoleGrant {
  const catalogue = catalogueMenus();
  const inCatalogue = new Set(catalogue.map((m) => m.id));
  const analytics = AREA_MENUS.filter(
    (m) => !m.catalog && !inCatalogue.has(m.id) && (ANALYTICS_AREAS.includes(m.component.split('/')[0] ?? '') || ANALYST_SCREENS.includes(m.component)),
  );
  const screens = [...analytics, ...catalogue];
  const catalogs = [...new Set(screens.map((m) => m.parent).filter((id): id is number => id !== null))];
  return {
    menus: [...catalogs, ...screens.map((m) => m.id)],
    buttons: [
      ...analytics.flatMap((m) => m.buttons.filter((b) => READ_ONLY_BUTTONS.has(b)).map((b): [number, ButtonValue] => [m.id, b])),
      ...catalogue.flatMap((m) => m.buttons.filter((b) => b === 'Search' || b === 'Retrieve').map((b): [number, ButtonValue] => [m.id, b])),
    ],
  };
}
