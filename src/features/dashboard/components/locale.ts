import { useTranslation } from 'react-i18next';

/**
 * Texts of the live dashboards (issue 17, dashboard/realtime and dashboard/monitor). They load with
 * those screens (a lazy chunk), not with the login page: useLiveTexts() adds them to the console's
 * i18next instance on first use.
 */
const zhChs = {
  common: {
    loading: '加载中…',
    failed: '加载失败：{{error}}',
    retry: '重试',
    updated: '更新于 {{time}}',
    chartOnly: '{{title}}图表',
  },
  realtime: {
    online: '在线玩家',
    onlineHint: '近 5 分钟有事件或支付',
    loginsPerMinute: '登录 / 分钟',
    paymentsPerMinute: '支付 / 分钟',
    revenueToday: '今日收入',
    revenueTodayHint: '{{day}}（{{tz}}），{{orders}} 笔订单',
    lastHour: '近 1 小时（每分钟）',
    logins: '登录次数',
    payments: '支付笔数',
    amount: '支付金额',
    topGames: '当前热门游戏',
    game: '游戏',
    gameOnline: '在线',
    gameLogins: '登录（5 分钟）',
    gamePayments: '支付（5 分钟）',
    gameRevenue: '今日收入',
    noGames: '近 5 分钟没有玩家在线。',
    sourceSocket: '实时推送',
    sourcePolling: '轮询（每 {{seconds}} 秒）',
    sourceHint: '连接断开时自动改为轮询',
    refused: '实时推送未授权，已改为轮询',
    currencyNote: '金额单位：人民币；今日收入 = 今日支付金额 − 今日退款金额。',
  },
  monitor: {
    instances: '服务实例',
    instance: '实例',
    host: '主机',
    pid: '进程',
    started: '启动时间',
    lastSeen: '最近上报',
    status: '状态',
    online: '在线',
    lost: '失联',
    self: '当前实例',
    requestRate: '请求速率',
    requestsTotal: '启动以来请求',
    perSecond: '{{value}} 次/秒',
    errorRate: '错误率',
    latency: '延迟 p50 / p95 / p99',
    eventLoop: '事件循环延迟 p99',
    memory: '内存（RSS / 堆）',
    cpu: 'CPU',
    sockets: '连接的 Socket',
    dbPool: '数据库连接（总 / 空闲 / 等待）',
    dbPoolPglite: '嵌入式数据库线程（忙 / 排队）',
    queries: '查询数 / p95',
    jobs: '任务（执行中 / 排队 / 重试）',
    history: '近期趋势（{{instance}}）',
    chartRequests: '请求速率与错误率',
    chartLatency: '延迟（毫秒）',
    chartResources: 'CPU 与事件循环延迟',
    chartMemory: '内存（MB）',
    slowQueries: '最慢的查询（{{instance}}）',
    sql: 'SQL（已截断，不含参数）',
    duration: '耗时',
    at: '时间',
    noSlow: '还没有记录到查询。',
    empty: '还没有实例上报数据。',
    sampleNote: '每个实例每 {{seconds}} 秒上报一次；超过 20 秒未上报视为失联。/metrics 提供同样的指标。',
  },
};

const en: typeof zhChs = {
  common: {
    loading: 'Loading…',
    failed: 'Could not load: {{error}}',
    retry: 'Retry',
    updated: 'Updated at {{time}}',
    chartOnly: '{{title}} chart',
  },
  realtime: {
    online: 'Players online',
    onlineHint: 'An event or payment in the last 5 minutes',
    loginsPerMinute: 'Logins / minute',
    paymentsPerMinute: 'Payments / minute',
    revenueToday: 'Revenue today',
    revenueTodayHint: '{{day}} ({{tz}}), {{orders}} orders',
    lastHour: 'Last hour (per minute)',
    logins: 'Logins',
    payments: 'Payments',
    amount: 'Amount paid',
    topGames: 'Top games now',
    game: 'Game',
    gameOnline: 'Online',
    gameLogins: 'Logins (5 min)',
    gamePayments: 'Payments (5 min)',
    gameRevenue: 'Revenue today',
    noGames: 'No players online in the last 5 minutes.',
    sourceSocket: 'Live push',
    sourcePolling: 'Polling (every {{seconds}} s)',
    sourceHint: 'Falls back to polling while the connection is down',
    refused: 'Live push not permitted; polling instead',
    currencyNote: 'Amounts in CNY; revenue today = paid today − refunded today.',
  },
  monitor: {
    instances: 'Server instances',
    instance: 'Instance',
    host: 'Host',
    pid: 'PID',
    started: 'Started',
    lastSeen: 'Last report',
    status: 'Status',
    online: 'Online',
    lost: 'Lost',
    self: 'This instance',
    requestRate: 'Request rate',
    requestsTotal: 'Requests since start',
    perSecond: '{{value}} req/s',
    errorRate: 'Error rate',
    latency: 'Latency p50 / p95 / p99',
    eventLoop: 'Event-loop lag p99',
    memory: 'Memory (RSS / heap)',
    cpu: 'CPU',
    sockets: 'Open sockets',
    dbPool: 'Database connections (total / idle / waiting)',
    dbPoolPglite: 'Embedded database thread (busy / queued)',
    queries: 'Queries / p95',
    jobs: 'Jobs (running / queued / retrying)',
    history: 'Recent history ({{instance}})',
    chartRequests: 'Request rate and error rate',
    chartLatency: 'Latency (ms)',
    chartResources: 'CPU and event-loop lag',
    chartMemory: 'Memory (MB)',
    slowQueries: 'Slowest queries ({{instance}})',
    sql: 'SQL (truncated, no parameters)',
    duration: 'Duration',
    at: 'At',
    noSlow: 'No queries recorded yet.',
    empty: 'No instance has reported yet.',
    sampleNote: 'Each instance reports every {{seconds}} s; one silent for more than 20 s is lost. /metrics carries the same figures.',
  },
};

const NAMESPACE_KEY = 'dashboardLive';

export function useLiveTexts() {
  const { t, i18n } = useTranslation();
  if (!i18n.exists(`${NAMESPACE_KEY}.realtime.online`, { lng: 'zh-chs' })) {
    i18n.addResourceBundle('zh-chs', 'translation', { [NAMESPACE_KEY]: zhChs }, true, false);
    i18n.addResourceBundle('en', 'translation', { [NAMESPACE_KEY]: en }, true, false);
  }
  return (key: string, options?: Record<string, unknown>) => t(`${NAMESPACE_KEY}.${key}`, options ?? {});
}

/** The texts themselves (tests check both languages have the same keys). */
export const LIVE_TEXTS = { 'zh-chs': zhChs, en };
