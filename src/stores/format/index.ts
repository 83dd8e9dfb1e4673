const two = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:mm:ss in local time (the spec's default date format). */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** YYYY-MM-DD in local time. */
export function formatDate(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}
