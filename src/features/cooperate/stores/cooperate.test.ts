import { describe, expect, it, vi } from 'vitest';
import type { ConsoleApi, SettlementResult } from '../../../adapters/api';
import { CooperateStore, monthOf, percentToBp } from './cooperate';

const result = (month: string): SettlementResult => ({ month, start: `${month}-01`, end: `${month}-28`, currency: 'CNY', partners: [] });

describe('the partner stores', () => {
  it('convert a percentage to basis points once, rounded to a whole basis point', () => {
    expect([percentToBp(62.5), percentToBp(33.33), percentToBp(0.015), percentToBp(100)]).toEqual([6250, 3333, 2, 10_000]);
    expect(monthOf(new Date(2026, 0, 31))).toBe('2026-01');
  });

  it('open on this month, keep only the newest answer, and re-read after a lock', async () => {
    let release: (v: SettlementResult) => void = () => undefined;
    const settlements = vi
      .fn<ConsoleApi['cooperate']['settlements']>()
      .mockImplementationOnce(() => new Promise((r) => (release = r)))
      .mockImplementation((q) => Promise.resolve(result(q.month)));
    const lockSettlement = vi.fn<ConsoleApi['cooperate']['lockSettlement']>().mockResolvedValue({} as never);
    const api = { cooperate: { settlements, lockSettlement } } as unknown as ConsoleApi;
    const store = new CooperateStore(api, () => new Date(2026, 10, 20)).settlements(() => undefined);
    expect(store.month).toBe('2026-11');
    const slow = store.load();
    store.setMonth('2026-10');
    await store.load();
    release(result('2026-11'));
    await slow;
    expect(store.result?.month).toBe('2026-10');
    await expect(store.lock(4)).resolves.toBe(true);
    expect(lockSettlement).toHaveBeenCalledWith(4, '2026-10');
    expect(settlements).toHaveBeenLastCalledWith({ month: '2026-10' });
    expect(store.busy).toBeNull();
  });
});
