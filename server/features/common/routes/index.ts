import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudResource } from '../../../domain/crud/resource';
import { partnerSpec } from '../resources/partner';
import { readSecret, sharedAccountSpec } from '../resources/shared-account';
import { tagSpec } from '../resources/tag';
import { CrudError } from '../../../domain/crud/spec';
import { SecretBoxError } from '../../../domain/secret-box';
import { fail, ok } from '../../../http/envelope';
import { guarded, ID, NOT_FOUND, registerResource, rowId } from '../../../http/crud-routes';

/**
 * Shared resources under /api/common/: shared third-party accounts (secrets sealed, revealed only by
 * their own button with an operation-log row), tags, and the read-only partner list the game forms
 * choose from (allowed to whoever may list or edit games).
 */
export async function commonRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // List pages stay in memory until the database changes, where this process is its only writer.
    const options = { cacheLists: ctx.db.kind === 'pglite' };
    const accounts = new CrudResource(sharedAccountSpec(ctx.secretBox), ctx.db, options);
    const tags = new CrudResource(tagSpec(), ctx.db, options);
    const partners = new CrudResource(partnerSpec(), ctx.db, options);

    scope.post(
      `/api/common/account/${ID}/reveal/`,
      {
        // The operation log keeps the answer: never the secret.
        onSend: async (req, _reply, payload) => {
          if (typeof payload === 'string' && req.opLogResult !== null) req.opLogResult = payload.replace(/"secret":"(?:[^"\\]|\\.)*"/g, '"secret":"******"');
          return payload;
        },
      },
      async (req, reply) =>
        guarded(reply, async () => {
          const id = rowId(req) ?? 0;
          let secret: string | null;
          try {
            secret = await readSecret(ctx.db, ctx.secretBox, id);
          } catch (err) {
            if (err instanceof SecretBoxError) throw new CrudError('无法解密该密钥：服务器的 ACCOUNT_SECRET_KEY 与保存时不同，或数据已损坏。');
            throw err;
          }
          if (secret === null) return NOT_FOUND;
          if (secret === '') return fail('该账号没有保存密钥。');
          return ok({ id, secret }, '获取成功');
        }),
    );

    registerResource(scope, ctx, accounts, { noImport: true });
    registerResource(scope, ctx, tags, { noImport: true });
    // Partners: listed for the game forms by whoever may list, create or edit a game (domain/permissions.ts).
    scope.get('/api/common/partner/', async (req, reply) =>
      guarded(reply, async () => {
        const data = await partners.list(req.query as Record<string, string>, null);
        return ok(data, data.data.length === 0 ? '暂无数据' : 'success');
      }),
    );
  });
}
