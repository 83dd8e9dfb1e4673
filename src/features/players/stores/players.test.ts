import { describe, expect, it } from 'vitest';
import type { ConsoleApi, RetentionQuery, RetentionResult } from '../../../adapters/api';
import { curvePercents, heatLevel, PlayersStore, retentionEmpty } from './players';

const by = <T,>(v: T) => ({ '1': v, '3': v, '7': v, '14': v, '30': v });
const answer = (players: number): RetentionResult => ({
  start: '2026-11-01',
  end: '2026-11-01',
  game: null,
  channel: null,
  today: '2026-11-24',
  cohorts: [{ day: '2026-11-01', players, retention: by(players ? 0.5 : null), retained: by(players / 2) }],
  total: { players, retention: by(players ? 0.5 : null), retained: by(players / 2) },
  curve: Array.from({ length: 30 }, (_, i) => ({ n: i + 1, players, retained: 0, retention: i === 0 ? 0.123456 : i > 22 ? null : 0 })),
  channels: [],
});

describe('the players stores', () => {
  it('heat levels by rate, unknown = 0; the curve in percent with gaps; empty = no new player', () => {
    expect([null, 0, 0.05, 0.1, 0.2, 0.4, 0.6, 1].map(heatLevel)).toEqual([0, 1, 1, 2, 3, 4, 5, 5]);
    const percents = curvePercents(answer(4));
    expect(percents[0]).toBe(12.35);
    expect(percents[29]).toBeNull();
    expect(retentionEmpty(answer(0))).toBe(true);
    expect(retentionEmpty(answer(4))).toBe(false);
  });

  it('retention asks the last 30 days, then the game and the channel (the unknown one as \'\'), keeping the newest answer', async () => {
    const asked: RetentionQuery[] = [];
    const pending: Array<(r: RetentionResult) => void> = [];
    const api = { players: { retention: (q: RetentionQuery) => (asked.push(q), new Promise<RetentionResult>((resolve) => pending.push(resolve))) } } as unknown as ConsoleApi;
    const store = new PlayersStore(api, () => new Date(2026, 10, 24)).retention();
    const first = store.load();
    expect(asked[0]).toEqual({ start: '2026-10-26', end: '2026-11-24' });
    store.setGame(3);
    store.setOption('channel', '');
    const second = store.load();
    expect(asked[1]).toEqual({ start: '2026-10-26', end: '2026-11-24', game: 3, channel: '' });
    pending[1]?.(answer(8));
    pending[0]?.(answer(2));
    await Promise.all([first, second]);
    expect(store.result?.total.players).toBe(8);
    expect(store.state).toBe('ready');
  });
});
