import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CrudError } from '../domain/crud/spec';
import { isRecord } from '../is-record';

/**
 * The query string of a report route (revenue, retention, data reports, partners, advertising) checked
 * against its contract schema: the first problem → code 4000 with its message (the route's guarded()
 * answers the CrudError).
 */

const BAD_QUERY = '查询参数格式不正确';

export function parseReportQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const q: unknown = req.query ?? {};
  if (!isRecord(q)) throw new CrudError(BAD_QUERY);
  // A repeated parameter (?game=1&game=2) is one value too many, not the first of them.
  for (const [k, v] of Object.entries(q)) if (Array.isArray(v)) throw new CrudError(`参数 ${k.slice(0, 32)} 只能出现一次`);
  const res = schema.safeParse(q);
  if (!res.success) throw new CrudError(res.error.issues[0]?.message ?? BAD_QUERY);
  return res.data;
}
