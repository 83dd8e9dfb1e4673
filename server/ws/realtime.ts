import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ChangeRelay } from '../db/change-relay';
import type { Db } from '../db/db';
import { MessageCenter } from '../domain/messages';
import type { ErrorReporter } from '../http/report';
import { PgPushBroker } from './pg-broker';
import type { UnreadCounter } from './routes';

/** Remote session changes arriving within this long are one sweep of the open sockets. */
const SWEEP_AFTER_MS = 50;

/**
 * Cross-instance pushes: with a PostgreSQL server (DATABASE_URL) every push travels through
 * LISTEN/NOTIFY so sockets on every instance sharing the database get it; with the embedded PGlite
 * (one process owns the database) pushes stay in-process. The same goes for cache invalidation
 * (server/db/change-relay.ts). Both stop with the server.
 */
export async function attachPushBroker(app: FastifyInstance, ctx: AppContext, report: ErrorReporter): Promise<void> {
  const url = ctx.config.databaseUrl;
  if (!url || ctx.db.kind !== 'postgres') return;
  const broker = await PgPushBroker.start({
    databaseUrl: url,
    deliver: (target, frame) => ctx.hub.deliver(target, frame),
    notify: async (channel, payload) => {
      await ctx.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    onError: (err) => report(err, 'push broker connection lost'),
  });
  ctx.hub.useBroker(broker);
  let sweep: NodeJS.Timeout | null = null;
  const sweepSoon = () => {
    if (sweep) return;
    sweep = setTimeout(() => {
      sweep = null;
      void ctx.hub.sweepSessions().catch((err: unknown) => report(err, 'socket session sweep'));
    }, SWEEP_AFTER_MS);
    sweep.unref();
  };
  // Writes told across instances on the same connection kind: every in-memory cache of database data
  // (permissions, settings, menus, dictionaries, users, lists) follows another instance's writes at once.
  const relay = await ChangeRelay.start({
    databaseUrl: url,
    changes: ctx.db.changes,
    notify: async (channel, payload) => {
      await ctx.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    onError: (err) => report(err, 'cache change relay connection lost'),
    // A session ended on another instance (logout, password change, disable, reuse): this instance's
    // sockets of it close now, not at the next ping sweep.
    onRemote: (written) => {
      if (written === 'all' || written.includes('user_sessions') || written.includes('revoked_tokens')) sweepSoon();
    },
  });
  app.addHook('onClose', async () => {
    if (sweep) clearTimeout(sweep);
    ctx.hub.useBroker(null);
    await broker.close();
    await relay.close();
  });
}

/** Unread count for the socket's first frame. */
export function unreadCounter(db: Db): UnreadCounter {
  const messages = new MessageCenter(db);
  return (userId) => messages.unreadCount(userId);
}
