import { registerTexts } from '../../../i18n/texts';

/**
 * Texts of the players screens (center_users/*). They load with those screens (a lazy chunk, not the login
 * page's) and are registered when this module is imported (registerTexts, i18n/texts.ts); the report
 * parts' texts (game picker, range, states) come with them (components/analytics/locale.ts).
 */
const zhChs = {
  common: {
    channel: '渠道',
    allChannels: '全部渠道',
    unknownChannel: '未知渠道',
    empty: '所选范围内没有新增玩家。',
    players: '人',
  },
  devices: {
    keyword: '设备号 / 机型',
    deviceId: '设备号',
    model: '机型',
    os: '系统',
    game: '游戏',
    player: '玩家',
    shared: '多账号设备',
    sharedYes: '是（2 个及以上账号）',
    sharedNo: '否',
    accounts: '账号数',
    accountList: '设备上的账号',
    firstSeen: '首次出现',
    lastSeen: '最近出现',
  },
  retention: {
    definition:
      '定义：玩家在某游戏中首次有任何埋点事件或付费订单的自然日为注册日（按统计时区），同一注册日的玩家为一个同期群；注册日之后第 N 个自然日仍有任何事件或付费订单，即为第 N 日留存。留存率 = 第 N 日留存人数 ÷ 同期群人数；该日尚未到来时显示为“-”。渠道取玩家最早一次注册（register）事件的 channel。',
    day: '注册日',
    players: '新增人数',
    dayN: '第 {{n}} 日',
    matrix: '留存矩阵',
    curve: '留存曲线（第 1–30 日）',
    curveSeries: '平均留存率',
    total: '全部同期群',
    totalNote: '合计行按已到达第 N 日的同期群加权。',
    cellTitle: '{{retained}} / {{players}} 人',
    legend: '颜色越深留存越高',
    today: '统计截至 {{today}}（今日数据仍在增长）',
  },
  drill: {
    title: '留存玩家',
    open: '查看这些玩家',
    summary: '{{day}} 注册 · {{which}}留存',
    summaryAll: '{{day}} 注册的全部新增玩家',
    channelFilter: '渠道：{{channel}}',
    total: '共 {{n}} 人',
    game: '游戏',
    player: '玩家',
    channel: '渠道',
    activeDays: '活跃天数（第 0–{{n}} 日）',
    export: '导出',
    loading: '正在加载玩家…',
    empty: '没有符合条件的玩家。',
    failed: '加载失败：{{error}}',
    exportFailed: '导出失败：{{error}}',
    close: '关闭',
  },
};

const en: typeof zhChs = {
  common: {
    channel: 'Channel',
    allChannels: 'All channels',
    unknownChannel: 'Unknown channel',
    empty: 'No new players in the selected range.',
    players: 'players',
  },
  devices: {
    keyword: 'Device ID / model',
    deviceId: 'Device ID',
    model: 'Model',
    os: 'OS',
    game: 'Game',
    player: 'Player',
    shared: 'Shared device',
    sharedYes: 'Yes (2 or more accounts)',
    sharedNo: 'No',
    accounts: 'Accounts',
    accountList: 'Accounts on it',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
  },
  retention: {
    definition:
      "Definition: a player's registration day is the first calendar day (analytics time zone) with any tracked event or paid order in that game; players registered on the same day form a cohort. A player is retained on day N if active (any event or paid order) on registration day + N. Retention = players retained on day N ÷ cohort size; shown as '-' until that day has begun. The channel is that of the player's earliest register event.",
    day: 'Registered',
    players: 'New players',
    dayN: 'Day {{n}}',
    matrix: 'Retention matrix',
    curve: 'Retention curve (days 1–30)',
    curveSeries: 'Average retention',
    total: 'All cohorts',
    totalNote: 'The total row weights the cohorts that have reached day N.',
    cellTitle: '{{retained}} / {{players}} players',
    legend: 'Darker means higher retention',
    today: 'Figures up to {{today}} (today is still counting)',
  },
  drill: {
    title: 'Retained players',
    open: 'Show these players',
    summary: 'Registered {{day}} · retained on {{which}}',
    summaryAll: 'All new players registered {{day}}',
    channelFilter: 'Channel: {{channel}}',
    total: '{{n}} players',
    game: 'Game',
    player: 'Player',
    channel: 'Channel',
    activeDays: 'Active days (days 0–{{n}})',
    export: 'Export',
    loading: 'Loading players…',
    empty: 'No players match.',
    failed: 'Loading failed: {{error}}',
    exportFailed: 'Export failed: {{error}}',
    close: 'Close',
  },
};

/** The texts themselves (tests check both languages have the same keys). */
export const PLAYERS_TEXTS = { 'zh-chs': zhChs, en };

/** `t` for the players screens: keys like 'players.retention.day' and the console's own. */
export const usePlayersTexts = registerTexts('players', PLAYERS_TEXTS);
