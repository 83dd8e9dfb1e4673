import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../src/app/routes';
import { storyBackend } from '../console';
import type { MockBackend } from '../mocks/handlers';

/**
 * What the page stories of every feature share: the meta of a page's story file, the wait for a
 * page's parts on the mock back ends, the table rows and cells they read, where a story starts, the
 * mock's record, the one-assertion state stories (loading, empty, error) written as a single line,
 * and the story that first waits for its page to be ready and then plays its own checks.
 */

/** The meta of a page's story file (after its literal title, which Storybook reads from the file). */
export type PageMeta = Meta<typeof AppRoutes>;
/** A story of a page: the console's routes, started where `parameters.console` says. */
export type PageStory = StoryObj<typeof AppRoutes>;
/** What a page story's play function is given. */
export type PageContext = Parameters<NonNullable<PageStory['play']>>[0];

/** A page story file's meta beside its title: the console's routes on the file's mock back end (the default one without). */
export const routesOn = (backend?: MockBackend) => ({ component: AppRoutes, parameters: backend ? { backend } : {} });

/**
 * A component story file's meta beside its literal title: the component, the parameters its stories
 * share (where the story console starts, its mock back end…) and the args they share.
 */
export function componentOn<C, const A extends object = Record<never, never>>(component: C, parameters: Record<string, unknown> = {}, args?: A) {
  return { component, parameters, args: (args ?? {}) as A };
}

/** The whole document (dialogs, drawers and menus render outside the story's canvas). */
export const body = () => within(document.body);

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

const canvasOf = (element: HTMLElement) => within(element);
type Canvas = ReturnType<typeof canvasOf>;
type Ready = (canvas: Canvas) => Promise<unknown>;

/** The rows of the body of the table `testId` (a PrimeReact table's empty-message row included). */
export const rowsOf = (canvas: Canvas, testId: string) => [...canvas.getByTestId(testId).querySelectorAll('tbody tr')] as HTMLElement[];

/** Ready once the table `testId` shows `count` rows (a first page of 20 unless told). */
export const rowsShown =
  (testId: string, count = 20): Ready =>
  (canvas) =>
    waitFor(() => expect(rowsOf(canvas, testId).length).toBe(count), slow);

/** Ready once the chart `testId` has drawn (its `data-ready` is true). */
export const chartReady =
  (testId: string): Ready =>
  (canvas) =>
    waitFor(() => expect(canvas.getByTestId(testId).dataset.ready).toBe('true'), slow);

/** Ready once `testId` is in the page. */
export const shown =
  (testId: string): Ready =>
  (canvas) =>
    canvas.findByTestId(testId, {}, slow);

/**
 * A page story: starts on `parameters`, waits until the page is `ready`, then plays `then` on the
 * story's canvas (a story with no `then` checks that the page gets ready, nothing more).
 */
export function pageStory(parameters: Record<string, unknown>, ready: Ready, then?: (canvas: Canvas, context: PageContext) => Promise<void>) {
  return {
    parameters,
    play: async (context: PageContext) => {
      const canvas = canvasOf(context.canvasElement);
      await ready(canvas);
      await then?.(canvas, context);
    },
  };
}

/**
 * A table page's empty state: its empty row `testId` becomes visible (holding `text`, given one). The
 * empty row is in the table from its first render; it shows once the (empty) answer has replaced the
 * loading mask.
 */
export function emptyShown(parameters: Record<string, unknown>, testId: string, text?: string | RegExp) {
  return pageStory(parameters, async (canvas) => {
    await waitFor(() => expect(canvas.getByTestId(testId)).toBeVisible(), slow);
    if (text !== undefined) await expect(canvas.getByTestId(testId)).toHaveTextContent(text);
  });
}

/** A table page's loading state: the table `testId` shows PrimeReact's spinner; `then` checks more on the table. */
export function tableLoading(parameters: Record<string, unknown>, testId: string, then?: (table: HTMLElement) => Promise<void>) {
  return pageStory(parameters, shown(testId), async (canvas) => {
    const table = canvas.getByTestId(testId);
    await waitFor(() => expect(table.querySelector('.pi-spin, .p-datatable-loading-icon')).not.toBeNull(), slow);
    await then?.(table);
  });
}

/** Clicks `button` of a CRUD page (新增 unless told) and gives the dialog's form once it is open. */
export async function crudForm(canvas: Canvas, button = 'crud-add') {
  await userEvent.click(await canvas.findByTestId(button, {}, slow));
  return within(await body().findByTestId('crud-form', {}, slow));
}
