import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';
import type { ReportStore } from '../../stores/analytics/report-store';
import { useGameChoices } from '../useGameChoices';
import { DateRangeInput, FormItem, ResultState } from './AnalysisParts';
import { useAnalyticsTexts } from './locale';
import './analytics.css';

const ALL = 0;

/** The game picker of a revenue screen: every game of the catalogue, 全部游戏 first. */
export const GamePicker = observer(function GamePicker({ value, onChange, testId }: { value: number | null; onChange(game: number | null): void; testId: string }) {
  const t = useAnalyticsTexts();
  const games = useGameChoices();
  return (
    <Dropdown
      className="p-inputtext-sm income-game"
      value={value ?? ALL}
      options={[{ value: ALL, label: t('analytics.allGames') }, ...games.map((g) => ({ value: g.id, label: g.name }))]}
      onChange={(e) => onChange(e.value === ALL ? null : (e.value as number))}
      data-testid={testId}
      data-user-data
      aria-label={t('analytics.game')}
    />
  );
});

/**
 * The form row of a revenue screen: (optionally) game, (optionally) date range, the screen's own controls, 查询.
 * A game change asks at once; a range waits for 查询 (or is asked at once, `rangeAsks`).
 */
export const ReportForm = observer(function ReportForm<R, O extends object>({
  store,
  prefix,
  withRange = true,
  withGame = true,
  children,
  note,
}: {
  store: ReportStore<R, O>;
  prefix: string;
  withRange?: boolean;
  /** false: no game picker (a platform-wide report, data_reports/user_stats). */
  withGame?: boolean;
  children?: ReactNode;
  note?: string;
}) {
  const t = useAnalyticsTexts();
  return (
    <section className="tracking-card">
      <div className="tracking-form">
        {withGame && (
          <FormItem label={t('analytics.game')}>
            <GamePicker
              value={store.game}
              onChange={(game) => {
                store.setGame(game);
                void store.load();
              }}
              testId={`${prefix}-game`}
            />
          </FormItem>
        )}
        {withRange && (
          <FormItem label={t('analytics.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} testId={`${prefix}-range`} />
          </FormItem>
        )}
        {children}
        <div className="tracking-actions">
          <Button size="small" icon="pi pi-search" label={t('analytics.query')} disabled={!!store.problem} onClick={() => void store.load()} data-testid={`${prefix}-run`} />
        </div>
      </div>
      <div className="tracking-muted" data-testid={`${prefix}-note`}>
        {store.problem ? t(`analytics.problems.${store.problem}`) : (note ?? t('analytics.currencyNote'))}
      </div>
    </section>
  );
});

/** What shows instead of a result: the error with 重试, loading, or empty; null when the result is there. */
export function ReportState<R, O extends object>({ store, prefix, empty }: { store: ReportStore<R, O>; prefix: string; empty: (result: R) => boolean }) {
  const t = useAnalyticsTexts();
  if (store.state === 'failed') {
    return (
      <section className="tracking-card">
        <ResultState kind="error" text={t('analytics.failed', { error: store.error })} onRetry={() => void store.load()} testId={`${prefix}-error`} />
      </section>
    );
  }
  if (!store.result || store.state === 'loading') {
    return (
      <section className="tracking-card">
        <ResultState kind="loading" text={t('analytics.loading')} testId={`${prefix}-loading`} />
      </section>
    );
  }
  if (empty(store.result)) {
    return (
      <section className="tracking-card">
        <ResultState kind="empty" text={t('analytics.empty')} testId={`${prefix}-empty`} />
      </section>
    );
  }
  return null;
}

/** A money figure: red when negative (a day with more refunds than payments). */
export function Money({ text, negative }: { text: string; negative: boolean }) {
  return <span className={negative ? 'income-negative' : undefined}>{text}</span>;
}
