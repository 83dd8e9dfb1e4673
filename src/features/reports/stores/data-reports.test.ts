import { describe, expect, it } from 'vitest';
import type { ConsoleApi, StatsQuery, StatsReport, StatsResult, StatsRow, StreamedFile } from '../../../adapters/api';
import { ReportsStore, sortStatsRows, statsEmpty } from './data-reports';

const row = (day: string, active: number, d1: number | null): StatsRow => ({ day, new_players: 1, active_players: active, paying_players: 0, revenue: 0, arpu: 0, d1, d7: null, d1_retained: 0, d7_retained: 0 });
const ROWS = [row('2026-11-01', 5, 0.5), row('2026-11-02', 9, null), row('2026-11-03', 5, 0.25), row('2026-11-04', 2, 0.75)];
const total = { new_players: 0, active_players: 0, paying_players: 0, revenue: 0, gross: 0, refunds: 0, arpu: 0, d1: null, d7: null, d1_retained: 0, d7_retained: 0 };
const answer = (days: StatsRow[]): StatsResult => ({ start: '2026-11-01', end: '2026-11-04', game: null, today: '2026-11-24', currency: 'CNY', days, total });

describe('the data report stores', () => {
  it('sort by a column (ties by day), unknown rates last both ways; by day newest first', () => {
    expect(sortStatsRows(ROWS, 'active_players', true).map((r) => r.day)).toEqual(['2026-11-02', '2026-11-03', '2026-11-01', '2026-11-04']);
    expect(sortStatsRows(ROWS, 'active_players', false).map((r) => r.day)).toEqual(['2026-11-04', '2026-11-01', '2026-11-03', '2026-11-02']);
    expect(sortStatsRows(ROWS, 'd1', true).map((r) => r.day)).toEqual(['2026-11-04', '2026-11-01', '2026-11-03', '2026-11-02']);
    expect(sortStatsRows(ROWS, 'd1', false).map((r) => r.day)).toEqual(['2026-11-03', '2026-11-01', '2026-11-04', '2026-11-02']);
    expect(sortStatsRows(ROWS, 'day', true).map((r) => r.day)).toEqual(['2026-11-04', '2026-11-03', '2026-11-02', '2026-11-01']);
    expect(statsEmpty(answer([]))).toBe(true);
    expect(statsEmpty({ ...answer([]), total: { ...total, refunds: 100 } })).toBe(false);
  });

  it('asks the last 30 days (game_stats: then the game; user_stats never sends one), sorts, exports the shown query', async () => {
    const asked: Array<[StatsReport, StatsQuery]> = [];
    const exported: Array<[StatsReport, StatsQuery]> = [];
    const saved: StreamedFile[] = [];
    const file: StreamedFile = { name: 'x.xlsx', blob: new Blob(['x']), rows: 3 };
    const api = {
      reports: {
        stats: (r: StatsReport, q: StatsQuery) => (asked.push([r, q]), Promise.resolve(answer(ROWS))),
        exportStats: (r: StatsReport, q: StatsQuery) => (exported.push([r, q]), Promise.resolve(file)),
      },
    } as unknown as ConsoleApi;
    const reports = new ReportsStore(api, () => new Date(2026, 10, 24));
    const games = reports.dataReport('game_stats', (f) => saved.push(f));
    await games.report.load();
    games.report.setGame(3);
    await games.report.load();
    expect(asked).toEqual([
      ['game_stats', { start: '2026-10-26', end: '2026-11-24' }],
      ['game_stats', { start: '2026-10-26', end: '2026-11-24', game: 3 }],
    ]);
    expect(games.rows.map((r) => r.day)[0]).toBe('2026-11-04');
    games.sortBy('active_players');
    expect(games.rows[0]?.day).toBe('2026-11-02');
    games.sortBy('active_players');
    expect(games.rows[0]?.day).toBe('2026-11-04');
    await games.export();
    expect(exported).toEqual([['game_stats', { start: '2026-10-26', end: '2026-11-24', game: 3 }]]);
    expect(saved).toEqual([file]);
    const users = reports.dataReport('user_stats', () => undefined);
    users.report.setGame(3);
    await users.report.load();
    expect(asked.at(-1)).toEqual(['user_stats', { start: '2026-10-26', end: '2026-11-24' }]);
    // An impossible range is never asked nor exported.
    users.report.setRange({ start: '2026-11-24', end: '2026-11-01' });
    await users.report.load();
    await users.export();
    expect(asked).toHaveLength(3);
    expect(exported).toHaveLength(1);
  });
});
