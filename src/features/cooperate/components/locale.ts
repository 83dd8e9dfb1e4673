import { useTranslation } from 'react-i18next';
import { useIncomeTexts } from '../../income/components/locale';

/**
 * Texts of the partner screens (issue 16 part B, cooperate/*), added to the console's i18next instance
 * on first use (a lazy chunk, not the login page's), with the revenue screens' texts they share.
 */
const zhChs = {
  common: {
    range: '日期范围',
    month: '结算月份',
    prevMonth: '上一个月',
    nextMonth: '下一个月',
    partner: '合作方',
    allPartners: '全部合作方',
    query: '查询',
    export: '导出',
    loading: '加载中…',
    failed: '加载失败：{{error}}',
    ownGames: '自营（未分配合作方）',
    note: '收入 = 当月支付金额 − 当月退款金额（与收入中心同一口径）；合作方分成 = 收入 × 分成比例，四舍五入到分。',
  },
  overview: {
    empty: '还没有合作方。',
    note: '收入 = 范围内支付金额 − 范围内退款金额（与收入中心同一口径）；活跃玩家 = 范围内有事件或订单的玩家（按游戏计）。',
    revenue: '总收入',
    partners: '合作方',
    games: '游戏数',
    players: '活跃玩家',
    payingPlayers: '付费人数',
    gross: '支付金额',
    refunds: '退款金额',
    share: '收入占比',
    rate: '当前分成比例',
    status: '状态',
    enabled: '合作中',
    disabled: '已停用',
    chart: '各合作方收入',
    tableLabel: '合作方指标表',
    noRate: '未设置',
  },
  reports: {
    empty: '所选月份没有合作方。',
    tableLabel: '「{{partner}}」的结算表',
    noGames: '该合作方还没有游戏。',
    game: '游戏',
    gross: '支付金额',
    refunds: '退款金额',
    revenue: '收入',
    orders: '订单数',
    refundOrders: '退款单数',
    rate: '分成比例',
    partnerAmount: '合作方分成',
    platformAmount: '平台收入',
    total: '合计',
    locked: '已锁定',
    open: '未锁定',
    lockedBy: '{{who}} 于 {{at}} 锁定',
    rateUnset: '未设置分成比例（按 0% 计）',
    rateOf: '分成比例 {{rate}}',
    setRate: '设置分成比例',
    lock: '锁定该月',
    notEnded: '该月尚未结束，结束后才能锁定。',
    lockTitle: '锁定结算',
    lockConfirm: '确认锁定「{{partner}}」{{month}} 的结算？锁定后该月数据以此为准，不再随订单变化，也不能再设置在该月或之前生效的分成比例。',
    lockDone: '已锁定「{{partner}}」{{month}} 的结算。',
    rateTitle: '「{{partner}}」的分成比例',
    effectiveMonth: '生效月份',
    ratePercent: '合作方分成比例（%）',
    rateNote: '备注',
    rateHint: '自生效月份起适用，直到下一个生效月份；不会改写之前的月份。已锁定的月份不能改。',
    rateSave: '保存',
    rateCancel: '取消',
    rateSaved: '已保存「{{partner}}」自 {{month}} 起的分成比例 {{rate}}。',
    history: '历史分成比例',
    historyEmpty: '还没有设置过分成比例。',
    created: '设置时间',
  },
};

const en: typeof zhChs = {
  common: {
    range: 'Date range',
    month: 'Month',
    prevMonth: 'Previous month',
    nextMonth: 'Next month',
    partner: 'Partner',
    allPartners: 'All partners',
    query: 'Search',
    export: 'Export',
    loading: 'Loading…',
    failed: 'Loading failed: {{error}}',
    ownGames: 'Own games (no partner)',
    note: "Revenue = the month's payments − the month's refunds (the same figure as the revenue center); partner share = revenue × rate, rounded to the cent.",
  },
  overview: {
    empty: 'There are no partners yet.',
    note: 'Revenue = payments − refunds in the range (the same figure as the revenue center); active players = players with an event or an order in the range (per game).',
    revenue: 'Total revenue',
    partners: 'Partners',
    games: 'Games',
    players: 'Active players',
    payingPlayers: 'Paying players',
    gross: 'Payments',
    refunds: 'Refunds',
    share: 'Share of revenue',
    rate: 'Current rate',
    status: 'Status',
    enabled: 'Active',
    disabled: 'Disabled',
    chart: 'Revenue by partner',
    tableLabel: 'Partner figures',
    noRate: 'Not set',
  },
  reports: {
    empty: 'No partners for this month.',
    tableLabel: 'Settlement of “{{partner}}”',
    noGames: 'This partner has no games yet.',
    game: 'Game',
    gross: 'Payments',
    refunds: 'Refunds',
    revenue: 'Revenue',
    orders: 'Orders',
    refundOrders: 'Refund orders',
    rate: 'Rate',
    partnerAmount: 'Partner share',
    platformAmount: 'Platform revenue',
    total: 'Total',
    locked: 'Locked',
    open: 'Open',
    lockedBy: 'Locked by {{who}} at {{at}}',
    rateUnset: 'No rate set (0% applies)',
    rateOf: 'Rate {{rate}}',
    setRate: 'Set rate',
    lock: 'Lock month',
    notEnded: 'The month has not ended yet; it can be locked once it has.',
    lockTitle: 'Lock the settlement',
    lockConfirm: 'Lock the {{month}} settlement of “{{partner}}”? Its figures are then final: later orders no longer change them, and no rate can take effect in or before that month.',
    lockDone: 'The {{month}} settlement of “{{partner}}” is locked.',
    rateTitle: 'Revenue share of “{{partner}}”',
    effectiveMonth: 'Effective from',
    ratePercent: "Partner's share (%)",
    rateNote: 'Note',
    rateHint: 'Applies from that month until the next effective month; earlier months are not rewritten. Locked months cannot change.',
    rateSave: 'Save',
    rateCancel: 'Cancel',
    rateSaved: 'Saved the rate {{rate}} of “{{partner}}” from {{month}} on.',
    history: 'Rate history',
    historyEmpty: 'No rate has been set yet.',
    created: 'Set at',
  },
};

const NAMESPACE_KEY = 'cooperate';

export function useCooperateTexts() {
  useIncomeTexts();
  const { t, i18n } = useTranslation();
  if (!i18n.exists(`${NAMESPACE_KEY}.common.partner`, { lng: 'zh-chs' })) {
    i18n.addResourceBundle('zh-chs', 'translation', { [NAMESPACE_KEY]: zhChs }, true, false);
    i18n.addResourceBundle('en', 'translation', { [NAMESPACE_KEY]: en }, true, false);
  }
  return t;
}

/** The texts themselves (tests check both languages have the same keys). */
export const COOPERATE_TEXTS = { 'zh-chs': zhChs, en };
