/**
 * How the console writes dates, figures, shares, durations and sizes for people (money: ./money, kept
 * apart because it reads the currency table of the contract). Pure functions, no imports: the login
 * page's log uses the date helpers too.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:mm:ss in local time (the spec's default date format). */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** YYYY-MM-DD in local time. */
export function formatDate(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}

/** An instant (ISO 8601) in the browser's time zone, "YYYY-MM-DD HH:mm:ss"; '-' when absent. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDateTime(d);
}

/**
 * A time as the server gives it in a zone of its own (ISO 8601 with that zone's offset): the wall-clock
 * time in that zone and the offset, "2026-11-25 09:30 (UTC+08:00)", as sent (no conversion).
 */
export function formatZoned(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!m) return iso;
  const seconds = m[3] && m[3] !== '00' ? `:${m[3]}` : '';
  return `${m[1]} ${m[2]}${seconds} (UTC${m[4] === 'Z' ? '+00:00' : m[4]})`;
}

const numberLocale = (language: string) => (language === 'en' ? 'en-US' : 'zh-CN');

/** A figure for people: grouped digits, at most 2 decimals (per-player and average measures). */
export function formatFigure(value: number, language: string): string {
  if (!Number.isFinite(value)) return '-';
  return value.toLocaleString(numberLocale(language), { maximumFractionDigits: 2 });
}

/** A share 0..1 as a percentage with one decimal. */
export function formatPercent(ratio: number, language: string): string {
  if (!Number.isFinite(ratio)) return '-';
  return `${(ratio * 100).toLocaleString(numberLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** A signed change: '+25.0%' / '-3.1%'; '-' without a previous figure. */
export function formatChange(ratio: number | null, language: string): string {
  if (ratio === null) return '-';
  return `${ratio > 0 ? '+' : ''}${formatPercent(ratio, language)}`;
}

/** A duration in seconds as the largest two units: 45s, 3m 20s, 2h 5m, 1d 3h (zh: 秒/分/小时/天): the analytics figures. */
export function formatDuration(seconds: number | null, language: string): string {
  if (seconds === null || !Number.isFinite(seconds)) return '-';
  const s = Math.round(seconds);
  const zh = language !== 'en';
  const u = zh ? { d: '天', h: '小时', m: '分', s: '秒' } : { d: 'd', h: 'h', m: 'm', s: 's' };
  const join = (a: number, ua: string, b: number, ub: string) => (b > 0 ? `${a}${ua} ${b}${ub}` : `${a}${ua}`);
  if (s < 60) return `${s}${u.s}`;
  if (s < 3600) return join(Math.floor(s / 60), u.m, s % 60, u.s);
  if (s < 86_400) return join(Math.floor(s / 3600), u.h, Math.floor((s % 3600) / 60), u.m);
  return join(Math.floor(s / 86_400), u.d, Math.floor((s % 86_400) / 3600), u.h);
}

/** A run's length in milliseconds, as the task run tables show it: 850 ms, 2.3 s, 4 min 05 s, 1 h 05 min. */
export function formatRunDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '-';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = two(s % 60);
  return h > 0 ? `${h} h ${two(m)} min` : `${m} min ${rest} s`;
}

/** Bytes with base 1024 and 2 decimals (spec §9). */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(decimals))} ${units[i]}`;
}
