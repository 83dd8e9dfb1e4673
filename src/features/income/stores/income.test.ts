import { describe, expect, it } from 'vitest';
import { historyResult, overviewResult, rankResult } from '../../../../contracts/schemas/income';
import type { HistoryResult, IncomeRange, OverviewResult, RankQuery, RankResult, StreamedFile } from '../../../adapters/api';
import { fakeApi } from '../../../test/fake-api';
import { historyEmpty, historyRows, historyTableRows, historyTotalChange, IncomeStore, orderFiltersOf, overviewEmpty, revenueChange } from './income';

const TODAY = new Date(2026, 10, 24, 15, 30);
const zero = { revenue: 0, gross: 0, refunds: 0, orders: 0, refund_orders: 0, paying_players: 0 };
const overviewOf = (q: IncomeRange, revenue: number): OverviewResult =>
  overviewResult.parse({ ...zero, revenue, gross: revenue, orders: revenue ? 1 : 0, start: q.start, end: q.end, game: q.game ?? null, currency: 'CNY', active_players: 0, arpu: 0, arppu: 0, paying_rate: 0 });
const day = (d: string, revenue: number, refunds = 0) => ({ ...zero, day: d, revenue: revenue - refunds, gross: revenue, refunds, orders: revenue ? 1 : 0, refund_orders: refunds ? 1 : 0 });

/** A promise settled from outside (an answer that arrives when the test says). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the overview store', () => {
  it('asks today, the last 7 and 30 days (ending today) and the 30-day trend, for the chosen game', async () => {
    const asked: IncomeRange[] = [];
    const trend: IncomeRange[] = [];
    const api = fakeApi({
      income: {
        overview: (q) => (asked.push(q), Promise.resolve(overviewOf(q, 100 * asked.length))),
        history: (q) => (trend.push(q), Promise.resolve(historyResult.parse({ start: q.start, end: q.end, game: q.game ?? null, days: [day('2026-11-24', 300)], totals: day('2026-11-24', 300), compare: null }))),
      },
    });
    const store = new IncomeStore(api, () => TODAY).overview();
    store.setGame(3);
    await store.load();
    expect(asked).toEqual([
      { start: '2026-11-24', end: '2026-11-24', game: 3 },
      { start: '2026-11-18', end: '2026-11-24', game: 3 },
      { start: '2026-10-26', end: '2026-11-24', game: 3 },
    ]);
    expect(trend).toEqual([{ start: '2026-10-26', end: '2026-11-24', game: 3 }]);
    expect(store.state).toBe('ready');
    expect(store.result?.periods.map((p) => [p.days, p.figures.revenue])).toEqual([
      [1, 100],
      [7, 200],
      [30, 300],
    ]);
    expect(overviewEmpty(store.result!)).toBe(false);
    store.setGame(null);
    await store.load();
    expect(asked.at(-1)).toEqual({ start: '2026-10-26', end: '2026-11-24' });
  });

  it('a failure shows the message and clears the figures', async () => {
    const api = fakeApi({ income: { overview: () => Promise.reject(new Error('服务暂不可用')), history: () => Promise.reject(new Error('服务暂不可用')) } });
    const store = new IncomeStore(api, () => TODAY).overview();
    await store.load();
    expect([store.state, store.error, store.result]).toEqual(['failed', '服务暂不可用', null]);
  });
});

describe('the generation guard', () => {
  it('an older answer arriving after a newer request is dropped', async () => {
    const answers: Array<ReturnType<typeof deferred<RankResult>>> = [];
    const asked: RankQuery[] = [];
    const api = fakeApi({
      income: {
        rank: (q) => {
          asked.push(q);
          const d = deferred<RankResult>();
          answers.push(d);
          return d.promise;
        },
      },
    });
    const store = new IncomeStore(api, () => TODAY).rank();
    const rows = (label: string) => rankResult.parse({ start: '2026-10-26', end: '2026-11-24', game: null, by: 'game', rows: [{ ...zero, rank: 1, key: label, label, game_name: null }] });
    const first = store.load();
    store.setOption('by', 'channel');
    store.setOption('limit', 50);
    const second = store.load();
    answers[1]!.resolve(rows('newer'));
    await second;
    answers[0]!.resolve(rows('older'));
    await first;
    expect(store.result?.rows[0]?.label).toBe('newer');
    expect(asked.map((q) => [q.by, q.limit])).toEqual([
      ['game', 10],
      ['channel', 50],
    ]);
  });

  it('an impossible range is not asked for', async () => {
    const store = new IncomeStore(fakeApi({}), () => TODAY).distribution();
    store.setRange({ start: '2026-11-24', end: '2026-11-01' });
    expect(store.problem).toBe('range.order');
    await store.load();
    expect(store.state).toBe('idle');
  });
});

describe('history rows', () => {
  const result: HistoryResult = historyResult.parse({
    start: '2026-11-01',
    end: '2026-11-02',
    game: null,
    days: [day('2026-11-01', 10_000), day('2026-11-02', 0, 500)],
    totals: { ...zero, revenue: 9_500, gross: 10_000, refunds: 500, orders: 1, refund_orders: 1 },
    compare: {
      kind: 'last_month',
      start: '2026-10-01',
      end: '2026-10-02',
      days: [day('2026-10-01', 8_000), day('2026-10-02', 0)],
      totals: { ...zero, revenue: 8_000, gross: 8_000, orders: 1 },
    },
  });

  it('pair each day with the compared day at the same position; change is null without a compared figure', () => {
    const rows = historyRows(result);
    expect(rows.map((r) => [r.day, r.figures.revenue, r.compareDay, r.compare?.revenue, r.change])).toEqual([
      ['2026-11-01', 10_000, '2026-10-01', 8_000, 0.25],
      ['2026-11-02', -500, '2026-10-02', 0, null],
    ]);
    expect(historyTotalChange(result)).toBeCloseTo(0.1875, 10);
    expect(historyEmpty(result)).toBe(false);
    expect([revenueChange(100, -50), revenueChange(-50, 100), revenueChange(5, 0)]).toEqual([null, -1.5, null]);
    expect(historyRows({ ...result, compare: null }).every((r) => r.compare === null)).toBe(true);
  });

  it('list the table newest day first, each day still beside its own compared day', () => {
    expect(historyTableRows(result).map((r) => [r.day, r.compareDay, r.change])).toEqual([
      ['2026-11-02', '2026-10-02', null],
      ['2026-11-01', '2026-10-01', 0.25],
    ]);
    // The chart's order is left alone: oldest first, left to right.
    expect(historyRows(result).map((r) => r.day)).toEqual(['2026-11-01', '2026-11-02']);
  });
});

describe('the orders export', () => {
  it('takes the list conditions as filters, reports bytes and rows, and saves the file', async () => {
    expect(
      orderFiltersOf({
        page: 2,
        limit: 20,
        ordering: { field: 'amount_cny', direction: 'desc' },
        filters: [
          { op: 'equals', field: 'status', value: 'refunded' },
          { op: 'equals', field: 'game', value: 3 },
          { op: 'equals', field: 'unknown', value: 'x' },
          { op: 'in', field: 'channel', values: ['a', 'b'] },
        ],
      }),
    ).toEqual({ status: 'refunded', game: 3, ordering: '-amount_cny' });
    const saved: StreamedFile[] = [];
    const seen: number[] = [];
    const api = fakeApi({
      income: {
        exportOrders: (_filters, options) => {
          options?.onProgress?.({ bytes: 0, rows: 3 });
          options?.onProgress?.({ bytes: 2048, rows: 3 });
          seen.push(2048);
          return Promise.resolve({ name: '订单明细.xlsx', blob: new Blob(['x']), rows: 3 });
        },
      },
    });
    const store = new IncomeStore(api, () => TODAY).orderExport((f) => saved.push(f));
    await store.start({ status: 'paid' });
    expect([store.state, store.bytes, store.rows, store.fileName]).toEqual(['done', 2048, 3, '订单明细.xlsx']);
    expect(saved.map((f) => f.name)).toEqual(['订单明细.xlsx']);
  });

  it('cancel aborts the download: cancelled, nothing saved; a failure keeps its message', async () => {
    const saved: StreamedFile[] = [];
    const api = fakeApi({
      income: {
        exportOrders: (_f, options) =>
          new Promise((_resolve, reject) => {
            options?.onProgress?.({ bytes: 10, rows: 100 });
            options?.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
          }),
      },
    });
    const store = new IncomeStore(api, () => TODAY).orderExport((f) => saved.push(f));
    const running = store.start({});
    expect(store.running).toBe(true);
    expect(store.bytes).toBe(10);
    store.cancel();
    await running;
    expect(store.state).toBe('cancelled');
    expect(saved).toEqual([]);
    const failing = new IncomeStore(fakeApi({ income: { exportOrders: () => Promise.reject(new Error('导出失败')) } }), () => TODAY).orderExport(() => undefined);
    await failing.start({});
    expect([failing.state, failing.error]).toEqual(['failed', '导出失败']);
  });
});
