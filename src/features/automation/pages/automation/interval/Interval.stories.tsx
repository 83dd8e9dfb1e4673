import { expect, userEvent, waitFor } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, crudForm, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 间隔周期 (automation/interval): a CRUD resource description on the automation mock. */
export default { title: 'Pages/Automation/Interval', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/interval';

export const List: PageStory = pageStory(at(PATH), shown('interval-text-2'), async (canvas) => {
  await expect(canvas.getByTestId('interval-text-2')).toHaveTextContent('每 10 分钟');
  await expect(canvas.getByTestId('interval-text-1')).toHaveTextContent('每 1 小时');
});

/** Every 0 is refused before sending; every 30 seconds is saved. */
export const Create: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas, context) => {
  const form = await crudForm(canvas);
  const every = form.getByLabelText('间隔');
  await userEvent.clear(every);
  await userEvent.type(every, '0');
  await userEvent.tab();
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await expect(await form.findByTestId('form-error-every')).toBeVisible();
  await expect(mock(context).calls.some((c) => c.method === 'POST')).toBe(false);
  await userEvent.clear(every);
  await userEvent.type(every, '30');
  await userEvent.tab();
  await userEvent.click(form.getByTestId('form-period'));
  await userEvent.click(await body().findByRole('option', { name: '秒' }));
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await waitFor(() => expect(body().queryByTestId('crud-form')).toBeNull(), slow);
  await expect(mock(context).calls.find((c) => c.method === 'POST')?.body).toMatchObject({ every: 30, period: 'seconds' });
  await expect(await canvas.findByTestId('interval-text-4', {}, slow)).toHaveTextContent('每 30 秒');
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'interval-empty');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['interval'] }), 'interval-error', SERVICE_ERROR);

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['interval'] }), 'interval-table');

export const English: PageStory = shows(at(PATH, { language: 'en' }), 'interval-text-2', 'every 10 minutes');
