/**
 * The crontab form's preview: the next run times of an expression in a time zone, computed in the
 * browser with the same maintained library the server uses (cron-parser, loaded with the first preview,
 * not with the page) and written as wall-clock times of that zone with its offset, the way the server's
 * `next_runs` read. The server checks again on save and its `next_runs` are what the table shows.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-25 09:30 (UTC+08:00)" of an instant in an IANA zone. */
export function zonedText(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT$/, 'GMT+00:00').replace(/^GMT/, 'UTC');
  const seconds = part('second') !== '00' ? `:${part('second')}` : '';
  return `${part('year')}-${part('month')}-${part('day')} ${pad(Number(part('hour')))}:${part('minute')}${seconds} (${offset})`;
}

export type CronPreview = { ok: true; runs: string[] } | { ok: false; problem: string };

/** The next `n` runs of a five-field expression after `from`, or why it cannot be read. */
export async function previewCron(expression: string, timeZone: string, from: Date, n = 5): Promise<CronPreview> {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5) return { ok: false, problem: `fields:${fields.length}` };
  const { default: parser } = await import('cron-parser');
  try {
    const it = parser.parseExpression(fields.join(' '), { currentDate: from, tz: timeZone });
    const runs: string[] = [];
    for (let i = 0; i < n; i += 1) {
      try {
        runs.push(zonedText(it.next().toDate(), timeZone));
      } catch {
        break;
      }
    }
    return runs.length > 0 ? { ok: true, runs } : { ok: false, problem: 'never' };
  } catch (error) {
    const msg = error instanceof Error ? error.message : String(error);
    const range = /Constraint error, got value (\S+) expected range (\d+)-(\d+)/.exec(msg);
    return { ok: false, problem: range ? `range:${range[1]}:${range[2]}-${range[3]}` : 'invalid' };
  }
}
