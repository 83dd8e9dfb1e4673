/**
 * How the console writes dates, figures, shares, durations and sizes for people (money: ./money, kept
 * apart because it reads the currency table of the contract). Pure functions, no imports: the login
 * page's log uses the date helpers too.
 */

const two = (n: number) => String(n).padStart(2, '0');

/**
 * YYYY-MM-DD HH:mm:ss of a calendar Date by its own fields (a date picker's value, a day built with
 * `new Date(y, m, d)`): a wall-clock value, not an instant. Instants go through formatInstant.
 */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** YYYY-MM-DD of a calendar Date (its own fields). */
export function formatDate(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}

/**
 * The console's one clock: every instant is shown in the zone whose calendar the server's analytics
 * count (its ANALYTICS_TZ, Asia/Shanghai unless configured), whatever zone the browser is in, so a
 * publish time, a ban, "updated at" and "today" all read on the same clock. The root store sets it
 * from the runtime config at start.
 */
let zone = 'Asia/Shanghai';
let parts: Intl.DateTimeFormat | null = null;

export function setDisplayZone(timeZone: string): void {
  if (timeZone === zone) return;
  zone = timeZone;
  parts = null;
}

export function displayZone(): string {
  return zone;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of an instant in the display zone. */
function wallClock(at: Date): WallClock {
  parts ??= new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of parts.formatToParts(at)) if (p.type in out) out[p.type as keyof WallClock] = Number(p.value);
  return out;
}

/** The display zone's offset from UTC at an instant, in minutes (480 for Asia/Shanghai). */
export function zoneOffsetMinutes(at: Date = new Date()): number {
  const w = wallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** "UTC+08:00": the display zone's offset, for labels where a time could be misread. */
export function zoneLabel(at: Date = new Date()): string {
  const m = zoneOffsetMinutes(at);
  const a = Math.abs(m);
  return `UTC${m < 0 ? '-' : '+'}${two(Math.floor(a / 60))}:${two(a % 60)}`;
}

/** A naive "YYYY-MM-DD HH:mm:ss" (no zone): already the back end's wall clock, shown as sent. */
const NAIVE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?$/;

/**
 * An instant (ISO 8601 with Z or an offset, a Date, or epoch ms) as "YYYY-MM-DD HH:mm:ss" in the
 * display zone; '-' when absent. A naive datetime string is the back end's own wall clock and is
 * shown as sent; an unreadable string too.
 */
export function formatInstant(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && NAIVE.test(value)) return value.replace('T', ' ').slice(0, 19);
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return typeof value === 'string' ? value : '-';
  const w = wallClock(at);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** HH:mm (or HH:mm:ss) of an instant in the display zone: chart axes, "updated at". */
export function formatClock(value: string | Date | number, seconds = false): string {
  const full = formatInstant(value);
  return full.length < 19 ? full : full.slice(11, seconds ? 19 : 16);
}

/** Now on the display clock plus `plusMs`, "YYYY-MM-DD HH:mm:ss": the default of datetime inputs. */
export function nowInZone(plusMs = 0, now: number = Date.now()): string {
  return formatInstant(new Date(now + plusMs));
}

/**
 * A picked wall-clock time (a date picker's Date, read by its own fields) as the instant it names on
 * the display clock, ISO 8601 in UTC: 2026-12-05 12:00 picked in any browser is 12:00 in Asia/Shanghai.
 */
export function wallClockToInstant(picked: Date): string {
  const asUtc = Date.UTC(picked.getFullYear(), picked.getMonth(), picked.getDate(), picked.getHours(), picked.getMinutes(), picked.getSeconds());
  const guess = new Date(asUtc - zoneOffsetMinutes(new Date(asUtc)) * 60_000);
  return new Date(asUtc - zoneOffsetMinutes(guess) * 60_000).toISOString();
}

/** The wall-clock Date (browser fields) a picker shows for an instant on the display clock. */
export function instantToWallClock(value: string | Date): Date | null {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const w = wallClock(at);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
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
