import { describe, expect, it } from 'vitest';
import type { ConsoleApi } from '../../../adapters/api';
import { AccountPanel, banProblem, GameUserPanel } from './accounts';

const detail = (id: string, status: 'normal' | 'banned' = 'normal') => ({ id, distinct_id: id, status }) as unknown as Awaited<ReturnType<ConsoleApi['accounts']['detail']>>;

describe('the ban form check', () => {
  it('needs a reason (not blank, ≤ 500) and an end in the future or none', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(banProblem('', null, now)).toBe('reasonRequired');
    expect(banProblem('   ', null, now)).toBe('reasonRequired');
    expect(banProblem('x'.repeat(501), null, now)).toBe('reasonTooLong');
    expect(banProblem('外挂', new Date('2026-11-24T23:59:59Z'), now)).toBe('expiryPast');
    expect(banProblem('外挂', now, now)).toBe('expiryPast');
    expect(banProblem(' 外挂 ', new Date('2026-11-26T00:00:00Z'), now)).toBeNull();
    expect(banProblem('外挂', null, now)).toBeNull();
  });
});

describe('AccountPanel', () => {
  it('sends nothing without a reason; sends the trimmed reason and the ISO end; shows the answer', async () => {
    const sent: unknown[] = [];
    const api = {
      accounts: {
        detail: (id: string) => Promise.resolve(detail(id)),
        ban: (input: unknown) => {
          sent.push(input);
          return Promise.resolve(detail('u-1', 'banned'));
        },
      },
    } as unknown as ConsoleApi;
    const panel = new AccountPanel(api);
    await panel.open('u-1');
    expect(await panel.ban('u-1', '  ', null)).toBe(false);
    expect(sent).toEqual([]);
    const end = new Date(Date.now() + 3_600_000);
    expect(await panel.ban('u-1', ' 外挂 ', end)).toBe(true);
    expect(sent).toEqual([{ distinct_id: 'u-1', reason: '外挂', expires_at: end.toISOString() }]);
    await Promise.resolve();
    expect(panel.detail.result?.status).toBe('banned');
    expect(panel.saving).toBe(false);
  });

  it('a refused ban answers false and leaves the detail as it was', async () => {
    const api = { accounts: { detail: (id: string) => Promise.resolve(detail(id)), ban: () => Promise.reject(new Error('该账号已处于封禁中')) } } as unknown as ConsoleApi;
    const panel = new AccountPanel(api);
    await panel.open('u-1');
    expect(await panel.ban('u-1', '外挂', null)).toBe(false);
    expect(panel.detail.result?.status).toBe('normal');
  });
});

describe('GameUserPanel', () => {
  it('each view loads when first shown, with the player and its filters; a filter starts again at page 1', async () => {
    const calls: string[] = [];
    const rec = (name: string) => (q: object) => {
      calls.push(`${name} ${JSON.stringify(q)}`);
      return Promise.resolve({ page: 1, limit: 20, total: 0, data: [] });
    };
    const api = { accounts: { gameUser: rec('detail'), track: rec('track'), devices: rec('devices'), sessions: rec('sessions') } } as unknown as ConsoleApi;
    const panel = new GameUserPanel(api, () => new Date(2026, 10, 25, 12));
    await panel.open(3, 'u-1');
    await panel.setTab('track');
    await panel.setTab('detail');
    await panel.setTab('track');
    await panel.setTrackPage(3);
    await panel.filterTrack('login', { start: '2026-11-01', end: '2026-11-02' });
    await panel.setTab('sessions');
    expect(calls).toEqual([
      'detail {"game":3,"distinct_id":"u-1"}',
      'track {"game":3,"distinct_id":"u-1","page":1,"limit":20}',
      'track {"game":3,"distinct_id":"u-1","page":3,"limit":20}',
      'track {"game":3,"distinct_id":"u-1","page":1,"limit":20,"event":"login","start":"2026-11-01","end":"2026-11-02"}',
      'sessions {"game":3,"distinct_id":"u-1","start":"2026-10-27","end":"2026-11-25","page":1,"limit":20}',
    ]);
  });
});
