import { describe, expect, it } from 'vitest';
import type { AttributionResult, ConsoleApi } from '../../../adapters/api';
import { AdvertisingStore, fenToYuan, yuanToFen } from './advertising';

const RESULT = (page: number): AttributionResult => ({ start: '2026-11-01', end: '2026-11-30', window_days: 7, page, limit: 20, total: 45, summary: { installs: 45, attributed: 30, organic: 15 }, rows: [] });

describe('advertising store', () => {
  it('yuan text ↔ fen exactly, refusing more than two decimals, negatives and junk', () => {
    expect(yuanToFen('1234.5')).toBe(123_450);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1,000')).toBe(100_000);
    expect(yuanToFen('9999999999999.99')).toBe(999_999_999_999_999);
    for (const bad of ['1.234', '-1', '', 'abc', '1e3', '.5']) expect(yuanToFen(bad), bad).toBeNull();
    expect(fenToYuan(123_450)).toBe('1234.50');
    expect(fenToYuan(7)).toBe('0.07');
  });

  it('the attribution list asks with its filters, from page 1 on a new search; an older answer is dropped', async () => {
    const asked: unknown[] = [];
    const pending: Array<(r: AttributionResult) => void> = [];
    const api = {
      advertising: {
        attribution: (q: unknown) => {
          asked.push(q);
          return new Promise<AttributionResult>((resolve) => pending.push(resolve));
        },
      },
    } as unknown as ConsoleApi;
    const store = new AdvertisingStore(api, () => new Date(2026, 10, 30)).attribution();
    expect(store.range).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    store.setFilter('match', 'organic');
    store.setFilter('channel', ' douyin ');
    store.setFilter('campaign', 4);
    const first = store.setPage(3);
    const second = store.search();
    expect(asked).toEqual([
      { start: '2026-11-01', end: '2026-11-30', campaign: 4, channel: 'douyin', match: 'organic', page: 3, limit: 20 },
      { start: '2026-11-01', end: '2026-11-30', campaign: 4, channel: 'douyin', match: 'organic', page: 1, limit: 20 },
    ]);
    pending[1]?.(RESULT(1));
    await second;
    pending[0]?.(RESULT(3));
    await first;
    expect(store.result?.page).toBe(1);
    expect(store.pages).toBe(3);
  });
});
