import { describe, expect, it } from 'vitest';
import { gameEvents } from './simulator';

describe('the event simulator', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const opts = { players: 200, days: 14, seed: 15 };

  it('is deterministic by seed (uuids too: a second run stores nothing twice)', () => {
    expect(gameEvents(3, opts, now)).toEqual(gameEvents(3, opts, now));
    expect(gameEvents(3, { ...opts, seed: 16 }, now)).not.toEqual(gameEvents(3, opts, now));
    const uuids = gameEvents(3, opts, now).map((e) => e.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('plays a believable game: everyone registers once first, sessions close, some pay, most churn', () => {
    const events = gameEvents(1, opts, now);
    const byPlayer = new Map<string, typeof events>();
    for (const e of events) byPlayer.set(e.distinct_id, [...(byPlayer.get(e.distinct_id) ?? []), e]);
    expect(byPlayer.size).toBe(opts.players);
    for (const [, list] of byPlayer) {
      expect(list.filter((e) => e.event === 'register')).toHaveLength(1);
      expect(list[0]?.event).toBe('register');
      expect(list.filter((e) => e.event === 'session_start').length).toBe(list.filter((e) => e.event === 'session_end').length);
    }
    const times = events.map((e) => Date.parse(e.time));
    expect(Math.max(...times)).toBeLessThanOrEqual(now - 60_000);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now - opts.days * 86_400_000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const payers = new Set(events.filter((e) => e.event === 'pay').map((e) => e.distinct_id)).size;
    expect(payers).toBeGreaterThan(opts.players * 0.02);
    expect(payers).toBeLessThan(opts.players * 0.2);
    for (const p of events.filter((e) => e.event === 'pay')) {
      expect(Number.isInteger(p.properties.amount)).toBe(true);
      expect(p.properties.currency).toBe('CNY');
    }
    // Churn: players active on their 7th day after joining are a minority of those who joined a week before the end.
    const joined = [...byPlayer.values()].filter((l) => Date.parse(l[0]?.time ?? '') < now - 8 * 86_400_000);
    const back = joined.filter((l) => {
      const j = Date.parse(l[0]?.time ?? '');
      return l.some((e) => Date.parse(e.time) >= j + 6 * 86_400_000 && Date.parse(e.time) < j + 8 * 86_400_000);
    });
    expect(back.length / joined.length).toBeGreaterThan(0.05);
    expect(back.length / joined.length).toBeLessThan(0.6);
  });

  it('register and login carry a stable device (id, model, os, os version); ~8 % of devices carry 2-3 accounts', () => {
    const events = gameEvents(2, { ...opts, players: 2000 }, now);
    const deviceOf = new Map<string, string>();
    const accounts = new Map<string, Set<string>>();
    const shape = new Map<string, string>();
    for (const e of events.filter((x) => x.event === 'register' || x.event === 'login')) {
      const { device_id, device_model, os, os_version, platform } = e.properties;
      expect(device_id).toMatch(/^dev-[0-9a-f]{12}$/);
      expect(typeof device_model).toBe('string');
      expect(['android', 'ios']).toContain(os);
      expect(typeof os_version).toBe('string');
      if (e.event === 'register') expect(os).toBe(platform);
      if (deviceOf.has(e.distinct_id)) expect(deviceOf.get(e.distinct_id)).toBe(device_id);
      deviceOf.set(e.distinct_id, String(device_id));
      accounts.set(String(device_id), (accounts.get(String(device_id)) ?? new Set()).add(e.distinct_id));
      const s = `${String(device_model)}|${String(os)}|${String(os_version)}`;
      expect(shape.get(String(device_id)) ?? s).toBe(s);
      shape.set(String(device_id), s);
    }
    expect(deviceOf.size).toBe(2000);
    const sizes = [...accounts.values()].map((a) => a.size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    const shared = sizes.filter((n) => n >= 2).length / sizes.length;
    expect(shared).toBeGreaterThan(0.04);
    expect(shared).toBeLessThan(0.12);
    expect(new Set([...shape.values()].map((v) => v.split('|')[0])).size).toBeGreaterThan(8);
    // The other events are what they were before devices existed (own generator): no properties added.
    for (const e of events.filter((x) => x.event === 'session_start').slice(0, 20)) expect(e.properties).toEqual({});
  });
});
