import { describe, expect, it } from 'vitest';
import type { TrackLiveEntry } from '../../../../contracts/schemas';
import { batchRefusal, liveEntry, LiveEvents, type Refusal } from './live';

const entry = (n: number): TrackLiveEntry => ({ time: null, received: new Date(1_700_000_000_000 + n).toISOString(), event: `e${n}`, distinct_id: 'p', status: 'accepted', reason: null, reason_code: null, reason_args: {} });

describe('the live events ring', () => {
  it('answers newest first, bounded by the kept count and the limit, per app', () => {
    const live = new LiveEvents(5);
    live.record(1, [entry(1), entry(2), entry(3)]);
    live.record(2, [entry(100)]);
    live.record(1, [entry(4), entry(5), entry(6), entry(7)]);
    expect(live.list(1, 100).map((e) => e.event)).toEqual(['e7', 'e6', 'e5', 'e4', 'e3']);
    expect(live.list(1, 2).map((e) => e.event)).toEqual(['e7', 'e6']);
    expect(live.list(2, 100).map((e) => e.event)).toEqual(['e100']);
    expect(live.list(3, 100)).toEqual([]);
    // Many more than kept, in one batch and in many: memory stays bounded, the newest stay.
    for (let i = 8; i < 1000; i++) live.record(1, [entry(i)]);
    live.record(1, Array.from({ length: 50 }, (_, i) => entry(1000 + i)));
    expect(live.list(1, 100).map((e) => e.event)).toEqual(['e1049', 'e1048', 'e1047', 'e1046', 'e1045']);
    live.forget(1);
    expect(live.list(1, 100)).toEqual([]);
  });

  it('keeps at most maxApps apps, dropping the one written longest ago', () => {
    const live = new LiveEvents(5, 2);
    live.record(1, [entry(1)]);
    live.record(2, [entry(2)]);
    live.record(1, [entry(3)]);
    live.record(3, [entry(4)]);
    expect(live.list(2, 10)).toEqual([]);
    expect(live.list(1, 10).map((e) => e.event)).toEqual(['e3', 'e1']);
    expect(live.list(3, 10)).toHaveLength(1);
  });

  it('tells listeners each recorded batch (at most the kept tail) until they unsubscribe', () => {
    const live = new LiveEvents(3);
    const seen: Array<[number, string[]]> = [];
    const off = live.onRecord((app, entries) => seen.push([app, entries.map((e) => e.event ?? '')]));
    live.record(7, [entry(1), entry(2), entry(3), entry(4)]);
    live.record(7, []);
    off();
    live.record(7, [entry(5)]);
    expect(seen).toEqual([[7, ['e2', 'e3', 'e4']]]);
  });

  it('an entry of whatever was sent: text fields cut, unreadable times null, the refusal with its code; a batch refusal has no event', () => {
    const at = '2026-12-01T00:00:00.000Z';
    const bad: Refusal = { code: 'unknown_event', args: { event: 'levle_up' }, reason: '未定义的事件「levle_up」' };
    expect(liveEntry({ event: 'x'.repeat(100), distinct_id: 42, time: 'yesterday' }, at, 'rejected', bad)).toEqual({
      time: null,
      received: at,
      event: `${'x'.repeat(64)}…`,
      distinct_id: null,
      status: 'rejected',
      reason: '未定义的事件「levle_up」',
      reason_code: 'unknown_event',
      reason_args: { event: 'levle_up' },
    });
    expect(liveEntry({ event: 'login', distinct_id: 'p', time: at }, at, 'duplicate', null)).toMatchObject({ status: 'duplicate', reason: null, reason_code: null, reason_args: {} });
    expect(liveEntry('not an object', at, 'rejected', bad)).toMatchObject({ event: null, distinct_id: null, time: null });
    expect(liveEntry({ time: 1_764_547_200_000, event: 'login', distinct_id: 'p' }, at, 'rejected', bad).time).toBe('2025-12-01T00:00:00.000Z');
    expect(liveEntry({ time: 1e20 }, at, 'rejected', bad).time).toBeNull();
    expect(batchRefusal(at, { code: 'empty_batch', args: {}, reason: 'events 不能为空' })).toEqual({
      time: null,
      received: at,
      event: null,
      distinct_id: null,
      status: 'rejected',
      reason: 'events 不能为空',
      reason_code: 'empty_batch',
      reason_args: {},
    });
  });
});
