import { storyBackend } from '../../../../../stories/console';
import { formatDate } from '../../../../stores/format';
import { incomeBackend, type IncomeMockOptions, type IncomeMockState } from './income-mocks';

/** What the revenue stories share: where they start, the mock's record, table cells, the last N days. */
export const slow = { timeout: 15_000 };
export const at = (path: string, extra: Record<string, unknown> = {}, backend: IncomeMockOptions = {}) => ({ console: { path, signedIn: true, ...extra }, backend: incomeBackend(backend) });
export const mock = (context: { parameters: Record<string, unknown> }): IncomeMockState => (storyBackend(context) as unknown as { income: IncomeMockState }).income;
export const cells = (table: HTMLElement, part = 'tbody') => [...table.querySelectorAll(`${part} tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
/** The last `days` days ending today (local days, as the stores ask). */
export function lastDays(days: number): { start: string; end: string } {
  const today = new Date();
  return { start: formatDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1))), end: formatDate(today) };
}
