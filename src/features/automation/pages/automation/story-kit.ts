import { storyBackend } from '../../../../../stories/console';
import { automationBackend, type AutomationMockOptions, type AutomationMockState } from './automation-mocks';

/** What the automation stories share: where they start, the mock's record, table cells. */
export const slow = { timeout: 15_000 };
export const at = (path: string, extra: Record<string, unknown> = {}, backend: AutomationMockOptions = {}) => ({ console: { path, signedIn: true, ...extra }, backend: automationBackend(backend) });
export const mock = (context: { parameters: Record<string, unknown> }): AutomationMockState => (storyBackend(context) as unknown as { automation: AutomationMockState }).automation;
export const cells = (table: HTMLElement, part = 'tbody') => [...table.querySelectorAll(`${part} tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
