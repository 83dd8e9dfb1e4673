import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { argsBody, type ArgProblem, type ArgValues } from '../stores/automation';
import type { RunState, TaskArgument } from '../../../stores/types';
import { ArgsForm, RunStateTag, TimeZoneInput } from './parts';
import { componentOn } from '../../../../stories/kit';

/**
 * The automation screens' own inputs: a task kind's argument form (built from the kind's
 * `arguments` description, checked like the run-now dialog checks it), the run-state tags and the
 * searchable time-zone picker of the crontab form.
 */

/** The arguments of 重算汇总数据 as the server describes them (every type the form renders). */
const ROLLUP_ARGS: TaskArgument[] = [
  { name: 'target', label: 'Target', type: 'enum', required: true, options: ['all', 'tracking', 'income'], default: 'all' },
  { name: 'days', label: 'Days', type: 'integer', required: false, min: 1, max: 366 },
  { name: 'start', label: 'Start', type: 'date', required: false },
  { name: 'game', label: 'Game', type: 'integer', required: false, min: 1 },
  { name: 'message', label: 'Message', type: 'string', required: true, max: 20 },
  { name: 'body', label: 'Body', type: 'text', required: false, max: 200 },
];

function Form({ form, initial, disabled = false }: { form: TaskArgument[]; initial: ArgValues; disabled?: boolean }) {
  const [values, setValues] = useState<ArgValues>(initial);
  const [problems, setProblems] = useState<Record<string, ArgProblem>>({});
  const [sent, setSent] = useState<unknown>(null);
  return (
    <div style={{ padding: 16, maxWidth: 720 }}>
      <ArgsForm form={form} values={values} onChange={setValues} problems={problems} idPrefix="story" disabled={disabled} />
      <button
        type="button"
        data-testid="check"
        onClick={() => {
          const r = argsBody(form, values);
          setProblems(r.problems);
          setSent(Object.keys(r.problems).length === 0 ? r.args : null);
        }}
      >
        check
      </button>
      <pre data-testid="sent">{JSON.stringify(sent)}</pre>
    </div>
  );
}

const meta = { title: 'Components/AutomationParts', ...componentOn(Form, {}, { form: ROLLUP_ARGS, initial: { target: 'all' } }) } satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

const sentOf = (el: HTMLElement) => JSON.parse(within(el).getByTestId('sent').textContent ?? 'null') as unknown;

/** Every argument type, labelled in Chinese; a missing required value is named under its input, a valid form gives the args body. */
export const ArgumentForm: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('范围')).toBeInTheDocument();
    await expect(c.getByLabelText('最近天数（与日期范围二选一）')).toBeInTheDocument();
    await expect(c.getByTestId('story-target')).toHaveTextContent('全部');
    await userEvent.click(c.getByTestId('check'));
    await expect(c.getByTestId('story-message-problem')).toHaveTextContent('返回消息:该字段是必填项。');
    await expect(c.getByTestId('story-message')).toHaveAttribute('aria-invalid', 'true');
    await expect(sentOf(canvasElement)).toBeNull();
    await userEvent.type(c.getByTestId('story-message'), 'hello');
    await userEvent.type(c.getByLabelText('最近天数（与日期范围二选一）'), '7');
    await userEvent.click(c.getByTestId('check'));
    await expect(c.queryByTestId('story-message-problem')).toBeNull();
    await expect(sentOf(canvasElement)).toEqual({ target: 'all', days: 7, message: 'hello' });
  },
};

/** A saved value longer than the kind now allows is refused with the limit (the integer inputs clamp to their range themselves). */
export const ArgumentLimits: Story = {
  args: { initial: { target: 'tracking', message: 'x'.repeat(25) } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByTestId('check'));
    await expect(c.getByTestId('story-message-problem')).toHaveTextContent('长度不能超过 20 个字符');
    await expect(sentOf(canvasElement)).toBeNull();
  },
};

/** A kind without arguments says so instead of an empty form. */
export const NoArguments: Story = {
  args: { form: [], initial: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('story-no-args')).toBeVisible();
  },
};

/** Disabled while a run is being sent: no input takes a value. */
export const Disabled: Story = {
  args: { disabled: true, initial: { target: 'income', message: 'busy' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('story-message')).toBeDisabled();
    await expect(c.getByTestId('story-body')).toBeDisabled();
  },
};

/** English labels, options and problems. */
export const English: Story = {
  parameters: { console: { language: 'en' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Scope')).toBeInTheDocument();
    await expect(c.getByTestId('story-target')).toHaveTextContent('All');
    await userEvent.click(c.getByTestId('check'));
    await expect(c.getByTestId('story-message-problem')).toHaveTextContent('Answer message: this field is required.');
    await expect(c.getByTestId('story-message-problem')).not.toHaveTextContent('必填');
  },
};

const STATES: RunState[] = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'];

/** The six run states, each its own tag colour (severity). */
export const RunStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, padding: 16 }}>
      {STATES.map((s) => (
        <RunStateTag key={s} state={s} testId={`state-${s}`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const names = ['排队中', '运行中', '成功', '失败', '等待重试', '已取消'];
    for (const [i, s] of STATES.entries()) {
      const tag = c.getByTestId(`state-${s}`);
      await expect(tag).toHaveTextContent(names[i] as string);
      await expect(tag).toHaveAttribute('data-state', s);
    }
    await expect(c.getByTestId('state-failed').className).toContain('p-tag-danger');
    await expect(c.getByTestId('state-succeeded').className).toContain('p-tag-success');
  },
};

function Zone({ initial }: { initial: string | null }) {
  const [zone, setZone] = useState<unknown>(initial);
  return (
    <div style={{ padding: 16, width: 320 }}>
      <label htmlFor="zone">zone</label>
      <TimeZoneInput value={zone} onChange={setZone} id="zone" testId="zone" disabled={false} invalid={false} />
      <p data-testid="zone-value">{String(zone)}</p>
    </div>
  );
}

/** The time-zone picker filters the browser's IANA zones; picking one sets it. */
export const TimeZonePicker: Story = {
  render: () => <Zone initial="Asia/Shanghai" />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    await expect(c.getByTestId('zone')).toHaveTextContent('Asia/Shanghai');
    await userEvent.click(c.getByTestId('zone'));
    await userEvent.type(await body.findByLabelText('筛选'), 'Tokyo');
    await userEvent.click(await body.findByRole('option', { name: 'Asia/Tokyo' }));
    await expect(c.getByTestId('zone-value')).toHaveTextContent('Asia/Tokyo');
  },
};

/** A zone the browser does not list (saved earlier) is still shown and kept. */
export const UnknownZoneKept: Story = {
  render: () => <Zone initial="Etc/GMT-14" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('zone')).toHaveTextContent('Etc/GMT-14');
  },
};
