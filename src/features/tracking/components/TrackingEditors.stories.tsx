import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { EventChoice, PropertyDef } from '../stores/tracking';
import { FunnelStepsEditor, stepsProblem, WindowInput, type FunnelStepValue } from './FunnelStepsEditor';
import { useTrackingTexts } from './locale';
import { PropertiesEditor, propertiesProblem } from './PropertiesEditor';

/** The tracking forms' own inputs: an event's properties, a funnel's steps and window. */
function Properties({ initial, disabled = false }: { initial: PropertyDef[]; disabled?: boolean }) {
  const t = useTrackingTexts();
  const [value, setValue] = useState<PropertyDef[]>(initial);
  const problem = propertiesProblem(value, t);
  return (
    <div>
      <PropertiesEditor value={value} onChange={setValue} disabled={disabled} invalid={!!problem} />
      <p data-testid="problem">{problem ?? 'ok'}</p>
      <pre data-testid="value">{JSON.stringify(value)}</pre>
    </div>
  );
}

const EVENTS: EventChoice[] = [
  { event: 'register', name: '注册', global: true, enabled: true, properties: [{ name: 'channel', type: 'string', required: false }] },
  { event: 'pay', name: '付费', global: true, enabled: true, properties: [{ name: 'amount', type: 'number', required: true }] },
  { event: 'gacha', name: '抽卡', global: false, enabled: true, properties: [] },
];

function Steps({ initial, events }: { initial: FunnelStepValue[]; events: EventChoice[] | null }) {
  const t = useTrackingTexts();
  const [value, setValue] = useState<FunnelStepValue[]>(initial);
  const [window, setWindow] = useState(86_400);
  return (
    <div>
      <FunnelStepsEditor value={value} onChange={setValue} events={events} />
      <WindowInput value={window} onChange={setWindow} />
      <p data-testid="problem">{stepsProblem(value, t) ?? 'ok'}</p>
      <pre data-testid="value">{JSON.stringify({ steps: value, window })}</pre>
    </div>
  );
}

const meta = {
  title: 'Components/TrackingEditors',
  component: Properties,
  args: { initial: [] },
} satisfies Meta<typeof Properties>;

export default meta;
type Story = StoryObj<typeof meta>;

const valueOf = (el: HTMLElement) => JSON.parse(within(el).getByTestId('value').textContent ?? 'null') as unknown;

export const PropertiesEmpty: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('暂无属性')).toBeVisible();
    await userEvent.click(c.getByTestId('properties-add'));
    await userEvent.type(c.getByTestId('properties-name-0'), 'amount');
    await userEvent.click(c.getByTestId('properties-type-0'));
    await userEvent.click(await within(document.body).findByRole('option', { name: '数字' }));
    await userEvent.click(c.getByTestId('properties-required-0'));
    await expect(valueOf(canvasElement)).toEqual([{ name: 'amount', type: 'number', required: true }]);
    await expect(c.getByTestId('problem')).toHaveTextContent('ok');
  },
};

/** Bad and repeated names are marked and named; removing the repeat clears it. */
export const PropertiesRules: Story = {
  args: {
    initial: [
      { name: 'order_id', type: 'string', required: false },
      { name: 'OrderId', type: 'string', required: false },
      { name: 'order_id', type: 'number', required: false },
    ],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('properties-name-1')).toHaveAttribute('aria-invalid', 'true');
    await expect(c.getByTestId('problem')).toHaveTextContent('属性:“OrderId”只能是小写字母开头');
    await userEvent.click(c.getByTestId('properties-remove-1'));
    await expect(c.getByTestId('problem')).toHaveTextContent('属性:“order_id”重复。');
    await userEvent.click(c.getByTestId('properties-remove-1'));
    await expect(c.getByTestId('problem')).toHaveTextContent('ok');
  },
};

/** Fifty properties: the add button stops there. */
export const PropertiesLong: Story = {
  args: { initial: Array.from({ length: 50 }, (_, i) => ({ name: `reward_item_with_a_long_name_${i + 1}`, type: i % 2 ? 'number' : 'string', required: i % 3 === 0 }) as PropertyDef) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('properties-add')).toBeDisabled();
  },
};

export const PropertiesDisabledEnglish: Story = {
  args: { initial: [{ name: 'level', type: 'number', required: true }], disabled: true },
  parameters: { console: { language: 'en' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('properties-name-0')).toBeDisabled();
    await expect(c.getByText('Required')).toBeVisible();
    await expect(c.getByText('Add property')).toBeVisible();
  },
};

/** Steps: choose events, reorder, a condition typed by its property, 2..10 steps, the window. */
export const FunnelSteps: Story = {
  render: () => <Steps initial={[{ event: 'register' }, { event: '' }]} events={EVENTS} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    await expect(c.getByTestId('problem')).toHaveTextContent('步骤:第 2 步未选择事件。');
    await userEvent.click(c.getByTestId('steps-event-1'));
    await userEvent.click(await body.findByRole('option', { name: '付费 (pay)' }));
    await userEvent.click(c.getByTestId('steps-add-filter-1'));
    await userEvent.type(within(c.getByTestId('steps-filter-1')).getByLabelText('值'), '6');
    await userEvent.click(c.getByTestId('steps-up-1'));
    await userEvent.click(c.getByTestId('window-unit'));
    await userEvent.click(await body.findByRole('option', { name: '小时' }));
    await expect(valueOf(canvasElement)).toEqual({ steps: [{ event: 'pay', filters: [{ property: 'amount', op: 'eq', value: 6 }] }, { event: 'register' }], window: 3600 });
    await userEvent.click(c.getByTestId('steps-remove-1'));
    await expect(c.getByTestId('problem')).toHaveTextContent('步骤:至少 2 步。');
  },
};

export const FunnelStepsTen: Story = {
  render: () => <Steps initial={Array.from({ length: 10 }, () => ({ event: 'gacha' }))} events={EVENTS} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('steps-add')).toBeDisabled();
    await expect(within(canvasElement).getByTestId('problem')).toHaveTextContent('ok');
  },
};

export const FunnelStepsNoGame: Story = {
  render: () => <Steps initial={[]} events={null} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('steps-no-game')).toHaveTextContent('请先选择游戏');
  },
};
