import type { Meta, StoryObj } from '@storybook/react-vite';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReportStore } from '../../stores/analytics/report-store';
import { Money, ReportForm, ReportState } from './ReportParts';
import { componentOn } from '../../../stories/kit';

/**
 * The parts every revenue and report screen is built from: the form row (game picker, range, 查询,
 * the screen's own controls; optionally without the game, as 用户统计 uses it), what shows instead of
 * a result (loading, empty, error with 重试) and a money figure. The store's fetch is a stand-in that
 * records what was asked.
 */

type Answer = { orders: number } | 'error' | 'never';

const Parts = observer(function Parts({ store, withGame, asked }: { store: ReportStore<{ orders: number }, object>; withGame: boolean; asked: string[] }) {
  return (
    <div style={{ padding: 16 }}>
      <ReportForm store={store} prefix="story" withGame={withGame}>
        <span data-testid="own-control">own control</span>
      </ReportForm>
      {ReportState({ store, prefix: 'story', empty: (r) => r.orders === 0 }) ?? <p data-testid="story-result">{store.result?.orders}</p>}
      <p>
        <Money text="¥12.00" negative={false} /> <Money text="-¥6.00" negative />
      </p>
      <pre data-testid="asked">{asked.join('\n')}</pre>
    </div>
  );
});

function View({ answer, withGame = true, start = '2026-11-01' }: { answer: Answer; withGame?: boolean; start?: string }) {
  const [asked] = useState<string[]>([]);
  const [store] = useState(() => {
    let calls = 0;
    const s = new ReportStore<{ orders: number }, object>(
      ({ range, game }) => {
        asked.push(`${game ?? 'all'} ${range.start}..${range.end}`);
        calls++;
        if (answer === 'never') return new Promise<never>(() => undefined);
        // An error answer fails once: 重试 then succeeds.
        if (answer === 'error') return calls === 1 ? Promise.reject(new Error('数据库连接失败')) : Promise.resolve({ orders: 3 });
        return Promise.resolve(answer);
      },
      { start, end: '2026-11-07' },
      {},
    );
    void s.load();
    return s;
  });
  return <Parts store={store} withGame={withGame} asked={asked} />;
}

const meta = { title: 'Components/IncomeParts', ...componentOn(View, { console: { signedIn: true, bootstrap: true } }, { answer: { orders: 5 } }) } satisfies Meta<typeof View>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The result, the game picker (全部游戏), the screen's own control, the currency note and money figures (negative in red). */
export const WithResult: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('story-result')).toHaveTextContent('5');
    await expect(c.getByTestId('story-game')).toHaveTextContent('全部游戏');
    await expect(c.getByTestId('own-control')).toBeVisible();
    await expect(c.getByTestId('story-note')).toHaveTextContent('金额单位：人民币');
    await expect(c.getByText('-¥6.00')).toHaveClass('income-negative');
    await expect(c.getByText('¥12.00')).not.toHaveClass('income-negative');
    await expect(c.getByTestId('asked')).toHaveTextContent('all 2026-11-01..2026-11-07');
  },
};

/** A platform-wide report: no game picker. */
export const WithoutGame: Story = {
  args: { withGame: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId('story-result');
    await expect(c.queryByTestId('story-game')).toBeNull();
  },
};

/** A reversed range: 查询 is disabled and the note names the problem instead of the currency. */
export const RangeProblem: Story = {
  args: { start: '2026-11-20' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('story-note')).toHaveTextContent('开始日期不能晚于结束日期。');
    await expect(c.getByTestId('story-run')).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { answer: 'never' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('story-loading')).toHaveTextContent('加载中');
  },
};

export const Empty: Story = {
  args: { answer: { orders: 0 } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('story-empty')).toHaveTextContent('所选范围内没有订单。');
  },
};

/** A failed load shows the server's message; 重试 asks again and the result shows. */
export const ErrorThenRetry: Story = {
  args: { answer: 'error' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const error = await c.findByTestId('story-error');
    await expect(error).toHaveTextContent('加载失败：数据库连接失败');
    await userEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(c.getByTestId('story-result')).toHaveTextContent('3'));
  },
};

export const English: Story = {
  parameters: { console: { signedIn: true, bootstrap: true, language: 'en' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId('story-result');
    await expect(c.getByTestId('story-game')).toHaveTextContent('All games');
    await expect(c.getByTestId('story-note')).toHaveTextContent('Amounts in CNY');
  },
};
