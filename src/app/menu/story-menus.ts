import { menuItem, type MenuItem } from '../../../contracts/schemas';

/** Menu fixtures for the shell stories, built through the contract schema so they cannot drift. */
export function storyMenu(id: number, parent: number | null, name: string, extra: Partial<MenuItem> = {}): MenuItem {
  const component = extra.component ?? '';
  return menuItem.parse({
    id,
    parent,
    icon: 'cog',
    sort: id,
    path: '',
    name,
    title: name,
    is_link: false,
    is_catalog: !component,
    web_path: extra.path ?? '',
    component,
    component_name: component ? (component.split('/')[1] ?? '') : '',
    cache: false,
    visible: true,
    menuPermission: [],
    frame_out: false,
    ...extra,
  });
}

/** A nested section: 系统管理 › (菜单管理, 用户管理, 常规配置 › (系统配置, 字典管理), 日志管理 › 登录日志). */
export const NESTED_MENUS: MenuItem[] = [
  storyMenu(1, null, '系统管理'),
  storyMenu(2, 1, '菜单管理', { path: '/menu', component: 'system/menu', icon: 'bars' }),
  storyMenu(3, 1, '用户管理', { path: '/user', component: 'system/user/index', icon: 'users' }),
  storyMenu(4, 1, '常规配置', { icon: 'cogs' }),
  storyMenu(5, 4, '系统配置', { path: '/config', component: 'system/config/index', icon: 'desktop' }),
  storyMenu(6, 4, '字典管理', { path: '/dictionary', component: 'system/dictionary/index', icon: 'book' }),
  storyMenu(7, 1, '日志管理', { icon: 'history' }),
  storyMenu(8, 7, '登录日志', { path: '/loginLog', component: 'system/log/loginLog/index' }),
  storyMenu(9, 1, '临时入口', { path: '', component: '', is_catalog: false }),
];

/** Many sections, wider than a narrow header. */
export const MANY_SECTIONS: MenuItem[] = Array.from({ length: 12 }, (_, i) => [
  storyMenu(100 + i * 2, null, `业务板块${i + 1}`, { icon: 'folder' }),
  storyMenu(101 + i * 2, 100 + i * 2, `页面${i + 1}`, { path: `/area${i + 1}/page`, component: `area${i + 1}/page` }),
]).flat();

/** The automation section with its English names (server-texts), the longest of the console's menus. */
export const ENGLISH_AUTOMATION_MENUS: MenuItem[] = [
  storyMenu(300, null, 'Automation', { icon: 'tasks' }),
  storyMenu(301, 300, 'Tasks', { path: '/automation/task', component: 'automation/task', icon: 'tasks' }),
  storyMenu(302, 300, 'Schedules', { path: '/automation/schedule', component: 'automation/schedule', icon: 'calendar-check-o' }),
  storyMenu(303, 300, 'Crontab expressions', { path: '/automation/crontab', component: 'automation/crontab', icon: 'clock-o' }),
  storyMenu(304, 300, 'Intervals', { path: '/automation/interval', component: 'automation/interval', icon: 'hourglass-half' }),
  storyMenu(305, 300, 'Page elements', { path: '/automation/webElement', component: 'automation/webElement', icon: 'code' }),
  storyMenu(306, 300, 'Event tracking setup', { icon: 'sliders' }),
  storyMenu(307, 306, 'Attribution details of every campaign', { path: '/advertisement/attribution', component: 'advertisement/attribution', icon: 'crosshairs' }),
];
