import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { useCooperateTexts } from '../../../components/locale';
import { useCooperate } from '../../../components/useCooperate';
import { barsOption } from '../../../../../components/analytics/charts';
import { Money } from '../../../../../components/analytics/ReportParts';
import { useStore } from '../../../../../components/store-context';
import { AnalysisTable, DateRangeInput, FormItem, Kpi, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import type { CooperateStore, PartnerOverviewStore } from '../../../stores/cooperate';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure, formatPercent } from '../../../../../stores/format';
import type { PartnerKpis } from '../../../../../stores/types';
import '../../../../../components/analytics/analytics.css';
import '../../../components/cooperate.css';

/**
 * 合作概览 (cooperate/overview): per partner over a date range — games, active and paying players,
 * revenue (payments − refunds, the revenue center's figure), its share of the total and the rate in
 * effect — as KPIs, bars and a table; own games (no partner) as their own row.
 */
const OverviewView = observer(function OverviewView({ cooperate }: { cooperate: CooperateStore }) {
  const t = useCooperateTexts();
  const root = useStore();
  const [store] = useState<PartnerOverviewStore>(() => cooperate.overview());
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const nameOf = useCallback((p: PartnerKpis) => (p.partner === null ? t('cooperate.common.ownGames') : p.partner_name), [t]);
  const slices = useMemo(() => (result?.partners ?? []).filter((p) => p.revenue !== 0).map((p) => ({ name: nameOf(p), value: p.revenue })), [result, nameOf]);
  const chart = useCallback((p: ChartPalette) => barsOption(p, slices, (v) => formatMoney(v)), [slices]);
  const money = (v: number) => <Money text={formatMoney(v)} negative={v < 0} />;
  const partners = result?.partners.filter((p) => p.partner !== null).length ?? 0;

  return (
    <div className="tracking-page" data-testid="cooperate-overview">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('cooperate.common.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} testId="coop-overview-range" />
          </FormItem>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('cooperate.common.query')} disabled={!!store.problem} onClick={() => void store.load()} data-testid="coop-overview-run" />
          </div>
        </div>
        <div className="tracking-muted">{store.problem ? t(`analytics.problems.${store.problem}`) : t('cooperate.overview.note')}</div>
      </section>
      {store.state === 'failed' ? (
        <section className="tracking-card">
          <ResultState kind="error" text={t('cooperate.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="coop-overview-error" />
        </section>
      ) : !result ? (
        <section className="tracking-card">
          <ResultState kind="loading" text={t('cooperate.common.loading')} testId="coop-overview-loading" />
        </section>
      ) : result.partners.length === 0 ? (
        <section className="tracking-card">
          <ResultState kind="empty" text={t('cooperate.overview.empty')} testId="coop-overview-empty" />
        </section>
      ) : (
        <>
          <div className="income-kpis cooperate-kpis">
            <Kpi label={t('cooperate.overview.revenue')} value={formatMoney(result.total.revenue)} testId="coop-kpi-revenue" />
            <Kpi label={t('cooperate.overview.partners')} value={formatFigure(partners, language)} testId="coop-kpi-partners" />
            <Kpi label={t('cooperate.overview.games')} value={formatFigure(result.total.games, language)} testId="coop-kpi-games" />
            <Kpi label={t('cooperate.overview.players')} value={formatFigure(result.total.players, language)} testId="coop-kpi-players" />
          </div>
          {slices.length > 0 && (
            <section className="tracking-card">
              <h3>{t('cooperate.overview.chart')}</h3>
              <EChart option={chart} label={t('analytics.chartLabel', { title: t('cooperate.overview.chart') })} height={Math.max(220, slices.length * 26 + 48)} testId="coop-overview-chart" />
            </section>
          )}
          <section className="tracking-card">
            <AnalysisTable label={t('cooperate.overview.tableLabel')} className="tracking-table income-table" testId="coop-overview-table"
              head={
                <>
                  <th className="is-text">{t('cooperate.common.partner')}</th>
                  <th className="is-text">{t('cooperate.overview.status')}</th>
                  <th className="is-number">{t('cooperate.overview.games')}</th>
                  <th className="is-number">{t('cooperate.overview.players')}</th>
                  <th className="is-number">{t('cooperate.overview.payingPlayers')}</th>
                  <th className="is-number">{t('analytics.revenue')}</th>
                  <th className="is-number">{t('cooperate.overview.gross')}</th>
                  <th className="is-number">{t('cooperate.overview.refunds')}</th>
                  <th className="is-number">{t('cooperate.overview.share')}</th>
                  <th className="is-number">{t('cooperate.overview.rate')}</th>
                </>
              }
            >
              {result.partners.map((p) => (
                <tr key={p.partner ?? 'own'}>
                  <td className="income-label" title={nameOf(p)} data-user-data>
                    {nameOf(p)}
                  </td>
                  <td className="is-text">{p.partner === null ? '-' : p.status ? t('cooperate.overview.enabled') : t('cooperate.overview.disabled')}</td>
                  <td className="is-number">{formatFigure(p.games, language)}</td>
                  <td className="is-number">{formatFigure(p.players, language)}</td>
                  <td className="is-number">{formatFigure(p.paying_players, language)}</td>
                  <td className="is-number">{money(p.revenue)}</td>
                  <td className="is-number">{formatMoney(p.gross)}</td>
                  <td className="is-number">{formatMoney(p.refunds)}</td>
                  <td className="is-number">{result.total.revenue > 0 ? formatPercent(p.share, language) : '-'}</td>
                  <td className="is-number">{p.partner === null ? '-' : p.rate_bp === null ? t('cooperate.overview.noRate') : formatPercent(p.rate_bp / 10_000, language)}</td>
                </tr>
              ))}
            </AnalysisTable>
          </section>
        </>
      )}
    </div>
  );
});

export default storePage(useCooperate, (cooperate) => <OverviewView cooperate={cooperate} />);
