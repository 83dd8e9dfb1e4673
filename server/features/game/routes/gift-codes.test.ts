import { beforeAll, describe, expect, it } from 'vitest';
import { batchRow, giftCodeRow, listPage, redeemResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { maskCode, redeemRefusal } from '../domain/gift-codes';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';
import { serverOn } from '../../../test/cluster';

const SETUP_MS = 120_000;
const at = (offsetDays: number) => formatDatetime(Date.now() + offsetDays * 86_400_000);

describe('gift codes: batches, codes, export, voiding, redemption', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let test: string;
  let game: number;

  suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, test] } = s), {}, SETUP_MS);
  beforeAll(async () => {
    game = (await ctx.db.query<{ id: number }>("SELECT id FROM games WHERE kind = 'android' ORDER BY id LIMIT 1"))[0]?.id ?? 0;
  }, SERVER_TIMEOUT_MS);

  const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n ?? -1;
  const batch = (body: Record<string, unknown>) =>
    call(srv, '/api/game/code/', { token: sa, body: { game, count: 10, prefix: 'T', start_time: at(-1), end_time: at(30), reward: '金币×100', ...body } });
  const codesOf = async (id: number, query = '') => expectData(await call(srv, `/api/game/code/${id}/codes/?limit=999${query}`, { token: sa }), listPage(giftCodeRow));
  const redeem = (code: string, player: string, token = sa) => call(srv, '/api/game/code/redeem/', { token, body: { code, player } });

  it('POST /api/game/code/ { game, count, prefix, start_time, end_time, reward } → data.id; the codes follow the generator and are unique', async () => {
    const short = expectData(await batch({ count: 1000, prefix: 'spring' }), batchRow);
    expect(short).toMatchObject({ game, count: 1000, prefix: 'SPRING', generator: 'short', redeemed: 0, status: 'active', state: 'active' });
    const day = formatDatetime(Date.now()).replace(/-/g, '').slice(2, 8);
    // The stem: prefix + yyMMdd (a short date) + 4 random digits.
    expect(short.stem).toMatch(new RegExp(`^SPRING${day}\\d{4}$`));
    const all = await codesOf(short.id);
    expect(all.total).toBe(1000);
    const page = expectData(await call(srv, `/api/game/code/${short.id}/codes/?page=2&limit=400`, { token: sa }), listPage(giftCodeRow));
    expect(page).toMatchObject({ page: 2, limit: 400, total: 1000, is_next: true });
    const codes = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1', [short.id])).map((r) => r.code);
    expect(codes).toHaveLength(1000);
    expect(new Set(codes).size).toBe(1000);
    // The stem + 8 letters/digits without look-alikes.
    for (const c of codes) expect(c).toMatch(new RegExp(`^${short.stem}[A-HJ-NP-Z2-9]{8}$`));
    expect(all.data.every((c) => c.status === 'unused' && c.player === null)).toBe(true);

    const dated = expectData(await batch({ count: 50, prefix: '', generator: 'date' }), batchRow);
    const dcodes = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1', [dated.id])).map((r) => r.code);
    // yyyyMMddHHmmss (a date-based code) + a 2-digit random number, then the tail.
    expect(dated.stem).toMatch(/^20\d{12}\d{2}$/);
    for (const c of dcodes) expect(c).toMatch(new RegExp(`^${dated.stem}[A-HJ-NP-Z2-9]{8}$`));
    // Stems are unique among batches.
    expect(await count('(SELECT stem FROM gift_code_batches GROUP BY stem HAVING count(*) > 1) d')).toBe(0);
    // Platform-wide: no code of any batch twice.
    expect(await count('(SELECT code FROM gift_codes GROUP BY code HAVING count(*) > 1) d')).toBe(0);
  });

  it('bad input: a count of 0 or over 100,000, an unknown game, an end before the start, a bad prefix; a failed batch leaves no codes', async () => {
    const [batches, codes] = [await count('gift_code_batches'), await count('gift_codes')];
    expectFailure(await batch({ count: 0 }), 4000, '数量:不能小于 1。');
    expectFailure(await batch({ count: 100_001 }), 4000, '数量:不能大于 100000。');
    expectFailure(await batch({ count: 2.5 }), 4000, '数量:类型不正确。');
    expectFailure(await batch({ game: 99999 }), 4000, '游戏:id 为 99999 的游戏不存在。');
    expectFailure(await batch({ start_time: at(5), end_time: at(1) }), 4000, '结束时间:必须晚于开始时间。');
    expectFailure(await batch({ prefix: 'A-B' }), 4000, '前缀:只能包含字母和数字。');
    expectFailure(await batch({ prefix: 'TOOLONGPREFIX' }), 4000, '前缀:长度不能超过 8 个字符。');
    expectFailure(await batch({ reward: '' }), 4000, '奖励内容:该字段不能为空。');
    expectFailure(await batch({ start_time: 'tomorrow' }), 4000, '开始时间:日期时间格式应为 YYYY-MM-DD HH:mm:ss。');
    expect([await count('gift_code_batches'), await count('gift_codes')]).toEqual([batches, codes]);
  });

  it('a batch whose code generation fails mid-way rolls back whole: no batch row, no code', async () => {
    const [batches, codes] = [await count('gift_code_batches'), await count('gift_codes')];
    // A trigger that refuses the 3rd code of the next batch: the insert fails inside the batch's transaction.
    await ctx.db.exec(`CREATE OR REPLACE FUNCTION refuse_codes() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full' USING ERRCODE = '53100'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_codes BEFORE INSERT ON gift_codes FOR EACH STATEMENT EXECUTE FUNCTION refuse_codes();`);
    try {
      const res = await batch({ count: 100 });
      expect(res.body.code).not.toBe(2000);
      expect(res.status).toBeLessThan(500);
    } finally {
      await ctx.db.exec('DROP TRIGGER refuse_codes ON gift_codes; DROP FUNCTION refuse_codes();');
    }
    expect([await count('gift_code_batches'), await count('gift_codes')]).toEqual([batches, codes]);
  });

  it('redeem once → 2000 and the code shows redeemed; again → 4000; unknown, used, voided, expired, not started → one 4000 refusal that does not tell them apart', async () => {
    const b = expectData(await batch({ count: 5 }), batchRow);
    const [first, second] = (await codesOf(b.id)).data;
    const done = expectData(await redeem(first?.code.toLowerCase() ?? '', 'player-001'), redeemResult);
    expect(done).toMatchObject({ code: first?.code, player: 'player-001', batch: b.id, game, reward: '金币×100' });
    const after = await codesOf(b.id, '&status=redeemed');
    expect(after.data).toEqual([{ code: first?.code, status: 'redeemed', player: 'player-001', redeem_time: done.redeem_time }]);
    expect(expectData(await call(srv, `/api/game/code/${b.id}/`, { token: sa }), batchRow).redeemed).toBe(1);
    expect((await codesOf(b.id, '&status=unused')).total).toBe(4);

    const again = await redeem(first?.code ?? '', 'player-001');
    expect(again.body).toEqual({ code: 4000, data: null, msg: `兑换码 ${first?.code} 已被该玩家兑换过（${done.redeem_time}），不能重复兑换。` });
    // A used code and a code that never existed answer alike (code and message), so guesses cannot find codes.
    const used = await redeem(first?.code ?? '', 'player-002');
    const missing = await redeem('NOSUCHCODE', 'player-001');
    expect(used.body).toEqual({ code: 4000, data: null, msg: redeemRefusal(first?.code ?? '') });
    expect(missing.body).toEqual({ code: 4000, data: null, msg: redeemRefusal('NOSUCHCODE') });
    expect(String(used.body.msg).replace(first?.code ?? '', '')).toBe(String(missing.body.msg).replace('NOSUCHCODE', ''));
    expect(used.status).toBe(missing.status);
    expectFailure(await redeem(second?.code ?? '', 'bad player!'), 4000, '玩家:只能包含字母、数字和 _ . : @ - 字符。');
    expectFailure(await call(srv, '/api/game/code/redeem/', { token: sa, body: { player: 'p' } }), 4000, '兑换码:该字段是必填项。');

    expect(expectData(await call(srv, `/api/game/code/${b.id}/void/`, { method: 'PUT', token: sa }), batchRow)).toMatchObject({ status: 'void', state: 'void' });
    expectFailure(await redeem(second?.code ?? '', 'player-003'), 4000, redeemRefusal(second?.code ?? ''));
    expectFailure(await call(srv, `/api/game/code/${b.id}/void/`, { method: 'PUT', token: sa }), 4000, '该批次已经作废。');
    const voided = await codesOf(b.id);
    expect(voided.data.filter((c) => c.status === 'void')).toHaveLength(4);
    expect(voided.data.filter((c) => c.status === 'redeemed')).toHaveLength(1);

    const expired = expectData(await batch({ count: 2, start_time: at(-10), end_time: at(-1) }), batchRow);
    expect(expired.state).toBe('expired');
    const ec = (await codesOf(expired.id)).data[0];
    expect(ec?.status).toBe('expired');
    expectFailure(await redeem(ec?.code ?? '', 'player-004'), 4000, redeemRefusal(ec?.code ?? ''));

    const later = expectData(await batch({ count: 2, start_time: at(3), end_time: at(10) }), batchRow);
    expect(later.state).toBe('pending');
    const lc = (await codesOf(later.id)).data[0];
    expectFailure(await redeem(lc?.code ?? '', 'player-005'), 4000, redeemRefusal(lc?.code ?? ''));
  });

  it('export_codes gives the whole batch as xlsx (code, status, player, redeem time)', async () => {
    const b = expectData(await batch({ count: 1000, prefix: 'XLSX' }), batchRow);
    const one = (await codesOf(b.id)).data[3]?.code ?? '';
    expectData(await redeem(one, 'excel-player'), redeemResult);
    const res = await fetch(`${srv.baseUrl}/api/game/code/${b.id}/export_codes/`, { headers: { authorization: `JWT ${sa}` } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain(`批次${b.id}`);
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(['兑换码', '状态', '玩家', '兑换时间']);
    expect(sheet).toHaveLength(1001);
    const codes = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1 ORDER BY code', [b.id])).map((r) => r.code);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(codes);
    const row = sheet.find((r) => r[0] === one);
    expect(row?.slice(1, 3)).toEqual(['已兑换', 'excel-player']);
    expect(sheet.filter((r) => r[1] === '未使用')).toHaveLength(999);
  });

  it('a batch with redeemed codes cannot be deleted; one without can (its codes go with it)', async () => {
    const used = (await ctx.db.query<{ id: number; redeemed: number }>('SELECT id, redeemed FROM gift_code_batches WHERE redeemed > 0 ORDER BY id LIMIT 1'))[0];
    expectFailure(await call(srv, `/api/game/code/${used?.id}/`, { method: 'DELETE', token: sa }), 4000, `批次 ${used?.id} 已有 ${used?.redeemed} 个兑换码被兑换，不能删除；请改为作废。`);
    const fresh = expectData(await batch({ count: 20 }), batchRow);
    expect((await call(srv, `/api/game/code/${fresh.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
    expect(await count('gift_codes WHERE batch = $1', [fresh.id])).toBe(0);
  });

  it('the batch update changes reward and end time only; an end before the start is refused', async () => {
    const b = expectData(await batch({ count: 1 }), batchRow);
    const saved = expectData(await call(srv, `/api/game/code/${b.id}/`, { method: 'PUT', token: sa, body: { reward: '钻石×10', end_time: at(60), count: 99999 } }), batchRow);
    expect(saved).toMatchObject({ reward: '钻石×10', count: 1 });
    expectFailure(await call(srv, `/api/game/code/${b.id}/`, { method: 'PUT', token: sa, body: { end_time: at(-5) } }), 4000, '结束时间:必须晚于开始时间。');
  });

  it('user test lists batches and codes but cannot create, void, export codes or redeem', async () => {
    const b = (await ctx.db.query<{ id: number }>("SELECT id FROM gift_code_batches WHERE status = 'active' ORDER BY id LIMIT 1"))[0]?.id ?? 0;
    expect((await call(srv, `/api/game/code/${b}/codes/`, { token: test })).body.code).toBe(2000);
    const code = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1 AND player IS NULL LIMIT 1', [b]))[0]?.code ?? '';
    expectFailure(await redeem(code, 'p1', test), 4000, '您没有执行该操作的权限。 (POST: /api/game/code/redeem/)');
    expectFailure(await call(srv, `/api/game/code/${b}/void/`, { method: 'PUT', token: test }), 4000, `您没有执行该操作的权限。 (PUT: /api/game/code/${b}/void/)`);
    expectFailure(await call(srv, `/api/game/code/${b}/export_codes/`, { token: test }), 4000, `您没有执行该操作的权限。 (GET: /api/game/code/${b}/export_codes/)`);
    expectFailure(await call(srv, '/api/game/code/', { token: test, body: { game, count: 1 } }), 4000, '您没有执行该操作的权限。 (POST: /api/game/code/)');
    expect(await count('gift_codes WHERE code = $1 AND player IS NULL', [code])).toBe(1);
  });

  it('without the Export right unredeemed codes are masked (a search finds them only by their whole code); with it they read in full', async () => {
    const b = expectData(await batch({ count: 6, prefix: 'MASK' }), batchRow);
    const whole = (await codesOf(b.id)).data.map((c) => c.code);
    const redeemed = whole[0] ?? '';
    expectData(await redeem(redeemed, 'mask-player'), redeemResult);
    const seen = expectData(await call(srv, `/api/game/code/${b.id}/codes/?limit=999`, { token: test }), listPage(giftCodeRow));
    expect(seen.total).toBe(6);
    for (const row of seen.data) {
      if (row.status === 'redeemed') expect(row.code).toBe(redeemed);
      else {
        // The stem (shown on the batch row) and the last two characters; the six before them hidden.
        expect(row.code).toMatch(new RegExp(`^${b.stem}\\*{6}[A-HJ-NP-Z2-9]{2}$`));
        expect(whole).not.toContain(row.code);
        expect(row.code).toBe(maskCode(whole.find((c) => c.endsWith(row.code.slice(-2)) && c.startsWith(b.stem)) ?? '', b.stem));
      }
    }
    expect(seen.data.filter((r) => r.code.includes('*'))).toHaveLength(5);
    // No unredeemed code is spelled out by substring searches.
    const unused = whole[1] ?? '';
    const partial = expectData(await call(srv, `/api/game/code/${b.id}/codes/?search=${unused.slice(0, -1)}`, { token: test }), listPage(giftCodeRow));
    expect(partial.total).toBe(0);
    const exact = expectData(await call(srv, `/api/game/code/${b.id}/codes/?search=${unused}`, { token: test }), listPage(giftCodeRow));
    expect(exact.data.map((r) => r.code)).toEqual([maskCode(unused, b.stem)]);
    // The superuser (who may export) sees every code whole, and finds them by substring.
    expect((await codesOf(b.id)).data.map((c) => c.code)).toEqual(whole);
    expect((await codesOf(b.id, `&search=${unused.slice(0, -1)}`)).data.map((c) => c.code)).toEqual([unused]);
  });

  it('a game server account: an API white-list entry for redeem/ lets a non-superuser redeem and nothing else', async () => {
    const b = expectData(await batch({ count: 3 }), batchRow);
    const code = (await codesOf(b.id)).data[0]?.code ?? '';
    const entry = expectData(await call(srv, '/api/system/api_white_list/', { token: sa, body: { url: '/api/game/code/redeem/', method: 1, enable_datasource: false, open_write: true } }), batchRow.pick({ id: true }));
    try {
      expectData(await redeem(code, 'from-game-server', test), redeemResult);
      expect((await call(srv, `/api/game/code/${b.id}/void/`, { method: 'PUT', token: test })).body.code).toBe(4000);
    } finally {
      await call(srv, `/api/system/api_white_list/${entry.id}/`, { method: 'DELETE', token: sa });
    }
  });
});

/**
 * The redemption race: 100 concurrent calls for one code give exactly one success, on the embedded
 * database and on a real PostgreSQL server (where the calls really run in parallel on the pool).
 */
describe.each(['pglite', 'postgres'] as const)('100 concurrent redemptions of one code (%s)', (kind) => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  serverOn(kind, 'console_codes', { JWT_SECRET: 'codes-test-secret-0123456789abcdef' }, (instance) => ({ srv, ctx, sa } = instance));

  it('exactly one 2000, 99 × 4000 with the one refusal, the batch counts one redemption', async () => {
    expect(ctx.db.kind).toBe(kind);
    for (let round = 0; round < 3; round++) {
      const b = expectData(
        await call(srv, '/api/game/code/', { token: sa, body: { game: 1, count: 5, prefix: 'RACE', start_time: at(-1), end_time: at(1), reward: 'x' } }),
        batchRow,
      );
      const code = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1 ORDER BY code LIMIT 1', [b.id]))[0]?.code ?? '';
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(srv, '/api/game/code/redeem/', { token: sa, body: { code, player: `racer-${i}` } })));
      const wins = answers.filter((a) => a.body.code === 2000);
      expect(wins).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === 4000)).toHaveLength(99);
      for (const a of answers) expect(a.status).toBe(200);
      for (const a of answers.filter((x) => x.body.code === 4000)) expect(a.body.msg).toBe(redeemRefusal(code));
      const winner = (wins[0]?.body.data as { player: string }).player;
      const stored = await ctx.db.query<{ player: string }>('SELECT player FROM gift_codes WHERE code = $1', [code]);
      expect(stored).toEqual([{ player: winner }]);
      expect((await ctx.db.query<{ redeemed: number }>('SELECT redeemed FROM gift_code_batches WHERE id = $1', [b.id]))[0]?.redeemed).toBe(1);
    }
  }, SETUP_MS);
});

describe('gift-code redemption is throttled per player and per client address', () => {
  let srv: TestServer;
  let sa: string;
  suiteServer(['superadmin'], (s) => ({ srv, tokens: [sa] } = s), { env: { REDEEM_PLAYER_PER_MINUTE: '3', REDEEM_ADDRESS_PER_MINUTE: '6' } }, SETUP_MS);
  const redeem = (code: string, player: string) => call(srv, '/api/game/code/redeem/', { token: sa, body: { code, player } });

  it('the 4th guess of one player in a minute and the 7th of one address answer 429 with the envelope', async () => {
    for (let i = 0; i < 3; i++) expect((await redeem(`GUESS${i}`, 'guesser')).body.code).toBe(4000);
    const fourth = await redeem('GUESS3', 'guesser');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 4000, data: null });
    expect(String(fourth.body.msg)).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // Other players from the same address: what is left of the address's 6 (4 used), then not.
    for (let i = 0; i < 2; i++) expect((await redeem(`OTHER${i}`, `player-${i}`)).body).toMatchObject({ code: 4000, msg: redeemRefusal(`OTHER${i}`) });
    const seventh = await redeem('OTHER9', 'player-9');
    expect(seventh.status).toBe(429);
    expect(String(seventh.body.msg)).toMatch(/^请求过于频繁/);
  });
});
