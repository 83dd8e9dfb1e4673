import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import type { ReactNode } from 'react';
import type { DateRange } from '../../stores/analytics/range';
import { formatDate } from '../../stores/format';
import { PageLoading } from '../PageLoading';
import { useAnalyticsTexts } from './locale';
import './analytics.css';

const toDate = (ymd: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return null;
  return new Date(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10)));
};

/** A calendar-day range (YYYY-MM-DD both ends; one end picked means that day). */
export function DateRangeInput({ value, onChange, testId = 'analysis-range' }: { value: DateRange; onChange(range: DateRange): void; testId?: string }) {
  const t = useAnalyticsTexts();
  const dates = [toDate(value.start), toDate(value.end)].filter((d): d is Date => d !== null);
  return (
    <Calendar
      className="tracking-range"
      inputClassName="p-inputtext-sm"
      selectionMode="range"
      dateFormat="yy-mm-dd"
      readOnlyInput
      value={dates.length ? dates : null}
      ariaLabel={t('analytics.range')}
      onChange={(event) => {
        const picked = ((event.value as (Date | null)[] | null) ?? []).filter((d): d is Date => d instanceof Date);
        const [from, to] = picked;
        if (!from) return onChange({ start: '', end: '' });
        onChange({ start: formatDate(from), end: formatDate(to ?? from) });
      }}
      data-testid={testId}
    />
  );
}

/** A table that may scroll sideways: reachable by keyboard (focusable, named region) so its overflow can be scrolled without a mouse. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tracking-table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * A result table in a `TableScroll`: its header cells (`head`, one row), its body rows (the children)
 * and, given `foot`, its footer rows (`busy`: rows are being read again).
 */
export function AnalysisTable({ label, className = 'tracking-table', testId, head, foot, busy, children }: { label: string; className?: string; testId: string; head: ReactNode; foot?: ReactNode; busy?: boolean; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className={className} data-testid={testId} aria-busy={busy}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </TableScroll>
  );
}

/**
 * The page of a feature whose store loads outside the login page's chunk: the page spinner until
 * `useStore` gives the store, then `view` of it.
 */
export function storePage<S>(useStore: () => S | null, view: (store: S) => ReactNode): () => ReactNode {
  return function StorePage() {
    const store = useStore();
    return store ? view(store) : <PageLoading />;
  };
}

/** A labelled control of an analysis form. */
export function FormItem({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`tracking-form-item${wide ? ' is-wide' : ''}`}>
      <span className="tracking-form-label">{label}</span>
      {children}
    </div>
  );
}

/** What a result area shows instead of data: loading, empty, a hint, or an error with 重试. */
export function ResultState({ kind, text, onRetry, testId }: { kind: 'loading' | 'empty' | 'hint' | 'error'; text: string; onRetry?: () => void; testId: string }) {
  const t = useAnalyticsTexts();
  return (
    <div className={`tracking-state is-${kind}`} data-testid={testId} role={kind === 'error' ? 'alert' : 'status'}>
      <i className={`pi ${kind === 'loading' ? 'pi-spin pi-spinner' : kind === 'error' ? 'pi-exclamation-circle' : kind === 'empty' ? 'pi-inbox' : 'pi-info-circle'}`} aria-hidden="true" />
      <span>{text}</span>
      {kind === 'error' && onRetry && <Button size="small" outlined label={t('analytics.retry')} onClick={onRetry} data-testid={`${testId}-retry`} />}
    </div>
  );
}

/** One figure of a KPI row (`children`: what explains it, under the value). */
export function Kpi({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <section className="tracking-kpi" data-testid={testId}>
      <div className="tracking-kpi-label">{label}</div>
      <div className="tracking-kpi-value" data-testid={`${testId}-value`}>
        {value}
      </div>
      {children}
    </section>
  );
}
