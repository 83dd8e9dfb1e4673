import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { saveFile } from '../../../components/crud/download';
import { PageLoading } from '../../../components/PageLoading';
import { STATS_COLUMNS, statsEmpty, type DataReportStore, type DayPlayerMetric, type DayPlayerRow, type ReportsStore, type StatsColumn, type StatsReport, type StatsRow, type StatsSummary } from '../stores/data-reports';
import type { DrillDownStore } from '../../../stores/analytics/drill-down';
import { DayPlayersDialog } from './DayPlayersDialog';
import { formatMoney } from '../../../stores/format/money';
import { formatFigure, formatPercent } from '../../../stores/format';
import { EChart, type ChartPalette } from '../../../components/charts/EChart';
import { dailyOption } from '../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../components/analytics/ReportParts';
import { AnalysisTable } from '../../../components/analytics/AnalysisParts';
import { useStore } from '../../../components/store-context';
import { useReportsTexts } from './reports-locale';
import { useReports } from './useReports';
import './data-reports.css';

/**
 * The day table of a data report (游戏统计 and 用户统计): the form (game for game_stats,
 * range, 查询, 导出), the definitions, a trend chart of new / active / paying players and daily revenue,
 * and the sortable table of days with the summary row. Both pages are this view on their store.
 */
export const DataReportView = observer(function DataReportView({ store, path }: { store: DataReportStore; path: string }) {
  const t = useReportsTexts();
  const root = useStore();
  const language = root.locale.language;
  const report = store.report;
  const prefix = store.kind === 'game_stats' ? 'game-stats' : 'user-stats';
  useEffect(() => {
    void report.load();
  }, [report]);
  const canExport = root.menu.hasPermission(path, 'Export');
  const result = report.state === 'ready' ? report.result : null;
  const names = useMemo(() => ({ n: t('dataReports.column.new_players'), a: t('dataReports.column.active_players'), p: t('dataReports.column.paying_players'), r: t('dataReports.column.revenue') }), [t]);
  const chart = useCallback(
    (p: ChartPalette) =>
      dailyOption(
        p,
        (result?.days ?? []).map((d) => d.day),
        [
          { name: names.a, values: (result?.days ?? []).map((d) => d.active_players) },
          { name: names.n, values: (result?.days ?? []).map((d) => d.new_players) },
          { name: names.p, values: (result?.days ?? []).map((d) => d.paying_players) },
        ],
      ),
    [result, names],
  );
  const revenueChart = useCallback(
    (p: ChartPalette) => dailyOption(p, (result?.days ?? []).map((d) => d.day), [{ name: names.r, values: (result?.days ?? []).map((d) => d.revenue) }], { money: (v) => formatMoney(v), bar: true }),
    [result, names],
  );
  // 游戏统计's drill-down: a day's new / active / paying figure opens its players (game of the answer on screen).
  const [drill, setDrill] = useState<{ store: DrillDownStore<DayPlayerRow, DayPlayerMetric>; day: string } | null>(null);
  const figure = (r: StatsRow | StatsSummary, metric: DayPlayerMetric, value: number) => {
    const text = formatFigure(value, language);
    if (!('day' in r) || store.kind !== 'game_stats') return text;
    const day = r.day;
    return (
      <button
        type="button"
        className="drill-link"
        title={t('dataReports.drill.open')}
        data-testid={`${prefix}-drill-${day}-${metric}`}
        onClick={() => {
          const list = store.dayPlayers(day, metric);
          if (!list) return;
          setDrill({ store: list, day });
          void list.load(1);
        }}
      >
        {text}
      </button>
    );
  };
  const rate = (v: number | null, retained: number, players: number) => <span title={v === null ? undefined : t('dataReports.retentionTitle', { retained, players })}>{v === null ? '-' : formatPercent(v, language)}</span>;
  const cells = (r: StatsRow | StatsSummary) => (
    <>
      <td className="is-number">{figure(r, 'new', r.new_players)}</td>
      <td className="is-number">{figure(r, 'active', r.active_players)}</td>
      <td className="is-number">{figure(r, 'paying', r.paying_players)}</td>
      <td className="is-number">
        <Money text={formatMoney(r.revenue)} negative={r.revenue < 0} />
      </td>
      <td className="is-number">
        <Money text={formatMoney(r.arpu)} negative={r.arpu < 0} />
      </td>
      <td className="is-number">{rate(r.d1, r.d1_retained, r.new_players)}</td>
      <td className="is-number">{rate(r.d7, r.d7_retained, r.new_players)}</td>
    </>
  );
  const header = (c: StatsColumn) => {
    const active = report.options.sort === c;
    const label = t(`dataReports.column.${c}`);
    return (
      <th key={c} className={c === 'day' ? undefined : 'is-number'} aria-sort={active ? (report.options.desc ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="data-report-sort" onClick={() => store.sortBy(c)} title={t('dataReports.sortBy', { column: label })} data-testid={`${prefix}-sort-${c}`}>
          {label}
          <i className={`pi ${active ? (report.options.desc ? 'pi-sort-amount-down' : 'pi-sort-amount-up-alt') : 'pi-sort-alt'}`} aria-hidden="true" />
        </button>
      </th>
    );
  };

  return (
    <div className="tracking-page" data-testid={`data-report-${prefix}`}>
      <ReportForm store={report} prefix={prefix} withGame={store.kind === 'game_stats'} note={result ? t('dataReports.today', { today: result.today }) : undefined}>
        {canExport && (
          <div className="tracking-actions data-report-export">
            <Button size="small" outlined icon="pi pi-download" label={t('dataReports.export')} loading={store.exporting} disabled={!!report.problem} onClick={() => void store.export()} data-testid={`${prefix}-export`} />
          </div>
        )}
      </ReportForm>
      <section className="tracking-card">
        <div className="tracking-muted data-report-definition" data-testid={`${prefix}-definition`}>
          {t(store.kind === 'game_stats' ? 'dataReports.gameStats.definition' : 'dataReports.userStats.definition')}
        </div>
      </section>
      {ReportState({ store: report, prefix, empty: statsEmpty }) ??
        (result && (
          <>
            <div className="data-report-charts">
              <section className="tracking-card">
                <h3>{t('dataReports.chart')}</h3>
                <EChart option={chart} label={t('analytics.chartLabel', { title: t('dataReports.chart') })} height={240} testId={`${prefix}-chart`} />
              </section>
              <section className="tracking-card">
                <h3>{t('dataReports.revenueChart')}</h3>
                <EChart option={revenueChart} label={t('analytics.chartLabel', { title: t('dataReports.revenueChart') })} height={240} testId={`${prefix}-revenue-chart`} />
              </section>
            </div>
            <section className="tracking-card">
              <div className="tracking-muted">{t('dataReports.totalNote')}</div>
              <AnalysisTable
                label={t('analytics.tableLabel', { title: t('dataReports.chart') })}
                className="tracking-table income-table data-report-table"
                testId={`${prefix}-table`}
                head={STATS_COLUMNS.map(header)}
                foot={
                  <tr data-testid={`${prefix}-total`}>
                    <td>{t('dataReports.total')}</td>
                    {cells(result.total)}
                  </tr>
                }
              >
                {store.rows.map((r) => (
                  <tr key={r.day}>
                    <td>{r.day}</td>
                    {cells(r)}
                  </tr>
                ))}
              </AnalysisTable>
            </section>
          </>
        ))}
      {drill && <DayPlayersDialog store={drill.store} day={drill.day} canExport={canExport} onHide={() => setDrill(null)} />}
    </div>
  );
});

function DataReportScreen({ reports, kind, path }: { reports: ReportsStore; kind: StatsReport; path: string }) {
  const [store] = useState<DataReportStore>(() => reports.dataReport(kind, (file) => saveFile(file)));
  return <DataReportView store={store} path={path} />;
}

/** A data report page (游戏统计 or 用户统计): its store once the reports' chunk is there. */
export function DataReportPage({ kind, path }: { kind: StatsReport; path: string }) {
  const reports = useReports();
  return reports ? <DataReportScreen reports={reports} kind={kind} path={path} /> : <PageLoading />;
}
