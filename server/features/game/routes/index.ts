import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { batchCodesQuery, GAME_KINDS, lookupQuery, previewQuery, redeemInput, type GameKind } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { CrudResource } from '../../../domain/crud/resource';
import { allGamesSpec, gameSpec } from '../resources/game';
import { giftCodeBatchSpec } from '../resources/gift-code-batch';
import { releaseSpec } from '../resources/release';
import { CrudError } from '../../../domain/crud/spec';
import { gameDetail, h5Preview } from '../domain/detail';
import { exportBatchCodes, listBatchCodes, redeemCode, voidBatch } from '../domain/gift-codes';
import { lookup } from '../domain/lookup';
import { publishRelease, rollbackToRelease } from '../domain/releases';
import { currentAccount } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { RateLimited } from '../../../http/rate-limit';
import { isRecord } from '../../../is-record';
import { parseInput } from '../../../domain/validation';
import { guarded, ID, NOT_FOUND, registerResource, rowId, sendFile } from '../../../http/crud-routes';
import { uploadRoutes } from './uploads';

const idOf = (req: FastifyRequest) => rowId(req) ?? 0;

/**
 * The game catalogue under /api/game/: the four game screens, releases (game/history),
 * gift-code batches (game/code) as declarative resources with the system screens' routes, plus the
 * actions: publish and rollback, the codes of a batch, their export, voiding, redemption, the
 * cross-game lookup (game/query), the detail of one game (game/detail), the open H5 preview and the
 * purpose uploads. Every call is authorized by the one access check (server/http/access.ts) with menu
 * buttons like the system screens' (domain/permissions.ts says which button grants a call another
 * route's button covers); the preview is open, as /preview is.
 */
export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: Math.max(ctx.config.uploadMaxBytes.icon, ctx.config.uploadMaxBytes.package), files: 1, fields: 10, parts: 12 } });
    // List pages stay in memory until the database changes, where this process is its only writer.
    const options = { cacheLists: ctx.db.kind === 'pglite' };
    const games = Object.fromEntries(GAME_KINDS.map((kind) => [kind, new CrudResource(gameSpec(kind), ctx.db, options)])) as Record<GameKind, CrudResource>;
    const releases = new CrudResource(releaseSpec(), ctx.db, options);
    // Batches are not kept: their state (not started, active, expired) moves with the clock.
    const batches = new CrudResource(giftCodeBatchSpec(), ctx.db);

    // Actions with static paths first.
    uploadRoutes(scope, ctx);

    // The open preview call of /preview?code=: the code in the path (or as ?code=).
    const preview = (source: 'params' | 'query') => async (req: FastifyRequest, reply: FastifyReply) =>
      guarded(reply, async () => {
        const parsed = parseInput(previewQuery, (source === 'params' ? req.params : req.query) ?? {}, { code: '游戏代码' });
        if (!parsed.ok) throw new CrudError(parsed.msg);
        const found = await h5Preview(ctx.db, parsed.data.code);
        if (!found) throw new CrudError(`没有游戏代码为 ${parsed.data.code} 的 H5 游戏。`, 404);
        return ok(found, '获取成功');
      });
    scope.get('/api/game/h5/preview/', preview('query'));
    scope.get('/api/game/h5/preview/:code/', preview('params'));

    scope.get('/api/game/query/', async (req, reply) =>
      guarded(reply, async () => {
        const parsed = parseInput(lookupQuery, req.query ?? {}, { search: '查询内容' });
        if (!parsed.ok) throw new CrudError(parsed.msg);
        const found = await lookup(ctx.db, parsed.data.search);
        return ok(found, found.total === 0 ? '暂无数据' : 'success');
      }),
    );

    // Every game, whatever its kind: the pickers of the release, batch and account forms (search, ids).
    const allGames = new CrudResource(allGamesSpec(), ctx.db, options);
    scope.get('/api/game/detail/', async (req, reply) =>
      guarded(reply, async () => {
        const data = await allGames.list(req.query as Record<string, string>, null);
        return ok(data, data.data.length === 0 ? '暂无数据' : 'success');
      }),
    );

    scope.get(`/api/game/detail/${ID}/`, async (req, reply) =>
      guarded(reply, async () => {
        const found = await gameDetail(ctx.db, idOf(req), ctx.config.analyticsTz);
        return found ? ok(found, '获取成功') : NOT_FOUND;
      }),
    );
    scope.put(`/api/game/detail/${ID}/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = idOf(req);
        const kind = (await ctx.db.query<{ kind: GameKind }>('SELECT kind FROM games WHERE id = $1', [id]))[0]?.kind;
        if (!kind) return NOT_FOUND;
        const row = await games[kind].update(currentAccount(req), id, req.body, false, null);
        if (!row) return NOT_FOUND;
        return ok(await gameDetail(ctx.db, id, ctx.config.analyticsTz), '更新成功');
      }),
    );

    scope.put(`/api/game/history/${ID}/publish/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = idOf(req);
        if (!(await publishRelease(ctx.db, id, currentAccount(req)))) return NOT_FOUND;
        return ok(await releases.retrieve(id), '发布成功');
      }),
    );
    scope.put(`/api/game/history/${ID}/rollback/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = idOf(req);
        if (!(await rollbackToRelease(ctx.db, id, currentAccount(req)))) return NOT_FOUND;
        return ok(await releases.retrieve(id), '回滚成功');
      }),
    );

    // Redemption is throttled per client address and per player (counted in the database, so across
    // instances): guessing codes costs time, whoever sends the guesses.
    // (The plugin runs one `rateLimit` handler per request, so both counts go through createRateLimit.)
    type Check = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttl?: number }>;
    const create = (scope as unknown as { createRateLimit: (o: object) => Check }).createRateLimit;
    const counter = (key: string, max: number, of: (req: FastifyRequest) => string) => create({ max, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `redeem:${key}:${of(req)}` });
    const playerOf = (req: FastifyRequest) => {
      const player = isRecord(req.body) ? req.body.player : undefined;
      return typeof player === 'string' ? player.trim().slice(0, 128) : '';
    };
    const counters = [counter('address', ctx.config.redeemPerMinute.address, (req) => req.clientIp || req.ip), counter('player', ctx.config.redeemPerMinute.player, playerOf)];
    const redeemThrottle: preHandlerAsyncHookHandler = async (req) => {
      for (const check of counters) {
        const verdict = await check(req);
        if (!verdict.isAllowed && verdict.isExceeded) throw new RateLimited(Math.max(1, Math.ceil((verdict.ttl ?? 60_000) / 1000)));
      }
    };
    scope.post('/api/game/code/redeem/', { preHandler: redeemThrottle }, async (req, reply) =>
      guarded(reply, async () => {
        const parsed = parseInput(redeemInput, req.body, { code: '兑换码', player: '玩家' });
        if (!parsed.ok) throw new CrudError(parsed.msg);
        return ok(await redeemCode(ctx.db, parsed.data), '兑换成功');
      }),
    );
    scope.get(`/api/game/code/${ID}/codes/`, async (req, reply) =>
      guarded(reply, async () => {
        const parsed = parseInput(batchCodesQuery, req.query ?? {}, { page: 'page', limit: 'limit', status: '状态', search: '兑换码', ordering: 'ordering' });
        if (!parsed.ok) throw new CrudError(parsed.msg);
        const id = idOf(req);
        // Unredeemed codes in full only for whoever may export them (the batch's Export right).
        const whole = (await ctx.permissions.allows(currentAccount(req), 'GET', `/api/game/code/${id}/export_codes/`)).ok;
        const page = await listBatchCodes(ctx.db, id, parsed.data, Date.now(), whole);
        if (!page) return NOT_FOUND;
        return ok(page, page.data.length === 0 ? '暂无数据' : 'success');
      }),
    );
    scope.get(`/api/game/code/${ID}/export_codes/`, async (req, reply) =>
      guarded(reply, async () => {
        const file = await exportBatchCodes(ctx.db, idOf(req));
        return file ? sendFile(reply, file) : NOT_FOUND;
      }),
    );
    scope.put(`/api/game/code/${ID}/void/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = idOf(req);
        if (!(await voidBatch(ctx.db, id, currentAccount(req)))) return NOT_FOUND;
        return ok(await batches.retrieve(id), '已作废');
      }),
    );

    for (const resource of [...Object.values(games), releases, batches]) registerResource(scope, ctx, resource, { noImport: true });
  });
}

