import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import { EChart } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { dailyOption } from '../../../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { useIncomeTexts } from '../../../components/locale';
import { useIncome } from '../../../components/useIncome';
import { overviewEmpty, type IncomeStore, type OverviewData, type OverviewStore } from '../../../stores/income';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure, formatPercent } from '../../../../../stores/format';
import '../../../components/income.css';
import { storePage } from '../../../../../components/analytics/AnalysisParts';

const PERIOD_TITLE: Record<number, string> = { 1: 'income.overview.today', 7: 'income.overview.days7', 30: 'income.overview.days30' };

function IncomeKpi({ label, value, sub, testId, negative = false }: { label: string; value: string; sub?: string; testId: string; negative?: boolean }) {
  return (
    <section className="tracking-kpi" data-testid={testId}>
      <div className="tracking-kpi-label">{label}</div>
      <div className="tracking-kpi-value" data-testid={`${testId}-value`}>
        <Money text={value} negative={negative} />
      </div>
      {sub && <div className="income-kpi-sub">{sub}</div>}
    </section>
  );
}

/**
 * 收入概览 (center_income/overview): for one game or all, the KPIs of today, the last 7 and the last
 * 30 days (revenue, paying players, ARPU, ARPPU, paying rate, refunds), and the 30-day revenue and
 * paying players trends.
 */
const OverviewView = observer(function OverviewView({ income }: { income: IncomeStore }) {
  const t = useIncomeTexts();
  const root = useStore();
  const [store] = useState<OverviewStore>(() => income.overview());
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const data: OverviewData | null = store.state === 'ready' ? store.result : null;
  const days = useMemo(() => data?.trend.days ?? [], [data]);
  const revenueName = t('income.figure.revenue');
  const refundsName = t('income.figure.refunds');
  const playersName = t('income.figure.payingPlayers');
  const revenueChart = useCallback(
    (p: ChartPalette) =>
      dailyOption(
        p,
        days.map((d) => d.day),
        [
          { name: revenueName, values: days.map((d) => d.revenue) },
          { name: refundsName, values: days.map((d) => d.refunds) },
        ],
        { money: (v) => formatMoney(v), bar: true },
      ),
    [days, revenueName, refundsName],
  );
  const playersChart = useCallback((p: ChartPalette) => dailyOption(p, days.map((d) => d.day), [{ name: playersName, values: days.map((d) => d.paying_players) }]), [days, playersName]);

  return (
    <div className="tracking-page" data-testid="income-overview">
      <ReportForm store={store} prefix="overview" withRange={false} note={`${t('analytics.currencyNote')} ${t('income.overview.definitions')}`} />
      {ReportState({ store, prefix: 'overview', empty: overviewEmpty }) ??
        (data && (
          <>
            {data.periods.map(({ days: n, figures: f }) => (
              <section className="tracking-card income-period" key={n} data-testid={`overview-period-${n}`}>
                <div className="income-period-head">
                  <h3>{t(PERIOD_TITLE[n] ?? 'income.overview.days30')}</h3>
                  <span className="tracking-muted">{t('income.overview.range', { start: f.start, end: f.end })}</span>
                </div>
                <div className="income-kpis">
                  <IncomeKpi label={t('income.figure.revenue')} value={formatMoney(f.revenue)} negative={f.revenue < 0} sub={`${t('income.figure.gross')} ${formatMoney(f.gross)}`} testId={`kpi-${n}-revenue`} />
                  <IncomeKpi label={t('income.figure.payingPlayers')} value={formatFigure(f.paying_players, language)} sub={t('income.overview.activeOf', { count: f.active_players })} testId={`kpi-${n}-paying`} />
                  <IncomeKpi label={t('income.figure.arpu')} value={formatMoney(f.arpu)} negative={f.arpu < 0} testId={`kpi-${n}-arpu`} />
                  <IncomeKpi label={t('income.figure.arppu')} value={formatMoney(f.arppu)} negative={f.arppu < 0} testId={`kpi-${n}-arppu`} />
                  <IncomeKpi label={t('income.figure.payingRate')} value={formatPercent(f.paying_rate, language)} testId={`kpi-${n}-rate`} />
                  <IncomeKpi label={t('income.figure.refunds')} value={formatMoney(f.refunds)} sub={t('income.overview.refundsOf', { count: f.refund_orders })} testId={`kpi-${n}-refunds`} />
                </div>
              </section>
            ))}
            <div className="tracking-grid-2">
              <section className="tracking-card">
                <h3>{t('income.overview.revenueTrend')}</h3>
                <EChart option={revenueChart} label={t('analytics.chartOnly', { title: t('income.overview.revenueTrend') })} height={300} testId="overview-revenue-chart" />
              </section>
              <section className="tracking-card">
                <h3>{t('income.overview.playersTrend')}</h3>
                <EChart option={playersChart} label={t('analytics.chartOnly', { title: t('income.overview.playersTrend') })} height={300} testId="overview-players-chart" />
              </section>
            </div>
          </>
        ))}
    </div>
  );
});

/** The page once the revenue store has loaded (its code is not in the login page's chunk). */
export default storePage(useIncome, (income) => <OverviewView income={income} />);
