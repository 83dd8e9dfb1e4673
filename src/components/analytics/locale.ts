import { registerTexts } from '../../i18n/texts';

/**
 * Texts of the analysis parts every analytics screen shares (the date range, the report form's game
 * picker and 查询, the result states, chart and table labels), under `analytics.*`; registered when
 * the parts are imported (registerTexts, i18n/texts.ts).
 */
const zhChs = {
  game: '游戏',
  allGames: '全部游戏',
  range: '日期范围',
  query: '查询',
  loading: '加载中…',
  empty: '所选范围内没有订单。',
  failed: '加载失败：{{error}}',
  chartLabel: '{{title}}图表，数据见下表',
  chartOnly: '{{title}}图表',
  tableLabel: '{{title}}表格',
  total: '合计',
  retry: '重试',
  revenue: '收入',
  currencyNote: '金额单位：人民币（其他币种按固定汇率折算）；收入 = 支付金额 − 退款金额。',
  problems: {
    'range.missing': '请选择日期范围。',
    'range.order': '开始日期不能晚于结束日期。',
    'range.tooLong': '日期范围最多 366 天。',
  },
};

const en: typeof zhChs = {
  game: 'Game',
  allGames: 'All games',
  range: 'Date range',
  query: 'Run',
  loading: 'Loading…',
  empty: 'No orders in the chosen range.',
  failed: 'Could not load: {{error}}',
  chartLabel: '{{title}} chart; the data is in the table below',
  chartOnly: '{{title}} chart',
  tableLabel: '{{title}} table',
  total: 'Total',
  retry: 'Retry',
  revenue: 'Revenue',
  currencyNote: 'Amounts in CNY (other currencies converted at fixed rates); revenue = paid − refunded.',
  problems: {
    'range.missing': 'Choose a date range.',
    'range.order': 'The start date cannot be after the end date.',
    'range.tooLong': 'The date range can be at most 366 days.',
  },
};

/** The texts themselves (a test checks both languages have the same keys). */
export const ANALYTICS_TEXTS = { 'zh-chs': zhChs, en };

/** `t` for the analysis parts: keys like 'analytics.query' and the console's own. */
export const useAnalyticsTexts = registerTexts('analytics', ANALYTICS_TEXTS);
