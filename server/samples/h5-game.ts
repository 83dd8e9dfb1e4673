import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { fail, ok } from '../http/envelope';
import { createServerClient } from '../../sdk/track/src/server';

/**
 * The sample H5 game shipped with the project (星星收集者, /samples/h5-game/): a small page that
 * uses the tracking SDK's global build with its app's public key, and its "game server" part: the
 * purchase route prices the item itself and reports the order to POST /api/ingest/orders/ signed with
 * the app's secret (the SDK's server helper), which never leaves this process. The first start of a
 * fresh database adds the game to the catalogue with its tracking app (setupSampleGame, main.ts).
 * docs/tracking.md, "Integrating a game".
 */

export const SAMPLE_GAME_CODE = 'h5-sdk-sample';
export const SAMPLE_GAME_NAME = '星星收集者（SDK 示例）';
const PREFIX = '/samples/h5-game/';

/** The page's files, from this folder (or beside the compiled server: build/server/samples/h5-game/). */
const FILES: Record<string, string> = { '': 'index.html', 'index.html': 'index.html', 'game.js': 'game.js', 'game.css': 'game.css' };
const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/** What the shop sells: the server decides the price, never the page. */
const ITEMS: Record<string, { amount: number; gems: number }> = { gems_60: { amount: 600, gems: 60 }, gems_300: { amount: 3000, gems: 300 } };

/** Purchases per client address and minute (a sample: enough to play, not to flood 收入中心). */
const PURCHASES_PER_MINUTE = 20;

/** The game's page runs its own script and calls its own origin (the console's API on the same server). */
const GAME_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http: https:; frame-ancestors *; base-uri 'none'; form-action 'none'";

async function readPageFile(name: string): Promise<Buffer | null> {
  // Beside this module (tsx), or the source folder when running the compiled server from the repository.
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, 'h5-game'), join(process.cwd(), 'server', 'samples', 'h5-game')]) {
    const data = await readFile(join(dir, name)).catch(() => null);
    if (data) return data;
  }
  return null;
}

interface SampleApp {
  app_key: string;
  secret: string;
  public_key: string | null;
  enabled: boolean;
}

async function sampleApp(ctx: AppContext): Promise<SampleApp | null> {
  const rows = await ctx.db.query<SampleApp>(
    'SELECT a.app_key, a.secret, a.public_key, a.enabled FROM tracking_apps a JOIN games g ON g.id = a.game WHERE g.code = $1 ORDER BY a.id LIMIT 1',
    [SAMPLE_GAME_CODE],
  );
  return rows[0] ?? null;
}

export async function sampleGameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const recent = new Map<string, number[]>();

  const page = async (file: string, reply: FastifyReply) => {
    const name = FILES[file];
    const data = name ? await readPageFile(name) : null;
    if (!name || !data) return reply.code(404).send(fail('示例游戏没有这个文件', 404));
    return reply
      .header('Content-Type', TYPES[name.split('.').pop() ?? 'html'] ?? 'application/octet-stream')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', GAME_CSP)
      .removeHeader('X-Frame-Options')
      .send(data);
  };
  app.get(PREFIX, async (_req, reply) => page('', reply));
  app.get(`${PREFIX}:file`, async (req, reply) => page((req.params as { file: string }).file, reply));

  // The page's settings: its app's public key (write-only; the secret is never sent).
  app.get(`${PREFIX}config.json`, async (_req, reply) => {
    const found = await sampleApp(ctx);
    reply.header('Cache-Control', 'no-store');
    if (!found?.public_key || !found.enabled) return fail('示例游戏还没有启用的埋点应用（首次启动的示例数据会创建它）', 404);
    return ok({ public_key: found.public_key });
  });

  // The "game server": prices the item, reports the paid order signed with the secret, answers the order.
  app.post(`${PREFIX}purchase`, async (req, reply) => {
    const now = Date.now();
    const times = (recent.get(req.ip) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= PURCHASES_PER_MINUTE) return reply.code(429).header('Retry-After', '60').send(fail('购买太频繁，请稍后再试', 429));
    times.push(now);
    recent.set(req.ip, times);
    if (recent.size > 10_000) recent.clear();
    const body = (req.body ?? {}) as { distinct_id?: unknown; item?: unknown };
    const player = typeof body.distinct_id === 'string' ? body.distinct_id.trim() : '';
    if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(player)) return fail('distinct_id 应为 1–128 个字母、数字或 _ . : -');
    const item = typeof body.item === 'string' ? ITEMS[body.item] : undefined;
    if (!item) return fail(`没有这个商品，可选：${Object.keys(ITEMS).join('、')}`);
    const found = await sampleApp(ctx);
    if (!found?.enabled) return fail('示例游戏还没有启用的埋点应用', 404);
    let secret: string;
    try {
      secret = ctx.secretBox.open(found.secret);
    } catch {
      return fail('示例游戏的密钥无法解开（ACCOUNT_SECRET_KEY 变了）：请在埋点应用里重新生成密钥', 500);
    }
    const order = {
      order_id: `sample-${randomUUID()}`,
      distinct_id: player,
      amount: item.amount,
      currency: 'CNY',
      channel: 'official',
      method: 'wechat',
      region: 'CN-GD',
      status: 'paid' as const,
      time: new Date(now).toISOString(),
    };
    // This very server, by the local address the connection came in on (never the client's Host header,
    // which would send a signed order wherever a caller points it).
    const local = req.socket.localAddress ?? '127.0.0.1';
    const platform = createServerClient({ host: `${req.protocol}://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort ?? 80}`, appKey: found.app_key, secret, attempts: 3 });
    try {
      const result = await platform.sendOrders([order]);
      if (result.rejected.length > 0) return fail(`订单被拒绝：${result.rejected[0]?.reason ?? ''}`);
    } catch (err) {
      req.log.warn({ err }, 'sample game: order not reported');
      return reply.code(502).send(fail(`订单上报失败：${err instanceof Error ? err.message : String(err)}`, 502));
    }
    return ok({ order_id: order.order_id, amount: order.amount, currency: order.currency, gems: item.gems }, '支付成功');
  });
}

/**
 * The address the catalogue gives the sample game: this server under its other loopback name
 * (127.0.0.1 ↔ localhost), so the H5 preview of a console opened on one frames the game from another
 * host (its own origin, allowed by its app; never the console's cookies). SAMPLE_GAME_URL overrides.
 */
export function sampleGameUrl(baseUrl: string, override = process.env.SAMPLE_GAME_URL): string {
  if (override) return override;
  const url = new URL(baseUrl);
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return new URL(PREFIX, url).toString();
}

/**
 * Adds the sample game to the catalogue with a tracking app whose allowed origins are the game's
 * addresses (once: nothing when the code exists). Runs against a listening server as its first
 * superuser, like the event simulator.
 */
export async function setupSampleGame(db: { query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> }, baseUrl: string, token: string): Promise<{ game: number; app: number } | null> {
  if ((await db.query<{ id: number }>('SELECT id FROM games WHERE code = $1', [SAMPLE_GAME_CODE]))[0]) return null;
  const url = sampleGameUrl(baseUrl);
  const now = new Date().toISOString();
  const game = (
    await db.query<{ id: number }>(
      `INSERT INTO games (kind, name, status, url, code, description, creator, modifier, dept_belong_id, create_datetime, update_datetime)
       VALUES ('h5', $1, 'online', $2, $3, $4, 1, '1', '1', $5, $5) RETURNING id`,
      [SAMPLE_GAME_NAME, url, SAMPLE_GAME_CODE, '@console/track 的示例 H5 游戏：公开密钥上报事件，游戏服务器用密钥签名上报订单。', now],
    )
  )[0]?.id;
  if (!game) return null;
  const origins = [...new Set([new URL(url).origin, new URL(baseUrl).origin])];
  const res = await fetch(`${baseUrl}/api/embed_configure/game/`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ game, enabled: true, allowed_origins: origins, description: '示例 H5 游戏（SDK 接入）' }),
  });
  const json = (await res.json()) as { code: number; msg: unknown; data: { id: number } };
  if (json.code !== 2000) throw new Error(`sample game: tracking app not created: ${JSON.stringify(json.msg)}`);
  // The origins once more as an update (the way the 接入 panel saves them), whatever create kept.
  const patched = await fetch(`${baseUrl}/api/embed_configure/game/${json.data.id}/`, {
    method: 'PATCH',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ allowed_origins: origins }),
  });
  const answer = (await patched.json()) as { code: number; msg: unknown };
  if (answer.code !== 2000) throw new Error(`sample game: allowed origins not saved: ${JSON.stringify(answer.msg)}`);
  return { game, app: json.data.id };
}
