/**
 * The catalogue's fixed values and rules without zod, so the console's pages can use them at run time
 * without carrying the schema library (the schemas in this folder build on them).
 */

/** The four kinds of the game table, one screen each (game/android, game/h5, game/mini, game/soft). */
export const GAME_KINDS = ['android', 'h5', 'mini', 'soft'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export const GAME_STATUSES = ['developing', 'testing', 'online', 'offline'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const MINI_PLATFORMS = ['wechat', 'douyin', 'alipay'] as const;
export const SOFT_CATEGORIES = ['tool', 'office', 'media', 'education', 'security', 'social', 'other'] as const;

/** Distribution channels a release ships to. */
export const RELEASE_CHANNELS = ['official', 'huawei', 'xiaomi', 'oppo', 'vivo', 'honor', 'taptap', 'appstore', 'googleplay', 'wechat', 'douyin', 'alipay'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** draft: not published yet; published: is or was the current version; rolled_back: withdrawn by a rollback. */
export const RELEASE_STATUSES = ['draft', 'published', 'rolled_back'] as const;

/** The largest batch (codes per batch). */
export const MAX_BATCH_CODES = 100_000;
export const CODE_GENERATORS = ['short', 'date'] as const;
export const BATCH_STATUSES = ['active', 'void'] as const;
/** A batch as it stands now: not started, running, past its end, or voided. */
export const BATCH_STATES = ['pending', 'active', 'expired', 'void'] as const;
export const CODE_STATUSES = ['unused', 'redeemed', 'expired', 'void'] as const;

/** Providers of shared accounts, each of one type: an app store, an ad network or a payment provider. */
export const ACCOUNT_PROVIDERS = {
  appstore: 'store',
  googleplay: 'store',
  huawei: 'store',
  xiaomi: 'store',
  oppo: 'store',
  vivo: 'store',
  taptap: 'store',
  pangle: 'ads',
  gdt: 'ads',
  kuaishou: 'ads',
  admob: 'ads',
  meta: 'ads',
  wechatpay: 'payment',
  alipay: 'payment',
  unionpay: 'payment',
  stripe: 'payment',
} as const;
export type AccountProvider = keyof typeof ACCOUNT_PROVIDERS;
export const ACCOUNT_PROVIDER_NAMES = Object.keys(ACCOUNT_PROVIDERS) as [AccountProvider, ...AccountProvider[]];
export const PROVIDER_TYPES = ['store', 'ads', 'payment'] as const;

/** What a list or read shows instead of a secret. */
export const SECRET_MASK = '••••••••';

/** Whether a string is an absolute http(s) URL with a host (javascript:, data:, file: and relative paths are not). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const DATETIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "YYYY-MM-DD HH:mm[:ss]" (Shanghai) → ISO instant, or null when it is not a real time. */
export function datetimeInputToIso(value: string): string | null {
  const m = DATETIME_INPUT.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - 8 * 3_600_000).toISOString();
}

/**
 * Semantic Versioning 2.0.0 (semver.org): MAJOR.MINOR.PATCH, numbers without leading zeros, an
 * optional pre-release (-alpha.1) and build metadata (+20260101).
 */
const NUM = '(0|[1-9]\\d*)';
const PRE_ID = '(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
export const SEMVER = new RegExp(`^${NUM}\\.${NUM}\\.${NUM}(?:-${PRE_ID}(?:\\.${PRE_ID})*)?(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$`);

export function isSemver(value: string): boolean {
  return SEMVER.test(value);
}

/** Reverse-DNS package id (com.example.game): two or more segments, each starting with a letter. */
export const PACKAGE_ID = /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
/** An H5 game's code, a mini app id: letters, digits, '_' and '-'. */
export const CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;
