import { describe, expect, it } from 'vitest';
import type { ConsoleApi, EventAnalysis, EventAnalysisQuery, EventCountInfo, EventPropertiesQuery, EventPropertyInfo, ListQuery, ResourcePage } from '../../../adapters/api';
import { mergeEvents, TrackingStore, windowParts } from './tracking';

/** A ConsoleApi that answers the tracking lists from rows and records the analysis queries. */
function fakeApi(answer: (q: EventAnalysisQuery) => EventAnalysis, pickers: Record<string, unknown> = {}) {
  const queries: EventAnalysisQuery[] = [];
  const lists: Array<{ resource: string; query: ListQuery | undefined }> = [];
  const rows: Record<string, Array<Record<string, unknown>>> = {
    '/api/embed_configure/game/': [
      { id: 1, game: 3, game_name: '星穹远征' },
      { id: 2, game: 5, game_name: '消消乐园' },
    ],
    '/api/embed_configure/event_define/': [
      { event: 'battle_start', name: '进入战斗', enabled: true, properties: [{ name: 'stage', type: 'number', required: true }, { name: 'mode', type: 'string', required: false }] },
      { event: 'login', name: '登录（本游戏）', enabled: true, properties: [{ name: 'server', type: 'string', required: true }] },
    ],
    '/api/embed_configure/global_event_define/': [
      { event: 'login', name: '登录', enabled: true, properties: [{ name: 'channel', type: 'string', required: false }] },
      { event: 'pay', name: '付费', enabled: true, properties: [{ name: 'amount', type: 'number', required: true }] },
    ],
  };
  const api = {
    list: async (resource: string, query?: ListQuery): Promise<ResourcePage> => {
      lists.push({ resource, query });
      const data = rows[resource] ?? [];
      return { page: 1, limit: 999, total: data.length, rows: data };
    },
    tracking: {
      events: async (q: EventAnalysisQuery) => {
        queries.push(q);
        return answer(q);
      },
      ...pickers,
    },
  } as unknown as ConsoleApi;
  return { api, queries, lists };
}

const answer = (q: EventAnalysisQuery): EventAnalysis => ({
  start: q.start,
  end: q.end,
  interval: q.interval,
  measure: q.measure,
  times: ['2026-11-01', '2026-11-02'],
  series: [],
  lines: [
    { key: 'pay|huawei', event: 'pay', group: 'huawei', values: [10, 20], total: 30 },
    { key: 'pay|__other__', event: 'pay', group: '__other__', values: [1, 2], total: 3 },
    { key: 'pay|new', event: 'pay', group: 'new', values: [5, 0], total: 5 },
  ],
  ...(q.compare
    ? { previous: { start: '2026-10-30', end: '2026-10-31', times: ['2026-10-30', '2026-10-31'], lines: [{ key: 'pay|huawei', event: 'pay', group: 'huawei', values: [12, 12], total: 24 }, { key: 'pay|__other__', event: 'pay', group: '__other__', values: [3, 0], total: 3 }] } }
    : {}),
});

describe('the event analysis query', () => {
  it('starts with the last 7 days and the first event of the chosen game, and is sent only when complete', async () => {
    const { api, queries, lists } = fakeApi(answer);
    const tracking = new TrackingStore(api);
    const store = tracking.eventAnalysis(new Date(2026, 10, 24, 15, 0));
    expect(store.range).toEqual({ start: '2026-11-18', end: '2026-11-24' });
    expect(store.problem).toBe('game');
    await store.load();
    expect(queries).toHaveLength(0);
    await store.setGame(3);
    expect(lists.find((l) => l.resource === '/api/embed_configure/event_define/')?.query?.filters).toEqual([{ op: 'equals', field: 'game', value: 3 }]);
    // The game's own definitions first, then the global ones; the game's own login wins.
    expect(store.eventChoices.map((e) => `${e.event}:${e.global ? 'g' : 'own'}`)).toEqual(['battle_start:own', 'login:own', 'pay:g']);
    expect(store.events).toEqual(['battle_start']);
    expect(store.query).toEqual({ game: 3, events: ['battle_start'], start: '2026-11-18', end: '2026-11-24', interval: 'day', measure: 'total' });
  });

  it('takes the numeric property for sum/avg, the filters, the breakdown and compare; drops what no chosen event has', async () => {
    const { api } = fakeApi(answer);
    const store = new TrackingStore(api).eventAnalysis(new Date(2026, 10, 24));
    await store.setGame(3);
    store.setEvents(['battle_start', 'pay']);
    store.setMeasure('sum');
    expect(store.property).toBe('stage');
    expect(store.numericProperties.map((p) => p.name)).toEqual(['stage', 'amount']);
    store.setProperty('amount');
    store.addFilter();
    expect(store.problem).toBe('filter');
    store.updateFilter(0, { property: 'mode', op: 'neq', value: 'pvp' });
    store.setBreakdown('mode');
    store.setCompare(true);
    store.setInterval('week');
    store.setRange({ start: '2026-11-01', end: '2026-11-30' });
    expect(store.query).toEqual({
      game: 3,
      events: ['battle_start', 'pay'],
      start: '2026-11-01',
      end: '2026-11-30',
      interval: 'week',
      measure: 'sum',
      property: 'amount',
      filters: [{ property: 'mode', op: 'neq', value: 'pvp' }],
      breakdown: 'mode',
      compare: true,
    });
    // Without battle_start, neither `mode` (breakdown, filter) nor `stage` remain.
    store.setEvents(['pay']);
    expect(store.breakdown).toBe('');
    expect(store.filters).toEqual([]);
    expect(store.query?.property).toBe('amount');
    store.setMeasure('unique');
    expect(store.query).not.toHaveProperty('property');
    store.setMeasure('avg');
    store.setEvents(['login']);
    expect(store.problem).toBe('property');
  });
});

describe('the properties the pickers offer and the first event', () => {
  const seen = (q: EventPropertiesQuery): EventPropertyInfo[] => [
    ...(q.events.includes('pay') ? [{ name: 'amount', type: 'number' as const, declared: true }] : []),
    ...(q.events.includes('battle_start') ? [{ name: 'stage', type: 'number' as const, declared: true }] : []),
    { name: 'channel', type: 'string', declared: false },
    { name: 'os', type: 'string', declared: false },
    { name: 'is_vip', type: 'boolean', declared: false },
  ];

  it('opens on the enabled event with the most data in the range; offers what the server saw on the chosen events, declared first', async () => {
    const asked: EventPropertiesQuery[] = [];
    const counted: unknown[] = [];
    const { api } = fakeApi(answer, {
      eventCounts: async (q: unknown): Promise<EventCountInfo[]> => {
        counted.push(q);
        return [{ event: 'unknown_event', events: 900 }, { event: 'pay', events: 120 }, { event: 'battle_start', events: 3 }];
      },
      properties: async (q: EventPropertiesQuery) => {
        asked.push(q);
        return seen(q);
      },
    });
    const store = new TrackingStore(api).eventAnalysis(new Date(2026, 10, 24));
    await store.setGame(3);
    expect(counted).toEqual([{ game: 3, start: '2026-11-18', end: '2026-11-24' }]);
    // Not the first defined event (battle_start) nor an event without a definition: pay, the busiest one defined.
    expect(store.events).toEqual(['pay']);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked.at(-1)).toEqual({ game: 3, events: ['pay'], start: '2026-11-18', end: '2026-11-24' });
    expect(store.propertiesState).toBe('ready');
    expect(store.properties.map((p) => [p.name, p.type, p.declared])).toEqual([
      ['amount', 'number', true],
      ['channel', 'string', false],
      ['os', 'string', false],
      ['is_vip', 'boolean', false],
    ]);
    store.setBreakdown('os');
    store.setEvents(['pay', 'battle_start']);
    // While the new list loads the seen `os` stays; the new answer keeps it too.
    expect(store.breakdown).toBe('os');
    await new Promise((r) => setTimeout(r, 0));
    expect(asked.at(-1)?.events).toEqual(['pay', 'battle_start']);
    expect(store.numericProperties.map((p) => p.name)).toEqual(['amount', 'stage']);
    expect(store.breakdown).toBe('os');
    // A new range asks again.
    store.setRange({ start: '2026-11-01', end: '2026-11-30' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked.at(-1)).toEqual({ game: 3, events: ['pay', 'battle_start'], start: '2026-11-01', end: '2026-11-30' });
  });

  it('without counts (none, or the call failed) the first enabled event; a failed property list falls back to the declared ones', async () => {
    const { api } = fakeApi(answer, {
      eventCounts: async () => {
        throw new Error('down');
      },
      properties: async () => {
        throw new Error('服务暂不可用');
      },
    });
    const store = new TrackingStore(api).eventAnalysis(new Date(2026, 10, 24));
    await store.setGame(3);
    expect(store.events).toEqual(['battle_start']);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.propertiesState).toBe('failed');
    expect(store.propertiesError).toContain('服务暂不可用');
    expect(store.properties.map((p) => [p.name, p.declared])).toEqual([
      ['stage', true],
      ['mode', true],
    ]);
  });
});

describe('the comparison with the previous period', () => {
  it('matches previous lines by key; a line new in this period has 0 before and no change ratio', async () => {
    const { api } = fakeApi(answer);
    const store = new TrackingStore(api).eventAnalysis(new Date(2026, 10, 24));
    await store.setGame(3);
    store.setEvents(['pay']);
    store.setCompare(true);
    await store.load();
    expect(store.table.map((r) => [r.key, r.total, r.previousTotal, r.change])).toEqual([
      ['pay|huawei', 30, 24, 0.25],
      ['pay|__other__', 3, 3, 0],
      ['pay|new', 5, 0, null],
    ]);
    expect(store.lineLabel({ event: 'pay', group: '__other__' }, '其他')).toBe('付费 · 其他');
    // Events without the breakdown property: the server's __none__ group reads as "not set".
    expect(store.lineLabel({ event: 'pay', group: '__none__' }, '其他', '（未设置）')).toBe('付费 · （未设置）');
    expect(store.lineLabel({ event: 'pay', group: 'wechat' }, '其他', '（未设置）')).toBe('付费 · wechat');
    store.setCompare(false);
    await store.load();
    expect(store.table.every((r) => r.previousTotal === null && r.change === null)).toBe(true);
  });

  it('keeps the latest answer when an earlier one arrives late', async () => {
    let release: (() => void) | null = null;
    const { api } = fakeApi(answer);
    const slowApi = {
      ...api,
      list: api.list,
      tracking: {
        events: (q: EventAnalysisQuery) =>
          q.interval === 'hour' ? new Promise<EventAnalysis>((resolve) => (release = () => resolve({ ...answer(q), times: ['late'] }))) : Promise.resolve(answer(q)),
      },
    } as unknown as ConsoleApi;
    const store = new TrackingStore(slowApi).eventAnalysis(new Date(2026, 10, 24));
    await store.setGame(3);
    store.setInterval('hour');
    const first = store.load();
    store.setInterval('day');
    await store.load();
    (release as unknown as () => void)();
    await first;
    expect(store.result?.times).toEqual(['2026-11-01', '2026-11-02']);
  });
});

describe('the tracking helpers', () => {
  it('splits a funnel window into number and unit', () => {
    expect(windowParts(604_800)).toEqual({ value: 7, unit: 'days' });
    expect(windowParts(5400)).toEqual({ value: 90, unit: 'minutes' });
    expect(windowParts(7200)).toEqual({ value: 2, unit: 'hours' });
  });

  it('merges own and global events, the own definition winning', () => {
    const merged = mergeEvents([{ event: 'login', name: '本游戏登录', properties: [] }], [{ event: 'login', name: '登录' }, { event: 'pay', name: '付费', enabled: false }]);
    expect(merged.map((e) => [e.event, e.name, e.global, e.enabled])).toEqual([
      ['login', '本游戏登录', false, true],
      ['pay', '付费', true, false],
    ]);
  });
});
