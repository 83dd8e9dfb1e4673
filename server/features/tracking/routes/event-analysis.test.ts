import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventAnalysis, trackingCredentials, trackResult, type EventAnalysis } from '../../../../contracts/schemas';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, login, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';
import { mulberry32 as rng } from '../../../seed/random';

interface Sent {
  uuid: string;
  event: string;
  distinct_id: string;
  time: number;
  properties: Record<string, string | number | boolean>;
}

const SH = 8 * 3_600_000;
const localDay = (t: number) => new Date(t + SH).toISOString().slice(0, 10);
const localHour = (t: number) => `${localDay(t)} ${new Date(t + SH).toISOString().slice(11, 13)}:00`;
function monday(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - dow * 86_400_000).toISOString().slice(0, 10);
}
const label = (t: number, interval: string) => (interval === 'hour' ? localHour(t) : interval === 'day' ? localDay(t) : monday(localDay(t)));
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** The expected figure of a set of rows, computed here from the rows themselves (no SQL). */
function measureOf(rows: Sent[], measure: string, property?: string): number {
  const players = new Set(rows.map((r) => r.distinct_id)).size;
  const nums = property ? rows.map((r) => r.properties[property]).filter((v): v is number => typeof v === 'number') : [];
  switch (measure) {
    case 'total':
      return rows.length;
    case 'unique':
      return players;
    case 'per_user':
      return players > 0 ? round(rows.length / players) : 0;
    case 'sum':
      return round(nums.reduce((a, b) => a + b, 0));
    default:
      return nums.length > 0 ? round(nums.reduce((a, b) => a + b, 0) / nums.length) : 0;
  }
}

describe('event analysis: figures equal an independent computation over the raw events sent', () => {
  let srv: TestServer;
  let sa: string;
  const GAME = 5;
  const sent: Sent[] = [];
  const now = Date.now();
  const start = localDay(now - 9 * 86_400_000);
  const end = localDay(now);
  const CHANNELS = ['tap', 'huawei', 'xiaomi', 'oppo', 'vivo', 'apple', 'google', 'bilibili', 'douyin', 'kuaishou', 'wechat', 'qq', 'other_store'];

  suiteServer(['superadmin'], (s) => ({ srv, tokens: [sa] } = s), {}, SERVER_TIMEOUT_MS * 2);
  beforeAll(async () => {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: GAME } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const rnd = rng(15);
    // 60 players over 12 days (the first 2 before the range), with logins, payments and level-ups.
    for (let i = 0; i < 1500; i++) {
      const time = now - 60_000 - Math.floor(rnd() * 12 * 86_400_000);
      const player = `p${Math.floor(rnd() ** 1.5 * 60)}`;
      const kind = rnd();
      const channel = CHANNELS[Math.floor(rnd() ** 2 * CHANNELS.length)] ?? 'tap';
      const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      if (kind < 0.5) sent.push({ uuid, event: 'login', distinct_id: player, time, properties: { channel } });
      else if (kind < 0.75) sent.push({ uuid, event: 'pay', distinct_id: player, time, properties: { amount: [600, 3000, 6800, 100][Math.floor(rnd() * 4)] ?? 600, currency: 'CNY', channel } });
      else sent.push({ uuid, event: 'level_up', distinct_id: player, time, properties: { level: 1 + Math.floor(rnd() * 30) } });
    }
    for (let i = 0; i < sent.length; i += 500) {
      const body = JSON.stringify({ events: sent.slice(i, i + 500) });
      const sig = createHmac('sha256', creds.secret).update(body).digest('hex');
      const res = expectData(await call(srv, '/api/embed/track/', { method: 'POST', raw: body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': sig } }), trackResult);
      expect(res.rejected).toEqual([]);
    }
  }, SERVER_TIMEOUT_MS * 2);

  async function analyse(params: Record<string, string | string[]>): Promise<EventAnalysis> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
    return expectData(await call(srv, `/api/data_embed/event/?${qs.toString()}`, { token: sa }), eventAnalysis.strict());
  }

  const inRange = (r: Sent, from = start, to = end) => localDay(r.time) >= from && localDay(r.time) <= to;

  for (const interval of ['hour', 'day', 'week'] as const) {
    for (const measure of ['total', 'unique', 'per_user'] as const) {
      it(`rollups: ${measure} per ${interval}, two events`, async () => {
        const from = interval === 'hour' ? localDay(now - 2 * 86_400_000) : start;
        const a = await analyse({ game: String(GAME), event: ['login', 'pay'], start: from, end, interval, measure });
        for (const line of a.lines) {
          const rows = sent.filter((r) => r.event === line.event && inRange(r, from));
          const expected = a.times.map((t) => measureOf(rows.filter((r) => label(r.time, interval) === t), measure));
          expect(line.values, `${line.event} ${interval} ${measure}`).toEqual(expected);
          expect(line.total).toBe(measureOf(rows, measure));
        }
        expect(a.series).toEqual(a.times.map((time, i) => ({ time, value: a.lines[0]?.values[i] ?? 0 })));
        expect(a.times.every((t) => (interval === 'hour' ? /^\d{4}-\d{2}-\d{2} \d{2}:00$/ : /^\d{4}-\d{2}-\d{2}$/).test(t))).toBe(true);
        if (interval === 'week') expect(a.times.every((t) => new Date(`${t}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
      });
    }
  }

  it('sum and avg of a numeric property, with a filter', async () => {
    for (const measure of ['sum', 'avg'] as const) {
      const a = await analyse({ game: String(GAME), event: 'pay', start, end, measure, property: 'amount', filters: JSON.stringify([{ property: 'amount', op: 'gte', value: 3000 }]) });
      const rows = sent.filter((r) => r.event === 'pay' && inRange(r) && (r.properties.amount as number) >= 3000);
      expect(a.lines[0]?.values).toEqual(a.times.map((t) => measureOf(rows.filter((r) => localDay(r.time) === t), measure, 'amount')));
      expect(a.lines[0]?.total).toBe(measureOf(rows, measure, 'amount'));
    }
  });

  it('filters eq / neq / contains / lt', async () => {
    const cases: Array<[unknown, (r: Sent) => boolean]> = [
      [[{ property: 'channel', op: 'eq', value: 'tap' }], (r) => r.properties.channel === 'tap'],
      [[{ property: 'channel', op: 'neq', value: 'tap' }], (r) => r.properties.channel !== 'tap'],
      [[{ property: 'channel', op: 'contains', value: 'OU' }], (r) => String(r.properties.channel ?? '').includes('ou')],
      [[{ property: 'level', op: 'lt', value: 10 }], (r) => typeof r.properties.level === 'number' && r.properties.level < 10],
    ];
    for (const [filters, keep] of cases) {
      const a = await analyse({ game: String(GAME), event: ['login', 'level_up'], start, end, measure: 'unique', filters: JSON.stringify(filters) });
      for (const line of a.lines) {
        const rows = sent.filter((r) => r.event === line.event && inRange(r) && keep(r));
        expect(line.values, JSON.stringify(filters)).toEqual(a.times.map((t) => measureOf(rows.filter((r) => localDay(r.time) === t), 'unique')));
      }
    }
  });

  it('breakdown: top 10 groups by events, the rest as __other__, compare with the previous period', async () => {
    const a = await analyse({ game: String(GAME), event: 'login', start, end, measure: 'total', breakdown: 'channel', compare: '1' });
    const rows = sent.filter((r) => r.event === 'login' && inRange(r));
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(String(r.properties.channel), (counts.get(String(r.properties.channel)) ?? 0) + 1);
    const top = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, 10).map(([g]) => g);
    expect(a.lines.map((l) => l.group)).toEqual([...top, '__other__']);
    for (const line of a.lines) {
      const mine = rows.filter((r) => (line.group === '__other__' ? !top.includes(String(r.properties.channel)) : r.properties.channel === line.group));
      expect(line.values).toEqual(a.times.map((t) => mine.filter((r) => localDay(r.time) === t).length));
      expect(line.total).toBe(mine.length);
    }
    expect(a.series).toEqual([]);
    const len = a.times.length;
    expect(a.previous?.times).toHaveLength(len);
    expect(a.previous?.end).toBe(localDay(new Date(`${start}T00:00:00Z`).getTime() - 86_400_000 - SH + SH));
    const prevRows = sent.filter((r) => r.event === 'login' && inRange(r, a.previous?.start, a.previous?.end));
    const prevTotal = (a.previous?.lines ?? []).reduce((s, l) => s + l.total, 0);
    expect(prevTotal).toBe(prevRows.length);
  });

  it('the export is the table as xlsx', async () => {
    const res = await fetch(`${srv.baseUrl}/api/data_embed/event/export/?game=${GAME}&event=login&event=pay&start=${start}&end=${end}&measure=total`, { headers: { authorization: `JWT ${sa}` } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]?.slice(0, 3)).toEqual(['事件', '分组', '指标']);
    expect(sheet[1]?.[0]).toBe('login');
    expect(Number(sheet[1]?.at(-1))).toBe(sent.filter((r) => r.event === 'login' && inRange(r)).length);
  });

  it('the read-only analyst (test) may analyse, export and read the definitions (pickers), not change them', async () => {
    const analyst = (await login(srv, 'test', 'admin123456', false)).access;
    const qs = `game=${GAME}&event=login&start=${start}&end=${end}`;
    expect((await call(srv, `/api/data_embed/event/?${qs}`, { token: analyst })).body.code).toBe(2000);
    const file = await fetch(`${srv.baseUrl}/api/data_embed/event/export/?${qs}`, { headers: { authorization: `JWT ${analyst}` } });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect((await call(srv, '/api/embed_configure/global_event_define/', { token: analyst })).body.code).toBe(2000);
    expect((await call(srv, `/api/embed_configure/event_define/?game=${GAME}`, { token: analyst })).body.code).toBe(2000);
    expect((await call(srv, '/api/embed_configure/funnel_define/', { token: analyst })).body.code).toBe(2000);
    const refused = await call(srv, '/api/embed_configure/event_define/', { token: analyst, body: { game: GAME, event: 'x_y', name: 'x' } });
    expect(String(refused.body.msg)).toContain('没有执行该操作的权限');
    expect(String((await call(srv, '/api/embed_configure/game/', { token: analyst })).body.msg)).toContain('没有执行该操作的权限');
  });

  it('bad parameters are code 4000 with a clear message, never 5xx', async () => {
    const base = { game: String(GAME), event: 'login', start, end };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, game: 'x' }, 'game 必须是游戏 id'],
      [{ ...base, start: '2026-13-01' }, 'start 必须是 YYYY-MM-DD'],
      [{ ...base, end: 'tomorrow' }, 'end 必须是 YYYY-MM-DD'],
      [{ ...base, start: end, end: start }, 'end 不能早于 start'],
      [{ ...base, start: '2024-01-01', end: '2025-06-01' }, '日期范围最长 366 天'],
      [{ ...base, interval: 'minute' }, 'interval 只能是 hour、day 或 week'],
      [{ ...base, measure: 'median' }, 'measure 只能是 total、unique、per_user、sum 或 avg'],
      [{ ...base, measure: 'sum' }, 'property 不能为空：求和、平均需要一个数值属性'],
      [{ ...base, event: "login' OR 1=1 --" }, "event「login' OR 1=1 --」不合法"],
      [{ ...base, filters: '{bad' }, 'filters 必须是 JSON 数组 [{property, op, value}]'],
      [{ ...base, filters: JSON.stringify([{ property: 'a; drop table x', op: 'eq', value: 1 }]) }, 'filters 不合法'],
      [{ ...base, breakdown: 'x) FROM users --' }, 'breakdown 不合法'],
    ];
    for (const [params, msg] of cases) {
      const res = await call(srv, `/api/data_embed/event/?${new URLSearchParams(params).toString()}`, { token: sa });
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(params)).toBe(4000);
      expect(String(res.body.msg)).toContain(msg);
    }
  });
});
