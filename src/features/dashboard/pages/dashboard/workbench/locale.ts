import { useTranslation } from 'react-i18next';

/**
 * Texts of the workbench (issue 17 §8), loaded with the page's chunk (not the login page's):
 * useWorkbenchTexts() adds them on first use.
 */
const zhChs = {
  title: '工作台',
  edit: '编辑布局',
  refresh: '刷新',
  save: '保存布局',
  cancel: '取消',
  reset: '恢复默认',
  add: '添加小组件',
  remove: '移除',
  dragHint: '拖动标题栏移动小组件，拖动右下角调整大小；保存后在任何浏览器都生效。',
  saved: '布局已保存',
  unsaved: '有未保存的修改',
  defaultLayout: '默认布局',
  loadFailed: '工作台布局加载失败：{{error}}',
  retry: '重试',
  empty: '工作台上还没有小组件。',
  emptyEdit: '从上方的小组件库添加小组件。',
  loading: '加载中…',
  failed: '加载失败',
  full: '已放置',
  kinds: {
    welcome: '欢迎',
    counts: '关键数据',
    shortcuts: '常用页面',
    logins: '我的登录记录',
    messages: '我的消息',
    trend: '活跃趋势',
    realtime: '实时概况',
  },
  kindHints: {
    welcome: '姓名、角色、上次登录与日期',
    counts: '用户、登录、附件等总数',
    shortcuts: '您最常打开的页面',
    logins: '您最近的登录',
    messages: '最新消息与未读数',
    trend: '近 30 天登录与新增用户（可放置多个）',
    realtime: '在线玩家、每分钟登录与支付、今日收入（实时推送）',
  },
  welcome: {
    hello: '您好，{{name}}',
    lastLogin: '上次登录：{{time}}（{{ip}}）',
    firstLogin: '这是您的首次登录',
    today: '今天是 {{date}}',
    roles: '角色：{{roles}}',
    noRole: '未分配角色',
  },
  counts: { users: '用户总数', logins: '登录总数', attachments: '附件总数', newUsers: '30 天新增用户' },
  shortcuts: { filter: '筛选常用页面', empty: '打开一些页面后，这里会列出您最常用的页面。', noMatch: '没有匹配的页面', visits: '打开 {{count}} 次' },
  logins: { empty: '暂无登录记录', unknown: '未知' },
  messages: { unread: '未读 {{count}} 条', empty: '暂无消息', all: '全部消息', unreadTag: '未读' },
  trend: { logins: '登录次数', registered: '新增用户', label: '近 30 天登录与新增用户', empty: '暂无数据' },
  // issue 17 rest
  realtime: {
    online: '在线玩家',
    logins: '登录/分',
    payments: '支付/分',
    revenue: '今日收入',
    loginsSeries: '登录',
    paymentsSeries: '支付',
    label: '最近 {{n}} 分钟每分钟的登录与支付',
    socket: '实时推送',
    polling: '轮询',
    updated: '更新于 {{time}}',
    empty: '最近一小时没有登录或支付。',
    failed: '实时数据加载失败：{{error}}',
    open: '打开实时概况',
  },
};

const en: typeof zhChs = {
  title: 'Workbench',
  edit: 'Edit layout',
  refresh: 'Refresh',
  save: 'Save layout',
  cancel: 'Cancel',
  reset: 'Restore default',
  add: 'Add a widget',
  remove: 'Remove',
  dragHint: 'Drag a title bar to move a widget, its bottom-right corner to resize it; once saved it applies in every browser.',
  saved: 'Layout saved',
  unsaved: 'Unsaved changes',
  defaultLayout: 'Default layout',
  loadFailed: 'The workbench layout could not be loaded: {{error}}',
  retry: 'Retry',
  empty: 'There are no widgets on the workbench yet.',
  emptyEdit: 'Add widgets from the library above.',
  loading: 'Loading…',
  failed: 'Could not load',
  full: 'Placed',
  kinds: {
    welcome: 'Welcome',
    counts: 'Key figures',
    shortcuts: 'Frequent pages',
    logins: 'My sign-ins',
    messages: 'My messages',
    trend: 'Activity trend',
    realtime: 'Live overview',
  },
  kindHints: {
    welcome: 'Name, roles, last sign-in and date',
    counts: 'Users, sign-ins, files in total',
    shortcuts: 'The pages you open most',
    logins: 'Your latest sign-ins',
    messages: 'Newest messages and unread count',
    trend: 'Sign-ins and new users over 30 days (may be placed more than once)',
    realtime: 'Players online, sign-ins and payments per minute, revenue today (live)',
  },
  welcome: {
    hello: 'Hello, {{name}}',
    lastLogin: 'Last sign-in: {{time}} ({{ip}})',
    firstLogin: 'This is your first sign-in',
    today: 'Today is {{date}}',
    roles: 'Roles: {{roles}}',
    noRole: 'No role assigned',
  },
  counts: { users: 'Users', logins: 'Sign-ins', attachments: 'Files', newUsers: 'New users (30 days)' },
  shortcuts: { filter: 'Filter frequent pages', empty: 'Open a few pages and the ones you use most will be listed here.', noMatch: 'No page matches', visits: 'Opened {{count}} times' },
  logins: { empty: 'No sign-ins yet', unknown: 'Unknown' },
  messages: { unread: '{{count}} unread', empty: 'No messages', all: 'All messages', unreadTag: 'Unread' },
  trend: { logins: 'Sign-ins', registered: 'New users', label: 'Sign-ins and new users over 30 days', empty: 'No data' },
  // issue 17 rest
  realtime: {
    online: 'Online',
    logins: 'Sign-ins/min',
    payments: 'Payments/min',
    revenue: 'Revenue today',
    loginsSeries: 'Sign-ins',
    paymentsSeries: 'Payments',
    label: 'Sign-ins and payments per minute over the last {{n}} minutes',
    socket: 'Live',
    polling: 'Polling',
    updated: 'Updated {{time}}',
    empty: 'No sign-ins or payments in the last hour.',
    failed: 'Realtime figures failed to load: {{error}}',
    open: 'Open Live overview',
  },
};

const NAMESPACE_KEY = 'workbench';

/** `t` for the workbench: keys like 'workbench.edit' and the console's own. */
export function useWorkbenchTexts() {
  const { t, i18n } = useTranslation();
  if (!i18n.exists(`${NAMESPACE_KEY}.edit`, { lng: 'zh-chs' })) {
    i18n.addResourceBundle('zh-chs', 'translation', { [NAMESPACE_KEY]: zhChs }, true, false);
    i18n.addResourceBundle('en', 'translation', { [NAMESPACE_KEY]: en }, true, false);
  }
  return t;
}

/** The texts themselves (tests check both languages have the same keys). */
export const WORKBENCH_TEXTS = { 'zh-chs': zhChs, en };
