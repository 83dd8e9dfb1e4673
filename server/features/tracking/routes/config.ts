import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudResource } from '../../../domain/crud/resource';
import { eventDefineSpec } from '../resources/event-define';
import { funnelDefineSpec } from '../resources/funnel-define';
import type { LiveEvents } from '../domain/live';
import { regenerateCredentials, regeneratePublicKey, trackingAppSpec } from '../resources/tracking-app';
import { currentAccount } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { guarded, ID, NOT_FOUND, registerResource, rowId } from '../../../http/crud-routes';

/**
 * embed_configure/*: tracking apps (+ regenerate, + public_key), event definitions per game and global, funnels, as
 * declarative resources with the system screens' routes. Lists are not kept in memory: their rows
 * carry live figures (last event, events of 7 days, in use) that ingestion moves.
 */
export async function registerTrackingConfigRoutes(app: FastifyInstance, ctx: AppContext, _live?: LiveEvents): Promise<void> {
  await app.register(async (scope) => {
    const apps = new CrudResource(trackingAppSpec(ctx.secretBox), ctx.db);
    const events = new CrudResource(eventDefineSpec(false), ctx.db);
    const globals = new CrudResource(eventDefineSpec(true), ctx.db);
    const funnels = new CrudResource(funnelDefineSpec(), ctx.db);

    // The only answer that holds the secret; the operation log keeps it masked. Granted by the screen's Update button.
    scope.post(
      `/api/embed_configure/game/${ID}/regenerate/`,
      {
        onSend: async (req, _reply, payload) => {
          if (typeof payload === 'string' && req.opLogResult !== null) req.opLogResult = payload.replace(/"secret":"(?:[^"\\]|\\.)*"/g, '"secret":"******"');
          return payload;
        },
      },
      async (req, reply) =>
        guarded(reply, async () => {
          const id = rowId(req) ?? 0;
          const account = currentAccount(req);
          const pair = await ctx.db.transaction((tx) => regenerateCredentials(tx, ctx.secretBox, id, account.id));
          return pair ? ok(pair, '已重新生成，旧的 App Key 和密钥已失效') : NOT_FOUND;
        }),
    );

    // The public key alone (the app key and secret stay): granted by the screen's Update button.
    scope.post(`/api/embed_configure/game/${ID}/public_key/`, async (req, reply) =>
      guarded(reply, async () => {
        const id = rowId(req) ?? 0;
        const account = currentAccount(req);
        const key = await ctx.db.transaction((tx) => regeneratePublicKey(tx, id, account.id));
        return key ? ok(key, '已重新生成公开密钥，旧的公开密钥已失效') : NOT_FOUND;
      }),
    );

    registerResource(scope, ctx, apps, { noImport: true });
    registerResource(scope, ctx, events, { noImport: true });
    registerResource(scope, ctx, globals, { noImport: true });
    registerResource(scope, ctx, funnels, { noImport: true });
  });
}
