import { expect, within } from 'storybook/test';
import { storyBackend } from '../console';
import type { MockBackend } from '../mocks/handlers';

/**
 * What the page stories of every feature share: the wait for a page's parts on the mock back ends,
 * the table cells they read, where a story starts, the mock's record, and the one-assertion state
 * stories (loading, empty, error) written as a single line.
 */

/** How long a page story waits for the mock back end's answer to show. */
export const slow = { timeout: 15_000 };

/** The error line every page shows when its call fails. */
export const SERVICE_ERROR = '服务暂不可用，请稍后重试';

/** The trimmed text of each cell of each row of a table's body (or of `part`, e.g. 'tfoot'). */
export const cells = (table: HTMLElement, part = 'tbody') => [...table.querySelectorAll(`${part} tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()));

/**
 * A story whose one check is that `testId` shows up within `wait` (and, given `text`, holds it):
 * the loading, empty and error states of a page.
 */
export function shows(parameters: Record<string, unknown>, testId: string, text?: string | RegExp, wait = slow) {
  return {
    parameters,
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const found = await within(canvasElement).findByTestId(testId, {}, wait);
      await (text === undefined ? expect(found).toBeInTheDocument() : expect(found).toHaveTextContent(text));
    },
  };
}

type StoryParameters = { parameters: Record<string, unknown> };

/**
 * The `at` and `mock` of a feature's page stories: `at(path, console extras, mock options)` starts
 * signed in at `path` on a fresh mock back end built by `backend`; `mock(context)` is that back
 * end's record under `key`.
 */
export function pageKit<Options, Backend extends MockBackend, Key extends keyof Backend>(backend: (options?: Options) => Backend, key: Key) {
  return {
    at: (path: string, extra: Record<string, unknown> = {}, options?: Options) => ({ console: { path, signedIn: true, ...extra }, backend: backend(options) }),
    mock: (context: StoryParameters): Backend[Key] => (storyBackend(context) as Backend)[key],
  };
}
