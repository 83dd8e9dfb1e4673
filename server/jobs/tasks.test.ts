import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import type { TestServer } from '../testing';
import { prng } from '../test/tracking-reference';
import { suiteServer } from '../test/helpers';
import { AUDIT_RETENTION_DAYS } from './tasks';

/**
 * The task kinds' work, each checked against the rows it should produce: the rollup rebuild against a
 * plain-JS count of the raw events and orders (days in the analytics time zone), leaving other days
 * alone; the gift-code expiry, the log clean-up and the announcement against their tables.
 */

let srv: TestServer;
let ctx: AppContext;
const DAY = 86_400_000;

suiteServer([], (s) => ({ srv, ctx } = s), {}, 180_000);

async function run(kind: string, args: Record<string, unknown>, requestedBy: number | null = 1): Promise<unknown> {
  const def = ctx.jobs.tasks.of(kind);
  if (!def) throw new Error(kind);
  const parsed = def.args.parse(args);
  return def.run(parsed, { ctx, signal: new AbortController().signal, attempt: 1, requestedBy, runId: randomUUID() });
}

const dayOf = (ms: number, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));

describe('task kinds', () => {
  it('rollups.rebuild recomputes the daily rollups of the range from raw rows and leaves other days alone', async () => {
    const tz = ctx.config.analyticsTz;
    const rnd = prng(17);
    const now = Date.now();
    const events: Array<{ time: number; uuid: string; game: number; event: string; player: string }> = [];
    for (let i = 0; i < 400; i++) {
      const time = now - Math.floor(rnd() * 4 * DAY);
      events.push({ time, uuid: crypto.randomUUID(), game: 1 + Math.floor(rnd() * 2), event: rnd() < 0.6 ? 'login' : 'level_up', player: `p${Math.floor(rnd() * 30)}` });
    }
    for (const month of new Set(events.map((e) => new Date(e.time).toISOString().slice(0, 7)))) {
      await srv.query('SELECT tracking_ensure_partition($1::timestamptz)', [`${month}-15T00:00:00Z`]);
    }
    await srv.query(
      `INSERT INTO tracking_events (time, uuid, game, event, distinct_id) SELECT to_timestamp(r.t / 1000.0), r.u::uuid, r.g, r.e, r.p FROM jsonb_to_recordset($1::jsonb) AS r(t bigint, u text, g int, e text, p text)`,
      [JSON.stringify(events.map((e) => ({ t: e.time, u: e.uuid, g: e.game, e: e.event, p: e.player })))],
    );
    const orders: Array<{ id: string; game: number; player: string; cny: number; time: number; refund: number | null }> = [];
    for (let i = 0; i < 120; i++) {
      const time = now - Math.floor(rnd() * 4 * DAY);
      const refund = rnd() < 0.2 ? Math.min(now - 1000, time + Math.floor(rnd() * DAY)) : null;
      orders.push({ id: `rb-${i}`, game: 1 + Math.floor(rnd() * 2), player: `p${Math.floor(rnd() * 30)}`, cny: 100 * (1 + Math.floor(rnd() * 60)), time, refund });
    }
    await srv.query(
      `INSERT INTO orders (game, order_id, distinct_id, amount, currency, amount_cny, channel, method, region, status, time, refund_time)
       SELECT r.g, r.id, r.p, r.a, 'CNY', r.a, 'tap', 'alipay', 'CN', CASE WHEN r.rf IS NULL THEN 'paid' ELSE 'refunded' END, to_timestamp(r.t / 1000.0), to_timestamp(r.rf / 1000.0)
       FROM jsonb_to_recordset($1::jsonb) AS r(g int, id text, p text, a bigint, t bigint, rf bigint)`,
      [JSON.stringify(orders.map((o) => ({ g: o.game, id: o.id, p: o.player, a: o.cny, t: o.time, rf: o.refund })))],
    );
    // A day outside the range with a (deliberately wrong) rollup row: it must stay as it is.
    const outside = dayOf(now - 20 * DAY, tz);
    await srv.query("INSERT INTO tracking_daily (game, event, day, events, players) VALUES (1, 'login', $1::date, 999, 9)", [outside]);
    await srv.query("INSERT INTO income_daily (game, day, channel, region, method, gross, refunds, orders, refund_orders) VALUES (1, $1::date, 'x', 'x', 'x', 12345, 0, 1, 0)", [outside]);

    const start = dayOf(now - 3 * DAY, tz);
    const end = dayOf(now, tz);
    const result = (await run('rollups.rebuild', { target: 'all', start, end })) as { events: number; orders: number };
    const inRange = (ms: number) => dayOf(ms, tz) >= start && dayOf(ms, tz) <= end;
    expect(result.events).toBe(events.filter((e) => inRange(e.time)).length);
    expect(result.orders).toBe(orders.filter((o) => inRange(o.time)).length);

    const daily = await srv.query<{ game: number; event: string; day: string; events: number; players: number }>(
      "SELECT game, event, to_char(day, 'YYYY-MM-DD') AS day, events::int AS events, players FROM tracking_daily WHERE day BETWEEN $1::date AND $2::date AND event IN ('login', 'level_up') ORDER BY 1, 2, 3",
      [start, end],
    );
    const expected = new Map<string, { events: number; players: Set<string> }>();
    for (const e of events.filter((x) => inRange(x.time))) {
      const k = `${e.game}|${e.event}|${dayOf(e.time, tz)}`;
      const v = expected.get(k) ?? { events: 0, players: new Set<string>() };
      v.events++;
      v.players.add(e.player);
      expected.set(k, v);
    }
    expect(daily.map((r) => `${r.game}|${r.event}|${r.day}:${r.events}/${r.players}`).sort()).toEqual(
      [...expected].map(([k, v]) => `${k}:${v.events}/${v.players.size}`).sort(),
    );

    const income = await srv.query<{ game: number; day: string; gross: number; refunds: number }>(
      "SELECT game, to_char(day, 'YYYY-MM-DD') AS day, sum(gross)::int AS gross, sum(refunds)::int AS refunds FROM income_daily WHERE day BETWEEN $1::date AND $2::date GROUP BY 1, 2",
      [start, end],
    );
    const want = new Map<string, { gross: number; refunds: number }>();
    for (const o of orders) {
      if (inRange(o.time)) {
        const k = `${o.game}|${dayOf(o.time, tz)}`;
        want.set(k, { gross: (want.get(k)?.gross ?? 0) + o.cny, refunds: want.get(k)?.refunds ?? 0 });
      }
      if (o.refund !== null && inRange(o.refund)) {
        const k = `${o.game}|${dayOf(o.refund, tz)}`;
        want.set(k, { gross: want.get(k)?.gross ?? 0, refunds: (want.get(k)?.refunds ?? 0) + o.cny });
      }
    }
    expect(income.map((r) => `${r.game}|${r.day}:${r.gross}/${r.refunds}`).sort()).toEqual([...want].map(([k, v]) => `${k}:${v.gross}/${v.refunds}`).sort());

    expect((await srv.query<{ events: number }>("SELECT events::int AS events FROM tracking_daily WHERE game = 1 AND event = 'login' AND day = $1::date", [outside]))[0]?.events).toBe(999);
    expect((await srv.query<{ gross: number }>("SELECT gross::int AS gross FROM income_daily WHERE channel = 'x' AND day = $1::date", [outside]))[0]?.gross).toBe(12345);
  }, 60_000);

  it('codes.expire stamps ended batches once, with the codes that lapsed unused', async () => {
    const mk = async (name: string, end: string, status: string, count: number, redeemed: number) =>
      (await srv.query<{ id: number }>(
        `INSERT INTO gift_code_batches (game, name, count, stem, start_time, end_time, reward, status, redeemed)
         VALUES (1, $1, $2, $3, now() - interval '30 days', $4::timestamptz, '金币', $5, $6) RETURNING id`,
        [name, count, `EXP${name.toUpperCase()}`, end, status, redeemed],
      ))[0]?.id;
    const ended = await mk('a', new Date(Date.now() - 2 * DAY).toISOString(), 'active', 10, 3);
    const recent = await mk('b', new Date(Date.now() - 3_600_000).toISOString(), 'active', 5, 0);
    const voided = await mk('c', new Date(Date.now() - 2 * DAY).toISOString(), 'void', 8, 0);
    const future = await mk('d', new Date(Date.now() + 2 * DAY).toISOString(), 'active', 4, 0);
    const first = (await run('codes.expire', { grace_days: 1 })) as { batches: number; codes: number };
    const rows = await srv.query<{ id: number; lapsed: number | null }>('SELECT id, lapsed FROM gift_code_batches WHERE id = ANY($1::int[])', [[ended, recent, voided, future]]);
    const lapsed = new Map(rows.map((r) => [r.id, r.lapsed]));
    expect(lapsed.get(ended as number)).toBe(7);
    expect(lapsed.get(recent as number)).toBeNull();
    expect(lapsed.get(voided as number)).toBeNull();
    expect(lapsed.get(future as number)).toBeNull();
    expect(first.codes).toBeGreaterThanOrEqual(7);
    const second = (await run('codes.expire', { grace_days: 0 })) as { batches: number; codes: number };
    expect(second).toEqual({ batches: 1, codes: 5 });
  });

  it('logs.cleanup deletes only rows older than the days kept', async () => {
    await srv.query("INSERT INTO login_log (username, ip, create_datetime) VALUES ('old', '1.1.1.1', now() - interval '200 days'), ('new', '1.1.1.1', now() - interval '2 days')");
    await srv.query("INSERT INTO operation_log (request_modular, create_datetime) VALUES ('old', now() - interval '200 days')");
    const before = (await srv.query<{ n: number }>("SELECT count(*)::int AS n FROM login_log WHERE create_datetime < now() - interval '180 days'"))[0]?.n ?? 0;
    const out = (await run('logs.cleanup', { log: 'both', older_than_days: 180 })) as { deleted: { login: number; operation: number } };
    expect(out.deleted.login).toBe(before);
    expect(out.deleted.operation).toBeGreaterThanOrEqual(1);
    expect((await srv.query("SELECT 1 FROM login_log WHERE username = 'new'")).length).toBe(1);
    expect((await srv.query("SELECT 1 FROM login_log WHERE username = 'old'")).length).toBe(0);
  });

  it('logs.cleanup never deletes audit rows younger than the retention, nor for a user without delete on the logs', async () => {
    expect(AUDIT_RETENTION_DAYS).toBe(180);
    await srv.query("INSERT INTO login_log (username, ip, create_datetime) VALUES ('kept-40', '1.1.1.1', now() - interval '40 days'), ('kept-300', '1.1.1.1', now() - interval '300 days')");
    await srv.query("INSERT INTO operation_log (request_modular, create_datetime) VALUES ('kept-300', now() - interval '300 days')");
    const count = async () => (await srv.query<{ n: number }>("SELECT ((SELECT count(*) FROM login_log WHERE username LIKE 'kept-%') + (SELECT count(*) FROM operation_log WHERE request_modular LIKE 'kept-%') )::int AS n"))[0]?.n;
    // Younger than the retention: refused when asked for (the route's refusal) and again when run, even for a superuser.
    const def = ctx.jobs.tasks.of('logs.cleanup');
    const young = def?.args.parse({ log: 'both', older_than_days: 30 });
    expect(await def?.refusal?.(young, ctx, 1)).toBe('保留天数不能少于审计日志的保留期 180 天（系统配置 audit.retention_days）。');
    await expect(run('logs.cleanup', { log: 'both', older_than_days: 30 })).rejects.toThrow('保留天数不能少于审计日志的保留期 180 天');
    // The read-only `test` user (no Delete on the logs) and an unknown requester: refused, nothing deleted.
    const test = (await srv.query<{ id: number }>("SELECT id FROM users WHERE username = 'test'"))[0]?.id ?? 0;
    const old = def?.args.parse({ log: 'both', older_than_days: 180 });
    expect(await def?.refusal?.(old, ctx, test)).toBe('没有删除登录日志的权限：清理日志需要登录日志的删除权限（数据范围为全部）。');
    await expect(run('logs.cleanup', { log: 'operation', older_than_days: 180 }, test)).rejects.toThrow('没有删除操作日志的权限');
    await expect(run('logs.cleanup', { log: 'both', older_than_days: 180 }, null)).rejects.toThrow('清理日志必须由有删除日志权限的用户发起。');
    expect(await count()).toBe(3);
    // The superuser with a retention-respecting age: the 300-day rows go, the 40-day one stays.
    await run('logs.cleanup', { log: 'both', older_than_days: 180 });
    expect(await count()).toBe(1);
  });

  it('messages.announce sends a message-center announcement to everybody', async () => {
    const out = (await run('messages.announce', { title: '维护通知', content: '今晚 2 点维护' })) as { message: number; recipients: number };
    const row = (await srv.query<{ title: string; target_type: number }>('SELECT title, target_type FROM message_center WHERE id = $1', [out.message]))[0];
    expect(row).toEqual({ title: '维护通知', target_type: 3 });
    const users = (await srv.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_active'))[0]?.n ?? 0;
    expect(out.recipients).toBe(users);
  });
});
