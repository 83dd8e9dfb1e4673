import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../stories/console';
import { CrudPage } from './CrudPage';
import { crudBackend, WHITE_LIST_PATH, type CrudMockState } from './crud-mocks';
import type { ResourceDescription } from './types';
import { componentOn } from '../../../stories/kit';

const description: ResourceDescription = {
  resource: '/api/system/api_white_list/',
  testId: 'wl',
  ordering: { field: 'create_datetime', direction: 'desc' },
  permissions: { add: 'Create', edit: 'Update', view: 'Retrieve', remove: 'Delete', search: 'Search', export: 'Export' },
  fields: [
    { key: 'url', label: '接口地址', search: true, column: { width: 240, sortable: true }, form: { span: 24, rules: { required: true, maxLength: 200, pattern: { regex: /^\//, message: '请以 / 开头。' } } } },
    {
      key: 'method',
      label: '请求方法',
      options: [
        { label: 'GET', value: 0, color: 'success' },
        { label: 'POST', value: 1, color: 'primary' },
        { label: 'PUT', value: 2, color: 'warning' },
        { label: 'DELETE', value: 3, color: 'danger' },
      ],
      column: { width: 100 },
      form: { default: 0 },
    },
  ],
};

const meta = { title: 'Components/CrudPage', ...componentOn(CrudPage, { console: { path: WHITE_LIST_PATH, signedIn: true, bootstrap: true }, backend: crudBackend() }, { description }) } satisfies Meta<typeof CrudPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const crud = (context: { parameters: Record<string, unknown> }): CrudMockState => (storyBackend(context) as unknown as { crud: CrudMockState }).crud;

/** A page of rows from the server: paging (page, limit, total), ordering, search, dialogs, delete. */
export const WithData: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(10), { timeout: 5000 });
    const first = crud(context).listCalls[0];
    await expect(first?.get('page')).toBe('1');
    await expect(first?.get('limit')).toBe('10');
    await expect(first?.get('ordering')).toBe('-create_datetime');
    await expect(canvas.getByText('共 23 条')).toBeVisible();

    // Page 3 holds the last 3 rows.
    const pageThree = [...context.canvasElement.querySelectorAll('.p-paginator-page')].find((b) => b.textContent === '3');
    await userEvent.click(pageThree as HTMLElement);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(3));
    await expect(crud(context).listCalls.at(-1)?.get('page')).toBe('3');

    // Sorting by url sends ordering=url, then -url.
    await userEvent.click(context.canvasElement.querySelector('th.p-sortable-column') as HTMLElement);
    await waitFor(() => expect(crud(context).listCalls.at(-1)?.get('ordering')).toBe('url'));
    await userEvent.click(context.canvasElement.querySelector('th.p-sortable-column') as HTMLElement);
    await waitFor(() => expect(crud(context).listCalls.at(-1)?.get('ordering')).toBe('-url'));

    // Search.
    await userEvent.type(canvas.getByTestId('search-url'), '/api/mock/07/');
    await userEvent.click(canvas.getByTestId('wl-search-submit'));
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(1));
    await expect(crud(context).listCalls.at(-1)?.get('url')).toBe('/api/mock/07/');

    // Create: the client rule first (the server's message), then the call.
    await userEvent.click(canvas.getByTestId('crud-add'));
    await userEvent.click(await body.findByTestId('crud-form-submit'));
    await expect(body.getByTestId('form-error-url')).toHaveTextContent('接口地址:该字段是必填项。');
    await userEvent.type(body.getByTestId('form-url'), 'api/no-slash');
    await userEvent.click(body.getByTestId('crud-form-submit'));
    await expect(body.getByTestId('form-error-url')).toHaveTextContent('接口地址:请以 / 开头。');
    await expect(crud(context).created).toHaveLength(0);
    await userEvent.clear(body.getByTestId('form-url'));
    await userEvent.type(body.getByTestId('form-url'), '/api/new/');
    await userEvent.click(body.getByTestId('crud-form-submit'));
    await waitFor(() => expect(crud(context).created).toHaveLength(1));
    await expect(crud(context).created[0]).toMatchObject({ url: '/api/new/', method: 0, description: null });

    // Delete with confirmation.
    await userEvent.click(canvas.getByTestId('wl-search-reset'));
    await waitFor(() => expect(canvas.getAllByTestId('row-remove').length).toBeGreaterThan(1));
    await userEvent.click(canvas.getAllByTestId('row-remove')[0] as HTMLElement);
    await expect(await body.findByText('确定要删除这条数据吗？')).toBeInTheDocument();
    await userEvent.click(body.getByTestId('crud-confirm-ok'));
    await waitFor(() => expect(crud(context).deleted).toHaveLength(1));
  },
};

/**
 * A server refusal that names a field (its label first, as the back end words it) shows under that
 * field, not as the form's general error; the dialog stays open; changing that field clears it.
 */
export const ServerRefusalUnderField: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(10), { timeout: 5000 });
    const taken = [...canvas.getByTestId('wl-table').querySelectorAll('tbody tr:first-child td')].map((td) => td.textContent ?? '').find((text) => text.startsWith('/')) ?? '';
    await expect(taken).toMatch(/^\//);
    await userEvent.click(canvas.getByTestId('crud-add'));
    await userEvent.type(await body.findByTestId('form-url'), taken);
    await userEvent.click(body.getByTestId('crud-form-submit'));
    await expect(await body.findByTestId('form-error-url')).toHaveTextContent('接口地址:该接口地址已存在。');
    await expect(body.getByTestId('form-url')).toHaveClass('p-invalid');
    await expect(body.queryByTestId('crud-form-error')).toBeNull();
    await expect(crud(context).created).toHaveLength(0);
    // Typing in the named field takes the refusal away; the next submit goes through.
    await userEvent.type(body.getByTestId('form-url'), 'v2/');
    await expect(body.queryByTestId('form-error-url')).toBeNull();
    await userEvent.click(body.getByTestId('crud-form-submit'));
    await waitFor(() => expect(crud(context).created).toHaveLength(1));
    await expect(crud(context).created[0]).toMatchObject({ url: `${taken}v2/` });
    await waitFor(() => expect(body.queryByTestId('form-url')).toBeNull());
  },
};

/** While the first page loads, the table shows its loading state. */
export const Loading: Story = {
  parameters: { backend: crudBackend({ mode: 'loading' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.p-datatable-loading-overlay')).not.toBeNull(), { timeout: 5000 });
    await expect(canvas.queryByText('/api/mock/01/')).toBeNull();
  },
};

/** No rows: the empty state (暂无数据), and no pages beyond the first. */
export const Empty: Story = {
  parameters: { backend: crudBackend({ mode: 'empty' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('wl-empty')).toHaveTextContent('暂无数据'), { timeout: 5000 });
    await expect(canvas.getByText('共 0 条')).toBeVisible();
  },
};

/** The list call fails: the error state with the server's message and a retry button. */
export const ErrorState: Story = {
  parameters: { backend: crudBackend({ mode: 'error' }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('wl-error')).toHaveTextContent('数据库连接失败'), { timeout: 5000 });
    const calls = crud(context).listCalls.length;
    await userEvent.click(within(canvas.getByTestId('wl-error')).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(crud(context).listCalls.length).toBe(calls + 1));
  },
};

/** Only Retrieve and Search granted: no add, edit, delete or export buttons anywhere; view stays. */
export const ReadOnlyPermissions: Story = {
  parameters: { backend: crudBackend({ buttons: ['Retrieve', 'Search'] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(10), { timeout: 5000 });
    await expect(canvas.queryByTestId('crud-add')).toBeNull();
    await expect(canvas.queryByTestId('crud-export')).toBeNull();
    await expect(canvas.queryByTestId('crud-multi-delete')).toBeNull();
    await expect(canvas.queryAllByTestId('row-edit')).toHaveLength(0);
    await expect(canvas.queryAllByTestId('row-remove')).toHaveLength(0);
    await expect(canvas.getAllByTestId('row-view').length).toBe(10);
    await expect(canvas.getByTestId('wl-search')).toBeVisible();
  },
};

/** Export downloads the file the server names (content-disposition), and multi-delete sends the keys. */
export const ExportAndMultiDelete: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(10), { timeout: 5000 });
    await userEvent.click(canvas.getByTestId('crud-export'));
    await waitFor(() => expect(crud(context).exports).toBe(1));
    await expect(canvas.getByTestId('crud-multi-delete')).toBeDisabled();
    const boxes = context.canvasElement.querySelectorAll('tbody input[type="checkbox"]');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.click(boxes[1] as HTMLElement);
    await userEvent.click(canvas.getByTestId('crud-multi-delete'));
    await expect(await body.findByText('确定要删除选中的 2 条数据吗？')).toBeInTheDocument();
    await userEvent.click(body.getByTestId('crud-confirm-ok'));
    await waitFor(() => expect(crud(context).deleted).toHaveLength(2));
  },
};

/**
 * A header filter on a column that is not in the search form (请求方法 here): choosing a value and
 * pressing Enter lists with that parameter, next to the search form's own values.
 */
export const HeaderFilterOnly: Story = {
  args: {
    description: {
      ...description,
      fields: description.fields.map((field) => (field.key === 'method' ? { ...field, column: { width: 160, filter: true } } : field)),
    },
  },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('wl-table').querySelectorAll('tbody tr')).toHaveLength(10), { timeout: 5000 });
    // Not in the search form, only in the header.
    await expect(within(canvas.getByTestId('wl-search')).queryByTestId('search-method')).toBeNull();
    const filter = within(canvas.getByTestId('wl-table')).getByTestId('search-method');
    await userEvent.click(filter);
    await userEvent.click(await within(document.body).findByRole('option', { name: 'POST' }));
    await userEvent.type(within(canvas.getByTestId('wl-search')).getByTestId('search-url'), '/api/');
    await userEvent.click(canvas.getByTestId('wl-search-submit'));
    await waitFor(() => expect(crud(context).listCalls.at(-1)?.get('method')).toBe('1'));
    await expect(crud(context).listCalls.at(-1)?.get('url')).toBe('/api/');
  },
};
