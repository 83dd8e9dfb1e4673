import type { FastifyInstance } from 'fastify';
import { TRACK_LIVE_DEFAULT_LIMIT, TRACK_LIVE_FRAME, TRACK_LIVE_KEPT, type SocketFrame, type TrackLiveEntry, type TrackLiveFrame } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { LiveEvents } from '../domain/live';
import { fail, ok } from '../../../http/envelope';
import { guarded, ID, NOT_FOUND, rowId } from '../../../http/crud-routes';

/** The list call whose grant lets a user see the apps, their live events and the `embed_live` frames. */
export const APP_LIST_PATH = '/api/embed_configure/game/';
/** New entries are pushed at most this often per app (one frame with all of them). */
const PUSH_EVERY_MS = 250;

/**
 * GET /api/embed_configure/game/{id}/live/?limit=100: the app's newest live entries (domain/live.ts),
 * newest first; allowed by the app list's grant (domain/permissions.ts). And the push: entries recorded
 * for an app go, at most every PUSH_EVERY_MS, as one `embed_live` frame ({type, app, entries} newest
 * first) to this instance's open sockets of users whose grant covers the app list (the same rule as
 * the list and this route; asked again at each push, cached by the permission store).
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext, live: LiveEvents): void {
  app.get(`${APP_LIST_PATH}${ID}/live/`, async (req, reply) =>
    guarded(reply, async () => {
      const id = rowId(req) ?? 0;
      const raw = (req.query as { limit?: unknown }).limit;
      let limit = TRACK_LIVE_DEFAULT_LIMIT;
      if (raw !== undefined) {
        const text = Array.isArray(raw) ? String(raw[0]) : String(raw);
        if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > TRACK_LIVE_KEPT) return reply.code(400).send(fail(`limit 应为 1 到 ${TRACK_LIVE_KEPT} 的整数`, 400));
        limit = Number(text);
      }
      const exists = await ctx.db.query('SELECT 1 FROM tracking_apps WHERE id = $1', [id]);
      if (exists.length === 0) return NOT_FOUND;
      return ok(live.list(id, limit));
    }),
  );

  const pending = new Map<number, TrackLiveEntry[]>();
  let timer: NodeJS.Timeout | null = null;
  const push = async () => {
    timer = null;
    const batches = [...pending];
    pending.clear();
    const users = ctx.hub.userIds();
    if (users.length === 0) return;
    const allowed: number[] = [];
    for (const id of users) {
      const account = await ctx.users.account(id);
      if (account?.is_active && (await ctx.permissions.allows(account, 'GET', APP_LIST_PATH)).ok) allowed.push(id);
    }
    if (allowed.length === 0) return;
    for (const [appId, entries] of batches) {
      const frame: TrackLiveFrame = { type: TRACK_LIVE_FRAME, app: appId, entries: entries.reverse() };
      // Local delivery: the ring is this instance's (domain/live.ts), so are the frames of its entries.
      ctx.hub.deliver(allowed, frame as unknown as SocketFrame);
    }
  };
  const unsubscribe = live.onRecord((appId, entries) => {
    let list = pending.get(appId);
    if (!list) {
      list = [];
      pending.set(appId, list);
    }
    for (const e of entries) list.push(e);
    if (list.length > TRACK_LIVE_KEPT) list.splice(0, list.length - TRACK_LIVE_KEPT);
    if (timer === null) {
      timer = setTimeout(() => void push().catch((err: unknown) => app.log.error({ err }, 'live events push failed')), PUSH_EVERY_MS);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  });
}
