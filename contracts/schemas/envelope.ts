import { z } from 'zod';

/** Envelope codes the back end uses (API-CONTRACT §3). */
export const CODE = {
  success: 2000,
  failure: 4000,
  unauthorized: 401,
  warning: 402,
  notFound: 404,
  badRequest: 400,
} as const;

/** A `msg` is a string, except for a bad/expired token where it is this object (and see fieldErrorList). */
export const tokenErrorMsg = z.object({
  detail: z.string(),
  code: z.string(),
  messages: z.array(z.object({ token_class: z.string(), token_type: z.string(), message: z.string() })).optional(),
});
export type TokenErrorMsg = z.infer<typeof tokenErrorMsg>;

/**
 * A validation failure the real back end raises from a serializer's create() comes as DRF's error list,
 * `[{"users": ["无效主键 “99999” － 对象不存在。"]}]` (API-CONTRACT §17). The reference server always
 * sends one string (known difference `msg-as-list`); the console reads both (src/adapters/error-text.ts).
 */
export const fieldErrorList = z.array(z.record(z.string(), z.array(z.string())));

/** Every shape a `msg` takes: a string; the token error object; the field error list. */
export const envelopeMsg = z.union([z.string(), tokenErrorMsg, fieldErrorList]);
export type EnvelopeMsg = z.infer<typeof envelopeMsg>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: envelopeMsg, data });

/** Any envelope (data not checked). */
export const anyEnvelope = envelope(z.unknown());
export type Envelope<T = unknown> = { code: number; msg: EnvelopeMsg; data: T };

/** A failure: code other than 2000, data null. */
export const errorEnvelope = z.object({
  code: z.number().int().refine((c) => c !== CODE.success, 'an error envelope never has code 2000'),
  msg: envelopeMsg,
  data: z.null(),
});

/** Paginated list (shape 1) and non-paginated list (shape 2) share these keys. */
export const listPage = <T extends z.ZodType>(row: T) =>
  z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    is_next: z.boolean().optional(),
    is_previous: z.boolean().optional(),
    data: z.array(row),
  });
export type ListPage<T> = { page: number; limit: number; total: number; is_next?: boolean; is_previous?: boolean; data: T[] };

/** Datetimes are "YYYY-MM-DD HH:MM:SS" strings. */
export const datetime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
