import { registerTexts } from '../../../i18n/texts';

/**
 * Texts of the data reports (data_reports/game_stats, data_reports/user_stats). They load with those
 * screens (a lazy chunk, not the login page's) and are registered when this module is imported
 * (registerTexts, i18n/texts.ts); the game picker, range and states come with the report parts
 * (components/analytics/locale.ts).
 */
const zhChs = {
  column: {
    day: '日期',
    new_players: '新增玩家',
    active_players: '活跃玩家',
    paying_players: '付费玩家',
    revenue: '收入',
    arpu: 'ARPU',
    d1: '次日留存',
    d7: '7 日留存',
  },
  sortBy: '按{{column}}排序',
  total: '合计',
  totalNote: '合计行：新增与收入为区间之和，活跃与付费玩家为区间内去重人数，ARPU = 收入 ÷ 去重活跃玩家，留存按已到达第 N 日的日期加权。',
  export: '导出',
  chart: '玩家趋势',
  revenueChart: '每日收入',
  retentionTitle: '{{retained}} / {{players}} 人',
  today: '统计截至 {{today}}（今日数据仍在增长）',
  gameStats: {
    definition:
      '定义（按统计时区的自然日）：玩家 = 某游戏中的一个 distinct_id；新增玩家 = 当日首次在该游戏有任何埋点事件或付费订单；活跃玩家 = 当日有任何事件或付费订单；付费玩家 = 当日有付费订单；收入 = 当日付费 − 当日退款（分，人民币）；ARPU = 收入 ÷ 活跃玩家；次日 / 7 日留存 = 当日新增玩家在第 1 / 7 天仍活跃的比例，未到该日显示“-”。选择“全部游戏”时按游戏分别计数后相加。',
  },
  drill: {
    title: '{{day}} 的{{metric}}',
    open: '查看这些玩家',
    metric: { new: '新增玩家', active: '活跃玩家', paying: '付费玩家' },
    kind: '玩家类型',
    summary: '{{day}} · {{metric}}',
    total: '共 {{n}} 人',
    game: '游戏',
    player: '玩家',
    registered: '注册日',
    orders: '当天支付订单',
    paid: '当天支付金额',
    loading: '正在加载玩家…',
    empty: '没有符合条件的玩家。',
    failed: '加载失败：{{error}}',
    exportFailed: '导出失败：{{error}}',
    close: '关闭',
  },
  userStats: {
    definition:
      '定义（按统计时区的自然日）：玩家 = 平台账号（distinct_id，跨游戏只计一次）；新增玩家 = 当日首次在任一游戏有任何埋点事件或付费订单；活跃玩家 = 当日在任一游戏有事件或付费订单；付费玩家 = 当日有付费订单；收入 = 当日付费 − 当日退款（分，人民币）；ARPU = 收入 ÷ 活跃玩家；次日 / 7 日留存 = 当日新增账号在第 1 / 7 天仍在任一游戏活跃的比例，未到该日显示“-”。',
  },
};

const en: typeof zhChs = {
  column: {
    day: 'Day',
    new_players: 'New players',
    active_players: 'Active players',
    paying_players: 'Paying players',
    revenue: 'Revenue',
    arpu: 'ARPU',
    d1: 'Day-1 retention',
    d7: 'Day-7 retention',
  },
  sortBy: 'Sort by {{column}}',
  total: 'Total',
  totalNote: 'Total row: new players and revenue are summed over the range, active and paying players are distinct over the range, ARPU = revenue ÷ distinct active players, retention is weighted over the days that have reached day N.',
  export: 'Export',
  chart: 'Player trend',
  revenueChart: 'Daily revenue',
  retentionTitle: '{{retained}} / {{players}} players',
  today: 'Figures up to {{today}} (today is still counting)',
  gameStats: {
    definition:
      "Definitions (calendar days in the analytics time zone): a player is a distinct_id in one game; new players had their first tracked event or paid order in that game that day; active players had any event or paid order; paying players had a paid order; revenue = paid − refunded that day (CNY); ARPU = revenue ÷ active players; day-1 / day-7 retention = share of the day's new players active again on day 1 / 7, '-' until that day has begun. With all games, each game counts its players and the figures are added.",
  },
  drill: {
    title: '{{metric}} of {{day}}',
    open: 'Show these players',
    metric: { new: 'New players', active: 'Active players', paying: 'Paying players' },
    kind: 'Which players',
    summary: '{{day}} · {{metric}}',
    total: '{{n}} players',
    game: 'Game',
    player: 'Player',
    registered: 'Registered',
    orders: 'Orders paid that day',
    paid: 'Paid that day',
    loading: 'Loading players…',
    empty: 'No players match.',
    failed: 'Loading failed: {{error}}',
    exportFailed: 'Export failed: {{error}}',
    close: 'Close',
  },
  userStats: {
    definition:
      "Definitions (calendar days in the analytics time zone): a player is a platform account (distinct_id, counted once across games); new players had their first event or paid order in any game that day; active players had any event or paid order in any game; paying players had a paid order; revenue = paid − refunded that day (CNY); ARPU = revenue ÷ active players; day-1 / day-7 retention = share of the day's new accounts active again in any game on day 1 / 7, '-' until that day has begun.",
  },
};

/** The texts themselves (tests check both languages have the same keys). */
export const REPORTS_TEXTS = { 'zh-chs': zhChs, en };

/** `t` for the data reports: keys like 'dataReports.column.day' and the console's own. */
export const useReportsTexts = registerTexts('dataReports', REPORTS_TEXTS);
