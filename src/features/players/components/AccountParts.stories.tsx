import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { accountBan } from '../../../../contracts/schemas/players/accounts';
import { formatDate } from '../../../stores/format';
import { DayRangePicker, StatusTag, useDuration, type DayRange } from './AccountParts';

/**
 * The pieces 平台账号 and 游戏用户 share: the status tag (with the ban's end and
 * reason), the session-length text and the whole-day range picker.
 */

/** A ban as the server answers it (parsed by the contract schema, like every mock). */
const ban = (expires: string | null) =>
  accountBan.parse({
    id: 7,
    reason: '使用外挂',
    expires_at: expires,
    banned_at: '2026-11-20T08:00:00Z',
    banned_by: 'admin',
    lifted_at: null,
    lifted_by: '',
    lift_reason: '',
    state: 'active',
  });

function Tags() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 16 }}>
      <span data-testid="normal">
        <StatusTag status="normal" />
      </span>
      <StatusTag status="banned" ban={ban('2026-12-31T16:00:00Z')} testId="until" />
      <StatusTag status="banned" ban={ban(null)} testId="forever" />
      <StatusTag status="banned" ban={null} testId="unknown" />
    </div>
  );
}

const meta = {
  title: 'Components/AccountParts',
  component: Tags,
} satisfies Meta<typeof Tags>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Normal, banned until a time (the reason as its title), banned for ever, and banned without the ban's details. */
export const Status: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('normal')).toHaveTextContent('正常');
    await expect(c.getByTestId('normal').querySelector('.p-tag-success')).not.toBeNull();
    const until = c.getByTestId('until');
    await expect(until).toHaveTextContent('已封禁');
    await expect(until).toHaveTextContent(/至 2027-01-01 00:00(:00)?|至 2026-12-31/);
    await expect(until).toHaveAttribute('title', '使用外挂');
    await expect(until.querySelector('.p-tag-danger')).not.toBeNull();
    await expect(c.getByTestId('forever')).toHaveTextContent('永久');
    await expect(c.getByTestId('unknown')).toHaveTextContent('已封禁');
    await expect(c.getByTestId('unknown')).not.toHaveTextContent('永久');
  },
};

export const StatusEnglish: Story = {
  parameters: { console: { language: 'en' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('normal')).toHaveTextContent('Normal');
    await expect(c.getByTestId('until')).toHaveTextContent('Banned');
    await expect(c.getByTestId('until')).toHaveTextContent('until');
    await expect(c.getByTestId('forever')).toHaveTextContent('permanent');
  },
};

function Durations({ seconds }: { seconds: number[] }) {
  const duration = useDuration();
  return (
    <ul style={{ padding: 16 }}>
      {seconds.map((s) => (
        <li key={s} data-testid={`d-${s}`}>
          {duration(s)}
        </li>
      ))}
    </ul>
  );
}

const SECONDS = [0, 12.4, 59.6, 184, 3_599, 3_600, 90_061];

/** Session lengths: seconds, minutes and seconds, hours and minutes (rounded to whole seconds first). */
export const Durations_: Story = {
  name: 'Durations',
  render: () => <Durations seconds={SECONDS} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('d-0')).toHaveTextContent('0 秒');
    await expect(c.getByTestId('d-12.4')).toHaveTextContent('12 秒');
    await expect(c.getByTestId('d-59.6')).toHaveTextContent('1 分 0 秒');
    await expect(c.getByTestId('d-184')).toHaveTextContent('3 分 4 秒');
    await expect(c.getByTestId('d-3599')).toHaveTextContent('59 分 59 秒');
    await expect(c.getByTestId('d-3600')).toHaveTextContent('1 小时 0 分');
    await expect(c.getByTestId('d-90061')).toHaveTextContent('25 小时 1 分');
  },
};

export const DurationsEnglish: Story = {
  parameters: { console: { language: 'en' } },
  render: () => <Durations seconds={SECONDS} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('d-184')).toHaveTextContent('3 min 4 s');
    await expect(c.getByTestId('d-90061')).toHaveTextContent('25 h 1 min');
  },
};

function Range({ initial, clearable }: { initial: DayRange | null; clearable?: boolean }) {
  const [range, setRange] = useState<DayRange | null>(initial);
  const [calls, setCalls] = useState(0);
  return (
    <div style={{ padding: 16, minHeight: 460 }}>
      <DayRangePicker
        value={range}
        onChange={(r) => {
          setRange(r);
          setCalls((n) => n + 1);
        }}
        testId="range"
        label="日期范围"
        {...(clearable ? { clearable } : {})}
      />
      <button type="button" data-testid="outside" onClick={() => setRange({ start: '2026-10-01', end: '2026-10-07' })}>
        outside
      </button>
      <pre data-testid="value">{JSON.stringify(range)}</pre>
      <p data-testid="calls">{calls}</p>
    </div>
  );
}

const dayOfMonth = (day: number) => {
  const d = new Date();
  d.setDate(day);
  return formatDate(d);
};

/** The shown month's day (not a neighbouring month's day shown in the same grid). */
const dayCell = (panel: HTMLElement, day: number): HTMLElement => {
  const cell = [...panel.querySelectorAll('td:not(.p-datepicker-other-month) span')].find((el) => el.textContent === String(day));
  if (!(cell instanceof HTMLElement)) throw new Error(`no day ${day}`);
  return cell;
};

/** Two clicks give a range; the first alone sends nothing (a half-chosen range is never sent). */
export const DayRangeChoose: Story = {
  render: () => <Range initial={null} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(c.getByLabelText('日期范围'));
    const today = new Date().getDate();
    await userEvent.click(dayCell(await body.findByRole('grid'), 1));
    await expect(c.getByTestId('calls')).toHaveTextContent('0');
    await userEvent.click(dayCell(await body.findByRole('grid'), today));
    await expect(c.getByTestId('calls')).toHaveTextContent('1');
    await expect(JSON.parse(c.getByTestId('value').textContent ?? 'null')).toEqual({ start: dayOfMonth(1), end: dayOfMonth(today) });
    // Closed again (PrimeReact's open day grid has ARIA that axe refuses; the page closes it the same way).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('grid')).toBeNull());
  },
};

/** A range set from outside (e.g. the page's reset) replaces what the input shows. */
export const DayRangeFromOutside: Story = {
  render: () => <Range initial={{ start: '2026-11-01', end: '2026-11-07' }} clearable />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('日期范围')).toHaveValue('2026-11-01 - 2026-11-07');
    await userEvent.click(c.getByTestId('outside'));
    await expect(c.getByLabelText('日期范围')).toHaveValue('2026-10-01 - 2026-10-07');
  },
};
