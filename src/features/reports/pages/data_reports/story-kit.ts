import { storyBackend } from '../../../../../stories/console';
import { reportsBackend, type ReportsMockOptions, type ReportsMockState } from './reports-mocks';

/** What the data report stories share: where they start, the mock's record, table cells, the shown formats. */
export const slow = { timeout: 15_000 };
export const at = (path: string, extra: Record<string, unknown> = {}, backend: ReportsMockOptions = {}) => ({ console: { path, signedIn: true, ...extra }, backend: reportsBackend(backend) });
export const mock = (context: { parameters: Record<string, unknown> }): ReportsMockState => (storyBackend(context) as unknown as { dataReports: ReportsMockState }).dataReports;
export const cells = (table: HTMLElement, part = 'tbody') => [...table.querySelectorAll(`${part} tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
/** A rate as the table shows it in zh-chs ('-' while unknown). */
export const pct = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)}%`);
