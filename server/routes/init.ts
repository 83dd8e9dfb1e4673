import type { FastifyInstance } from 'fastify';
import { dictionaryQuery } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { fail, ok, plainList } from '../http/envelope';
import { parseInput } from '../domain/validation';

/** Public start-up data: settings and dictionaries (no token needed). */
export function initRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The `?key=` filter is ignored, as upstream: every enabled setting comes back.
  app.get('/api/init/settings/', async () => ok(await ctx.settings.all()));

  app.get('/api/init/dictionary/', async (req) => {
    const input = parseInput(dictionaryQuery, req.query);
    if (!input.ok) return fail(input.msg);
    const { dictionary_key: key, limit } = input.data;
    let rows: unknown[];
    if (key === undefined || key === '') rows = [];
    else if (key === 'all') rows = await ctx.dictionaries.all();
    else rows = await ctx.dictionaries.entries(key);
    if (limit !== undefined) rows = rows.slice(0, limit);
    return ok(plainList(rows), '获取成功');
  });
}
