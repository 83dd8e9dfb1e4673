import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { statsResult, type StatsResult } from '../../../../contracts/schemas/reports';
import { DataReportStore } from '../stores/data-reports';
import { DataReportView } from './DataReportView';
import { componentOn } from '../../../../stories/kit';

type ConsoleApi = ConstructorParameters<typeof DataReportStore>[0];

/**
 * The day table of the data reports (游戏统计 / 用户统计) on its own: a DataReportStore on a stand-in
 * `dataReport` call whose answers are parsed by the contract schema. The pages' stories
 * (src/pages/data_reports) run the same view on the mock back end computed from raw activity.
 */

const TODAY = new Date(2026, 10, 25);
const day = (n: number) => {
  const d = new Date(2026, 10, 25 - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** `days` days ending today, figures varying by day; a refund-heavy day has negative revenue. */
function result(days: number): StatsResult {
  const rows = Array.from({ length: days }, (_, i) => {
    const n = days - 1 - i;
    const revenue = n === 3 ? -600 : (n % 5) * 1_200;
    const paying = n === 3 ? 1 : n % 5;
    const active = 40 + (n % 7) * 3;
    const fresh = 10 + (n % 4);
    return {
      day: day(n),
      new_players: fresh,
      active_players: active,
      paying_players: paying,
      revenue,
      arpu: Math.round(revenue / active),
      d1: n >= 1 ? 0.5 : null,
      d7: n >= 7 ? 0.2 : null,
      d1_retained: n >= 1 ? fresh / 2 : 0,
      d7_retained: n >= 7 ? fresh / 5 : 0,
    };
  });
  const sum = (k: 'new_players' | 'revenue') => rows.reduce((a, r) => a + r[k], 0);
  return statsResult.parse({
    start: day(days - 1),
    end: day(0),
    game: null,
    today: day(0),
    currency: 'CNY',
    days: rows.map((r) => ({ ...r, d1_retained: Math.round(r.d1_retained), d7_retained: Math.round(r.d7_retained) })),
    total: { ...rows[0]!, new_players: sum('new_players'), active_players: 120, paying_players: 30, revenue: sum('revenue'), arpu: Math.round(sum('revenue') / 120), gross: sum('revenue') + 600, refunds: 1_200, d1: 0.5, d7: 0.2, d1_retained: 10, d7_retained: 4 },
  });
}

const EMPTY = statsResult.parse({
  start: day(6),
  end: day(0),
  game: null,
  today: day(0),
  currency: 'CNY',
  days: Array.from({ length: 7 }, (_, i) => ({ day: day(6 - i), new_players: 0, active_players: 0, paying_players: 0, revenue: 0, arpu: 0, d1: null, d7: null, d1_retained: 0, d7_retained: 0 })),
  total: { new_players: 0, active_players: 0, paying_players: 0, revenue: 0, arpu: 0, d1: null, d7: null, d1_retained: 0, d7_retained: 0, gross: 0, refunds: 0 },
});

type Answer = StatsResult | 'error' | 'never';

function View({ answer, kind }: { answer: Answer; kind: 'game_stats' | 'user_stats' }) {
  const [store] = useState(() => {
    const api = {
      reports: {
        stats: () => (answer === 'error' ? Promise.reject(new Error('数据库连接失败')) : answer === 'never' ? new Promise<never>(() => undefined) : Promise.resolve(answer)),
        exportStats: () => Promise.reject(new Error('not in this story')),
      },
    } as unknown as ConsoleApi;
    return new DataReportStore(api, kind, () => undefined, TODAY);
  });
  return <DataReportView store={store} path="/data_reports/story" />;
}

const meta = { title: 'Components/DataReportView', ...componentOn(View, { console: { signedIn: true, bootstrap: true } }, { answer: result(7), kind: 'game_stats' }) } satisfies Meta<typeof View>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));

/** Newest day first, the summary row, negative revenue marked; a header click sorts by that column. */
export const Days: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = await c.findByTestId('game-stats-table', {}, { timeout: 5000 });
    await expect(bodyRows(table).map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5, 6].map(day));
    await expect(c.getByTestId('game-stats-total')).toHaveTextContent('合计');
    await expect(table.querySelectorAll('.income-negative').length).toBeGreaterThan(0);
    // The game picker is there for game_stats; no export without the Export button.
    await expect(c.getByTestId('game-stats-game')).toBeInTheDocument();
    await expect(c.queryByTestId('game-stats-export')).toBeNull();
    await userEvent.click(c.getByTestId('game-stats-sort-revenue'));
    await waitFor(() => expect(bodyRows(table)[0]?.[0]).toBe(day(4)));
    await expect(bodyRows(table).at(-1)?.[0]).toBe(day(3));
    await expect(c.getByTestId('game-stats-sort-revenue').closest('th')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(c.getByTestId('game-stats-sort-revenue'));
    await waitFor(() => expect(bodyRows(table)[0]?.[0]).toBe(day(3)));
    await expect(c.getByTestId('game-stats-sort-revenue').closest('th')).toHaveAttribute('aria-sort', 'ascending');
  },
};

/** The platform-wide table has no game picker. */
export const UserStats: Story = {
  args: { kind: 'user_stats' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId('user-stats-table', {}, { timeout: 5000 });
    await expect(c.queryByTestId('user-stats-game')).toBeNull();
  },
};

export const Loading: Story = {
  args: { answer: 'never' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('game-stats-loading')).toBeVisible();
    await expect(c.queryByTestId('game-stats-table')).toBeNull();
  },
};

export const Empty: Story = {
  args: { answer: EMPTY },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('game-stats-empty')).toBeVisible();
    await expect(c.queryByTestId('game-stats-table')).toBeNull();
  },
};

export const ErrorState: Story = {
  args: { answer: 'error' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('game-stats-error')).toHaveTextContent('数据库连接失败');
  },
};

/** A whole year of days: every row is there and the table scrolls in its card. */
export const LongRange: Story = {
  args: { answer: result(366) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = await c.findByTestId('game-stats-table', {}, { timeout: 5000 });
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(366);
  },
};

export const English: Story = {
  parameters: { console: { signedIn: true, bootstrap: true, language: 'en' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId('game-stats-table', {}, { timeout: 5000 });
    await expect(c.getByTestId('game-stats-total')).not.toHaveTextContent('合计');
    await expect(c.getByTestId('game-stats-sort-revenue')).not.toHaveTextContent('收入');
  },
};
