import { observer } from 'mobx-react-lite';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { barsOption, pieOption } from '../../../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { useIncomeTexts } from '../../../components/locale';
import { useIncome } from '../../../components/useIncome';
import { AnalysisTable, FormItem, storePage } from '../../../../../components/analytics/AnalysisParts';
import { distributionEmpty, type DistributionChart, type DistributionStore, type IncomeStore } from '../../../stores/income';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure, formatPercent } from '../../../../../stores/format';
import type { DistributionBy } from '../../../../../stores/types';

const BYS: DistributionBy[] = ['game', 'channel', 'region', 'method'];

/**
 * 收入分布 (center_income/distribution): revenue of a range split by game, channel, region or payment
 * method, as a pie or bars, and the table with each part's share, paid, refunded, orders and payers.
 */
const DistributionView = observer(function DistributionView({ income }: { income: IncomeStore }) {
  const t = useIncomeTexts();
  const root = useStore();
  const [store] = useState<DistributionStore>(() => income.distribution());
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const slices = useMemo(() => (result?.rows ?? []).map((r) => ({ name: r.label, value: r.revenue })), [result]);
  const kind = store.options.chart;
  const chart = useCallback((p: ChartPalette) => (kind === 'pie' ? pieOption(p, slices, (v) => formatMoney(v)) : barsOption(p, slices, (v) => formatMoney(v))), [kind, slices]);
  const byLabel = t(`income.distribution.bys.${result?.by ?? store.options.by}`);
  const title = t('income.distribution.title', { by: byLabel });
  const money = (v: number) => <Money text={formatMoney(v)} negative={v < 0} />;
  const sharesApply = !!result && result.total.revenue > 0;

  return (
    <div className="tracking-page" data-testid="income-distribution">
      <ReportForm store={store} prefix="distribution">
        <FormItem label={t('income.distribution.by')}>
          <SelectButton
            value={store.options.by}
            options={BYS.map((value) => ({ value, label: t(`income.distribution.bys.${value}`) }))}
            allowEmpty={false}
            onChange={(e) => {
              if (!e.value) return;
              store.setOption('by', e.value as DistributionBy);
              void store.load();
            }}
            data-testid="distribution-by"
          />
        </FormItem>
        <FormItem label={t('income.distribution.chart')}>
          <SelectButton
            value={kind}
            options={(['pie', 'bar'] as const).map((value) => ({ value, label: t(`income.distribution.${value}`) }))}
            allowEmpty={false}
            onChange={(e) => e.value && store.setOption('chart', e.value as DistributionChart)}
            data-testid="distribution-chart-kind"
          />
        </FormItem>
      </ReportForm>
      {ReportState({ store, prefix: 'distribution', empty: distributionEmpty }) ??
        (result && (
          <>
            <section className="tracking-card">
              <h3>{title}</h3>
              <EChart option={chart} label={t('analytics.chartLabel', { title })} height={Math.max(320, kind === 'bar' ? slices.length * 28 + 40 : 0)} testId="distribution-chart" />
              {!sharesApply && <div className="tracking-muted">{t('income.distribution.notPositive')}</div>}
            </section>
            <section className="tracking-card">
              <AnalysisTable label={t('analytics.tableLabel', { title })} className="tracking-table income-table" testId="distribution-table"
                head={
                  <>
                    <th className="is-text">{byLabel}</th>
                    <th className="is-number">{t('income.figure.revenue')}</th>
                    <th className="is-number">{t('income.figure.share')}</th>
                    <th className="is-number">{t('income.figure.gross')}</th>
                    <th className="is-number">{t('income.figure.refunds')}</th>
                    <th className="is-number">{t('income.figure.orders')}</th>
                    <th className="is-number">{t('income.figure.payingPlayers')}</th>
                  </>
                }
                foot={
                  <>
                    <tr data-testid="distribution-total">
                      <td>{t('analytics.total')}</td>
                      <td className="is-number">{money(result.total.revenue)}</td>
                      <td className="is-number">{sharesApply ? formatPercent(1, language) : '-'}</td>
                      <td className="is-number">{formatMoney(result.total.gross)}</td>
                      <td className="is-number">{formatMoney(result.total.refunds)}</td>
                      <td className="is-number">{formatFigure(result.total.orders, language)}</td>
                      <td className="is-number">{formatFigure(result.total.paying_players, language)}</td>
                    </tr>
                  </>
                }
              >
                {result.rows.map((r) => (
                  <tr key={r.key}>
                    <td className="income-label" title={r.label} data-user-data>
                      {r.label}
                    </td>
                    <td className="is-number">{money(r.revenue)}</td>
                    <td className="is-number">{sharesApply ? formatPercent(r.share, language) : '-'}</td>
                    <td className="is-number">{formatMoney(r.gross)}</td>
                    <td className="is-number">{formatMoney(r.refunds)}</td>
                    <td className="is-number">{formatFigure(r.orders, language)}</td>
                    <td className="is-number">{formatFigure(r.paying_players, language)}</td>
                  </tr>
                ))}
              </AnalysisTable>
            </section>
          </>
        ))}
    </div>
  );
});

export default storePage(useIncome, (income) => <DistributionView income={income} />);
