import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';

/**
 * Tracking configuration (menu embed_configure/*): tracking apps (which games send events,
 * with an app key and a secret), event definitions (per game, or global for every game) and funnels.
 * Rules shared with the console live here without zod too (TRACKING_NAME_RULE, ...).
 */

/** An event or property identifier: lower snake case, a letter first, at most 64 characters. */
export const TRACKING_NAME_RULE = /^[a-z][a-z0-9_]{0,63}$/;
export const TRACKING_NAME_MESSAGE = '只能用小写字母、数字和下划线，以字母开头，最长 64 个字符。';
export const PROPERTY_TYPES = ['string', 'number', 'boolean', 'datetime'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
/** Properties of one definition, at most. */
export const MAX_PROPERTIES = 50;
/** Funnel steps and window (seconds): 2..10 steps, 1 minute .. 30 days. */
export const FUNNEL_MIN_STEPS = 2;
export const FUNNEL_MAX_STEPS = 10;
export const FUNNEL_MIN_WINDOW = 60;
export const FUNNEL_MAX_WINDOW = 2_592_000;
export const FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** What a tracking-app row shows instead of its secret: '••••' and the secret's last 4 characters. */
export const TRACKING_SECRET_MASK_PREFIX = '••••';

export const trackingName = z.string().regex(TRACKING_NAME_RULE, TRACKING_NAME_MESSAGE);

// ---- tracking apps: /api/embed_configure/game/

/** Allowed origins of one app, at most. */
export const TRACKING_MAX_ORIGINS = 50;
/** A public key: `pk_` and 32 lowercase hex characters (128 random bits). */
export const TRACKING_PUBLIC_KEY_RULE = /^pk_[0-9a-f]{32}$/;

/**
 * An allowed origin exactly as a browser sends it in `Origin`: `http` or `https`, a host, an optional
 * port, nothing else (no path, no trailing slash, no `*`). Answers the normalised origin (scheme and
 * host lower case, the scheme's default port left out), or a message saying what is wrong.
 */
export function normaliseOrigin(value: string): { origin: string } | { error: string } {
  const text = value.trim();
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s]+)$/.exec(text);
  if (!m) return { error: `来源「${shown}」不合法：应为 scheme://host[:port]，不带路径和结尾的 /` };
  const scheme = (m[1] as string).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { error: `来源「${shown}」不合法：只能是 http 或 https` };
  if ((m[2] as string).includes('*')) return { error: `来源「${shown}」不合法：不能使用通配符 *` };
  if ((m[2] as string).includes('@')) return { error: `来源「${shown}」不合法：不能带用户名或密码` };
  let url: URL;
  try {
    url = new URL(`${scheme}://${m[2] as string}`);
  } catch {
    return { error: `来源「${shown}」不合法：主机名或端口不正确` };
  }
  if (url.hostname === '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return { error: `来源「${shown}」不合法：应为 scheme://host[:port]` };
  return { origin: url.origin };
}

/** allowed_origins as input: each normalised (see normaliseOrigin), duplicates once, at most TRACKING_MAX_ORIGINS. */
export const allowedOrigins = z
  .array(z.string().max(300, '来源最长 300 个字符'), { error: 'allowed_origins 应为来源字符串的列表' })
  .max(TRACKING_MAX_ORIGINS, `最多 ${TRACKING_MAX_ORIGINS} 个允许的来源`)
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const item of list) {
      const r = normaliseOrigin(item);
      if ('error' in r) {
        ctx.addIssue({ code: 'custom', message: r.error });
        return z.NEVER;
      }
      if (!out.includes(r.origin)) out.push(r.origin);
    }
    return out;
  });

export const trackingAppRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  game_kind: z.string(),
  app_key: z.string(),
  secret_mask: z.string(),
  enabled: z.boolean(),
  /** The newest event time stored for the game (ISO), null before the first. */
  last_event_time: z.string().nullable(),
  /** Events stored in the last 7 × 24 hours. */
  events_7d: z.number().int(),
  /**
   * The write-only key a browser or mini game ships in its page (`X-Public-Key`, or `public_key` in
   * the body): it can only send events, never orders. Regenerated on its own (…/public_key/).
   */
  public_key: z.string(),
  /** Page origins (`scheme://host[:port]`) whose browser requests may use the public key. */
  allowed_origins: z.array(z.string()),
});
export type TrackingAppRow = z.infer<typeof trackingAppRow>;

/** POST /api/embed_configure/game/: the key and secret are generated. */
export const trackingAppInput = z.object({
  game: z.number().int().positive(),
  enabled: z.boolean().optional(),
  allowed_origins: allowedOrigins.optional(),
  ...auditInput,
});
export type TrackingAppInput = z.infer<typeof trackingAppInput>;

/** PUT/PATCH /api/embed_configure/game/{id}/: the game cannot change; the allowed origins can. */
export const trackingAppUpdate = z.object({ enabled: z.boolean().optional(), allowed_origins: allowedOrigins.optional(), ...auditInput });
export type TrackingAppUpdate = z.infer<typeof trackingAppUpdate>;

/** POST /api/embed_configure/game/{id}/regenerate/: the only answer that ever holds the secret. */
export const trackingCredentials = z.object({ app_key: z.string(), secret: z.string() });
export type TrackingCredentials = z.infer<typeof trackingCredentials>;

/** POST /api/embed_configure/game/{id}/public_key/: the new public key (the old one stops working at once). */
export const trackingPublicKey = z.object({ public_key: z.string() });
export type TrackingPublicKey = z.infer<typeof trackingPublicKey>;

export const TRACKING_APP_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  enabled: '状态',
  app_key: 'App Key',
  secret: '密钥',
  public_key: '公开密钥',
  allowed_origins: '允许的来源',
};

// ---- event definitions: /api/embed_configure/event_define/ and global_event_define/

export const propertyDefine = z.object({
  name: trackingName,
  type: z.enum(PROPERTY_TYPES),
  required: z.boolean(),
});
export type PropertyDefine = z.infer<typeof propertyDefine>;

const propertyList = z
  .array(propertyDefine)
  .max(MAX_PROPERTIES, `最多 ${MAX_PROPERTIES} 个属性。`)
  .refine((ps) => new Set(ps.map((p) => p.name)).size === ps.length, '属性名不能重复。');

export const eventDefineRow = z.object({
  ...auditRow,
  /** null: a global event, valid for every game. */
  game: z.number().int().nullable(),
  game_name: z.string().nullable(),
  event: z.string(),
  name: z.string(),
  properties: z.array(propertyDefine),
  enabled: z.boolean(),
  /** Events are stored under it: it can be disabled, not deleted. */
  in_use: z.boolean(),
});
export type EventDefineRow = z.infer<typeof eventDefineRow>;

export const eventDefineInput = z.object({
  game: z.number().int().positive(),
  event: trackingName,
  name: z.string().trim().min(1).max(64),
  properties: propertyList.optional(),
  enabled: z.boolean().optional(),
  ...auditInput,
});
export type EventDefineInput = z.infer<typeof eventDefineInput>;

/** Global events have no game (a game sent anyway must be null). */
export const globalEventDefineInput = eventDefineInput.extend({ game: z.null().optional() });
export type GlobalEventDefineInput = z.infer<typeof globalEventDefineInput>;

export const EVENT_DEFINE_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  event: '事件标识',
  name: '显示名称',
  properties: '属性',
  enabled: '状态',
};

// ---- funnels: /api/embed_configure/funnel_define/

export const funnelFilter = z.object({
  property: trackingName,
  op: z.enum(FILTER_OPS),
  value: z.union([z.string().max(256), z.number().finite(), z.boolean()]),
});
export type FunnelFilter = z.infer<typeof funnelFilter>;

export const funnelStep = z.object({ event: trackingName, filters: z.array(funnelFilter).max(10).optional() });
export type FunnelStep = z.infer<typeof funnelStep>;

export const funnelDefineRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  name: z.string(),
  steps: z.array(funnelStep),
  window_seconds: z.number().int(),
  enabled: z.boolean(),
});
export type FunnelDefineRow = z.infer<typeof funnelDefineRow>;

export const funnelDefineInput = z.object({
  game: z.number().int().positive(),
  name: z.string().trim().min(1).max(64),
  steps: z.array(funnelStep).min(FUNNEL_MIN_STEPS, `至少 ${FUNNEL_MIN_STEPS} 步。`).max(FUNNEL_MAX_STEPS, `最多 ${FUNNEL_MAX_STEPS} 步。`),
  window_seconds: z.number().int().min(FUNNEL_MIN_WINDOW, '转化窗口至少 1 分钟。').max(FUNNEL_MAX_WINDOW, '转化窗口最长 30 天。'),
  enabled: z.boolean().optional(),
  ...auditInput,
});
export type FunnelDefineInput = z.infer<typeof funnelDefineInput>;

export const FUNNEL_DEFINE_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  name: '漏斗名称',
  steps: '步骤',
  window_seconds: '转化窗口',
  enabled: '状态',
};
