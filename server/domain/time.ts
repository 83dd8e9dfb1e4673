/** Datetimes go out as naive Asia/Shanghai "YYYY-MM-DD HH:MM:SS" (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export function formatDatetime(value: Date | string | number): string {
  const d = new Date(new Date(value).getTime() + SHANGHAI_OFFSET_MS);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The Shanghai calendar day "YYYY-MM-DD" of an instant. */
export function shanghaiDay(value: Date | string | number): string {
  return formatDatetime(value).slice(0, 10);
}

/** The instant at which the Shanghai day of `now` starts, minus `daysBack` days. */
export function shanghaiDayStart(now: number, daysBack = 0): number {
  const local = now + SHANGHAI_OFFSET_MS;
  const startLocal = local - (local % 86_400_000);
  return startLocal - SHANGHAI_OFFSET_MS - daysBack * 86_400_000;
}
