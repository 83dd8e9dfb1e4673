import { storyBackend } from '../../../../../stories/console';
import { playersBackend, type PlayersMockOptions, type PlayersMockState } from './players-mocks';

/** What the players stories share: where they start, the mock's record, table cells. */
export const slow = { timeout: 15_000 };
export const at = (path: string, extra: Record<string, unknown> = {}, backend: PlayersMockOptions = {}) => ({ console: { path, signedIn: true, ...extra }, backend: playersBackend(backend) });
export const mock = (context: { parameters: Record<string, unknown> }): PlayersMockState => (storyBackend(context) as unknown as { players: PlayersMockState }).players;
export const cells = (table: HTMLElement, part = 'tbody') => [...table.querySelectorAll(`${part} tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));
