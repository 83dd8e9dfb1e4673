import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { CONFIG_PATH, configBackend, RACED_KEY, RACED_MESSAGE, type ConfigMockState } from './config-mocks';
import ConfigPage from './index';
import { componentOn } from '../../../../../../stories/kit';

const meta = { title: 'Pages/SystemConfig', ...componentOn(ConfigPage, { console: { path: CONFIG_PATH, signedIn: true, bootstrap: true }, backend: configBackend() }) } satisfies Meta<typeof ConfigPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (context: { parameters: Record<string, unknown> }): ConfigMockState => (storyBackend(context) as unknown as { config: ConfigMockState }).config;
const body = () => within(document.body);

/** A new item: client rules first, the server's own refusal shown as it came, then the POST body and the item in its tab. */
export const AddItem: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('config-add-item-base'));
    await userEvent.click(await body().findByTestId('crud-form-submit'));
    await expect(body().getByTestId('form-error-title')).toHaveTextContent('标题:该字段是必填项。');
    await expect(body().getByTestId('form-error-key')).toHaveTextContent('键:该字段是必填项。');
    await userEvent.type(body().getByTestId('form-title'), '新设置');
    await userEvent.type(body().getByTestId('form-key'), 'captcha_state');
    await userEvent.click(body().getByTestId('crud-form-submit'));
    await expect(body().getByTestId('form-error-key')).toHaveTextContent(RACED_MESSAGE);
    await expect(state(context).created).toHaveLength(0);

    // A key the client cannot know is taken: the server's message, as is.
    await userEvent.clear(body().getByTestId('form-key'));
    await userEvent.type(body().getByTestId('form-key'), RACED_KEY);
    await userEvent.click(body().getByTestId('crud-form-submit'));
    await expect(await body().findByTestId('crud-form-error')).toHaveTextContent(RACED_MESSAGE);

    await userEvent.clear(body().getByTestId('form-key'));
    await userEvent.type(body().getByTestId('form-key'), 'new_setting');
    await userEvent.click(body().getByTestId('form-required').querySelector('input') as HTMLInputElement);
    await userEvent.type(body().getByTestId('form-value'), 'v1');
    await userEvent.click(body().getByTestId('crud-form-submit'));
    await waitFor(() => expect(state(context).created).toHaveLength(1));
    await expect(state(context).created[0]).toMatchObject({ parent: 1, title: '新设置', key: 'new_setting', form_item_type: 0, value: 'v1', rule: [{ required: true, message: '必填项不能为空' }], data_options: null, status: true });
    const added = await canvas.findByTestId('config-item-base.new_setting');
    await expect(added.querySelector('input')).toHaveValue('v1');
  },
};

/** A new group opens as its own (empty) tab; removing an item asks first and sends DELETE {id}. */
export const AddGroupRemoveItem: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('config-add-group'));
    await userEvent.type(await body().findByTestId('form-title'), '新分组');
    await userEvent.type(body().getByTestId('form-key'), 'login');
    await userEvent.click(body().getByTestId('crud-form-submit'));
    await expect(body().getByTestId('form-error-key')).toHaveTextContent(RACED_MESSAGE);
    await userEvent.clear(body().getByTestId('form-key'));
    await userEvent.type(body().getByTestId('form-key'), 'extra');
    await userEvent.click(body().getByTestId('crud-form-submit'));
    await expect(await canvas.findByTestId('config-group-empty-extra')).toBeVisible();
    await expect(state(context).created[0]).toMatchObject({ parent: null, title: '新分组', key: 'extra' });

    await userEvent.click(canvas.getByText('基础配置'));
    await userEvent.click(await canvas.findByTestId('config-remove-base.default_password'));
    await userEvent.click(await body().findByTestId('crud-confirm-cancel'));
    await expect(state(context).deleted).toHaveLength(0);
    await userEvent.click(canvas.getByTestId('config-remove-base.default_password'));
    await userEvent.click(await body().findByTestId('crud-confirm-ok'));
    await waitFor(() => expect(canvas.queryByTestId('config-item-base.default_password')).toBeNull());
    await expect(state(context).deleted).toEqual([3]);
  },
};

/** Without Create and Delete buttons the page only edits and saves. */
export const ReadOnlyStructure: Story = {
  parameters: { backend: configBackend(['Retrieve', 'Update', 'Search']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('config-save-base')).toBeVisible();
    await expect(canvas.queryByTestId('config-add-group')).toBeNull();
    await expect(canvas.queryByTestId('config-add-item-base')).toBeNull();
    await expect(canvas.queryByTestId('config-remove-base.captcha_state')).toBeNull();
  },
};
