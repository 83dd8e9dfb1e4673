import { z } from 'zod';

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

/** An absolute http(s) address. */
export const httpUrl = (max: number) => z.string().trim().max(max).refine(isHttpUrl, '只能是 http:// 或 https:// 开头的完整地址。');

/** A file this server serves (media/...) or an absolute http(s) address (an uploaded icon, a CDN image). */
export const mediaOrHttpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isHttpUrl(v) || /^\/?media\/[\w./-]+$/.test(v), '应为上传后的文件地址（media/...）或 http(s) 地址。');

const DATETIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time in Asia/Shanghai as the console sends it: "YYYY-MM-DD HH:mm:ss" (seconds
 * optional). Parsed to an instant by the server (datetimeInputToIso).
 */
export const datetimeInput = z.string().trim().refine((v) => datetimeInputToIso(v) !== null, '日期时间格式应为 YYYY-MM-DD HH:mm:ss。');

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
const SEMVER = new RegExp(`^${NUM}\\.${NUM}\\.${NUM}(?:-${PRE_ID}(?:\\.${PRE_ID})*)?(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$`);

export function isSemver(value: string): boolean {
  return SEMVER.test(value);
}

export const semver = z.string().trim().min(1).max(64).refine(isSemver, '应为语义化版本号，例如 1.2.3 或 2.0.0-beta.1。');
