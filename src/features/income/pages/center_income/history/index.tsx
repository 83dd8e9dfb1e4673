import { observer } from 'mobx-react-lite';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { PageLoading } from '../../../../../components/PageLoading';
import { useStore } from '../../../../../components/store-context';
import { dailyOption } from '../../../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { useIncomeTexts } from '../../../components/locale';
import { useIncome } from '../../../components/useIncome';
import { FormItem, TableScroll } from '../../../../../components/analytics/AnalysisParts';
import { historyEmpty, historyRows, historyTableRows, historyTotalChange, type HistoryStore, type IncomeStore } from '../../../stores/income';
import { formatMoney } from '../../../../../stores/format/money';
import { formatChange, formatFigure } from '../../../../../stores/format';
import type { HistoryCompare } from '../../../../../stores/types';
import type { DrillDownStore } from '../../../../../stores/analytics/drill-down';
import { usePermission } from '../../../../../components/Permission';
import { DayOrdersDialog } from '../../../components/DayOrdersDialog';
import type { DayOrderKind, DayOrdersMeta, OrderRow } from '../../../stores/income';

const NONE = 'none';

/**
 * 历史收入 (center_income/history): daily revenue of a range (bars: revenue, line: refunds) with a
 * comparison line (the previous period or the same days last month, dashed), and the table of days
 * with the compared day, totals and the change of revenue.
 */
const HistoryView = observer(function HistoryView({ income }: { income: IncomeStore }) {
  const t = useIncomeTexts();
  const root = useStore();
  const [store] = useState<HistoryStore>(() => income.history());
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const rows = useMemo(() => (result ? historyRows(result) : []), [result]);
  const tableRows = useMemo(() => (result ? historyTableRows(result) : []), [result]);
  const revenueName = t('income.figure.revenue');
  const compareName = result?.compare ? t(`income.history.compares.${result.compare.kind}`) : '';
  const chart = useCallback(
    (p: ChartPalette) =>
      dailyOption(
        p,
        rows.map((r) => r.day),
        [{ name: revenueName, values: rows.map((r) => r.figures.revenue) }, ...(compareName ? [{ name: compareName, values: rows.map((r) => r.compare?.revenue ?? 0), dashed: true }] : [])],
        { money: (v) => formatMoney(v) },
      ),
    [rows, revenueName, compareName],
  );
  const money = (v: number) => <Money text={formatMoney(v)} negative={v < 0} />;
  const hasCompare = !!result?.compare;
  const can = usePermission();
  // The drill-down open: a day's orders (paid or refunded that day) with the game of the answer on screen.
  const [drill, setDrill] = useState<{ store: DrillDownStore<OrderRow, DayOrderKind, DayOrdersMeta>; day: string } | null>(null);
  const openDrill = (day: string, kind: DayOrderKind) => {
    if (!result) return;
    const list = income.dayOrders(result, day, kind);
    setDrill({ store: list, day });
    void list.load(1);
  };
  const drillButton = (content: ReactNode, day: string, kind: DayOrderKind, testId: string) => (
    <button type="button" className="drill-link" onClick={() => openDrill(day, kind)} title={t('income.drill.open')} data-testid={testId}>
      {content}
    </button>
  );

  return (
    <div className="tracking-page" data-testid="income-history">
      <ReportForm store={store} prefix="history">
        <FormItem label={t('income.history.compare')}>
          <Dropdown
            className="p-inputtext-sm"
            value={store.options.compare ?? NONE}
            options={(['previous', 'last_month', NONE] as const).map((value) => ({ value, label: t(`income.history.compares.${value}`) }))}
            onChange={(e) => {
              store.setOption('compare', e.value === NONE ? null : (e.value as HistoryCompare));
              void store.load();
            }}
            data-testid="history-compare"
            aria-label={t('income.history.compare')}
          />
        </FormItem>
      </ReportForm>
      {ReportState({ store, prefix: 'history', empty: historyEmpty }) ??
        (result && (
          <>
            <section className="tracking-card">
              <h3>{t('income.history.chart')}</h3>
              {result.compare && (
                <div className="tracking-muted" data-testid="history-compare-range">
                  {t('income.history.compareRange', { start: result.compare.start, end: result.compare.end })}
                </div>
              )}
              <EChart option={chart} label={t('analytics.chartLabel', { title: t('income.history.chart') })} height={320} testId="history-chart" />
            </section>
            <section className="tracking-card">
              <TableScroll label={t('analytics.tableLabel', { title: t('income.history.chart') })}>
                <table className="tracking-table income-table" data-testid="history-table">
                  <thead>
                    <tr>
                      <th>{t('income.history.day')}</th>
                      <th className="is-number">{t('income.figure.revenue')}</th>
                      <th className="is-number">{t('income.figure.gross')}</th>
                      <th className="is-number">{t('income.figure.refunds')}</th>
                      <th className="is-number">{t('income.figure.orders')}</th>
                      <th className="is-number">{t('income.figure.payingPlayers')}</th>
                      {hasCompare && (
                        <>
                          <th>{t('income.history.compareDay')}</th>
                          <th className="is-number">{t('income.history.compareRevenue')}</th>
                          <th className="is-number">{t('income.figure.change')}</th>
                        </>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {tableRows.map((r) => (
                      <tr key={r.day}>
                        <td>{r.day}</td>
                        <td className="is-number">{drillButton(money(r.figures.revenue), r.day, 'paid', `history-drill-${r.day}`)}</td>
                        <td className="is-number">{formatMoney(r.figures.gross)}</td>
                        <td className="is-number">{r.figures.refund_orders > 0 ? drillButton(formatMoney(r.figures.refunds), r.day, 'refunded', `history-drill-${r.day}-refunded`) : formatMoney(r.figures.refunds)}</td>
                        <td className="is-number">{drillButton(formatFigure(r.figures.orders, language), r.day, 'paid', `history-drill-${r.day}-orders`)}</td>
                        <td className="is-number">{formatFigure(r.figures.paying_players, language)}</td>
                        {hasCompare && (
                          <>
                            <td>{r.compareDay ?? '-'}</td>
                            <td className="is-number">{r.compare ? money(r.compare.revenue) : '-'}</td>
                            <td className="is-number">{formatChange(r.change, language)}</td>
                          </>
                        )}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr data-testid="history-totals">
                      <td>{t('analytics.total')}</td>
                      <td className="is-number">{money(result.totals.revenue)}</td>
                      <td className="is-number">{formatMoney(result.totals.gross)}</td>
                      <td className="is-number">{formatMoney(result.totals.refunds)}</td>
                      <td className="is-number">{formatFigure(result.totals.orders, language)}</td>
                      <td className="is-number">{formatFigure(result.totals.paying_players, language)}</td>
                      {result.compare && (
                        <>
                          <td>{`${result.compare.start} ~ ${result.compare.end}`}</td>
                          <td className="is-number">{money(result.compare.totals.revenue)}</td>
                          <td className="is-number">{formatChange(historyTotalChange(result), language)}</td>
                        </>
                      )}
                    </tr>
                  </tfoot>
                </table>
              </TableScroll>
            </section>
          </>
        ))}
      {drill && <DayOrdersDialog store={drill.store} day={drill.day} canExport={can('Export')} onHide={() => setDrill(null)} />}
    </div>
  );
});

export default function IncomeHistoryPage() {
  const income = useIncome();
  return income ? <HistoryView income={income} /> : <PageLoading />;
}
