import { expect, userEvent, waitFor, within } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, crudForm, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** Crontab 表达式 (automation/crontab): a CRUD resource description on the automation mock. */
export default { title: 'Pages/Automation/Crontab', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/crontab';

/** Each crontab with its next 5 run times as wall-clock times of its own zone. */
export const List: PageStory = {
  parameters: at(PATH),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ny = await canvas.findByTestId('crontab-next-runs-3', {}, slow);
    await expect(ny.querySelectorAll('li')).toHaveLength(5);
    await expect(ny.querySelector('li')).toHaveTextContent('2026-11-25 09:00 (UTC-05:00)');
    await expect(canvas.getByTestId('crontab-next-runs-2').querySelector('li')).toHaveTextContent('2026-11-30 04:00 (UTC+08:00)');
  },
};

/** `61 * * * *`: the server's refusal shows in the dialog, which stays open; a valid one is saved with its zone. */
export const InvalidThenValid: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas, context) => {
  const form = await crudForm(canvas);
  await userEvent.type(form.getByTestId('form-expression'), '61 * * * *');
  // The preview names the problem as it is typed; the server refuses it too.
  await expect(await form.findByTestId('crontab-preview-problem', {}, slow)).toHaveTextContent('值 61 超出范围 0-59。');
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await expect(await form.findByTestId('form-error-expression', {}, slow)).toHaveTextContent('Crontab 表达式无效：值 61 超出范围 0-59。');
  await expect(form.queryByTestId('crud-form-error')).toBeNull();
  await userEvent.clear(form.getByTestId('form-expression'));
  // The refusal goes with the change of its field.
  await expect(form.queryByTestId('form-error-expression')).toBeNull();
  await userEvent.type(form.getByTestId('form-expression'), '15 6 * * *');
  const preview = await form.findByTestId('crontab-preview', {}, slow);
  await expect(preview.querySelectorAll('li')).toHaveLength(5);
  await expect(preview).toHaveTextContent('06:15 (UTC+08:00)');
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await waitFor(() => expect(body().queryByTestId('crud-form')).toBeNull(), slow);
  const posts = mock(context).calls.filter((c) => c.method === 'POST');
  await expect(posts.map((p) => (p.body as { expression: string; timezone: string }).expression)).toEqual(['61 * * * *', '15 6 * * *']);
  await expect((posts[1]?.body as { timezone: string }).timezone).toBe('Asia/Shanghai');
  await expect(await canvas.findByTestId('crontab-next-runs-4', {}, slow)).toHaveTextContent('06:15 (UTC+08:00)');
});

/** The preview follows the chosen zone: the same expression in New York reads with its own offset. */
export const PreviewInZone: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas) => {
  const form = await crudForm(canvas);
  await userEvent.type(form.getByTestId('form-expression'), '0 9 * * 1-5');
  await expect(await form.findByTestId('crontab-preview', {}, slow)).toHaveTextContent('09:00 (UTC+08:00)');
  await userEvent.click(form.getByTestId('form-timezone'));
  const filter = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('.p-dropdown-filter');
    if (!found) throw new globalThis.Error('no filter yet');
    return found;
  }, slow);
  await userEvent.type(filter, 'New_York');
  await userEvent.click(await body().findByRole('option', { name: 'America/New_York' }));
  await waitFor(() => expect(form.getByTestId('crontab-preview')).toHaveTextContent(/09:00 \(UTC-0[45]:00\)/), slow);
});

export const Loading: PageStory = {
  parameters: at(PATH, {}, { slow: ['crontab'] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('crontab-table', {}, slow)).toBeInTheDocument();
    await expect(canvasElement.querySelector('.p-datatable-loading-overlay, .crud-table-loading, [aria-busy="true"]')).not.toBeNull();
  },
};

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'crontab-empty');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['crontab'] }), 'crontab-error', SERVICE_ERROR);

export const Long: PageStory = shows(at(PATH, {}, { long: true }), 'crontab-next-runs-1');

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), shown('crontab-next-runs-3'), async (canvas) => {
  await expect(canvas.getByText('Next runs')).toBeVisible();
});
