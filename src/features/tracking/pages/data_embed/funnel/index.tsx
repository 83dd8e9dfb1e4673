import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { useTracking } from '../../../components/useTracking';
import { AnalysisTable, DateRangeInput, FormItem, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { useTrackingTexts } from '../../../components/locale';
import { TRACKING_OTHER_GROUP } from '../../../../../config';
import { formatDuration, formatFigure, formatPercent } from '../../../../../stores/format';
import { windowParts, type FunnelAnalysisStore, type FunnelDrillKind, type FunnelPlayer, type TrackingStore } from '../../../stores/tracking';
import type { DrillDownStore } from '../../../../../stores/analytics/drill-down';
import { usePermission } from '../../../../../components/Permission';
import { FunnelPlayersDialog } from '../../../components/FunnelPlayersDialog';
import { PropertyPicker } from '../../../components/PropertyPicker';
import type { FunnelStep } from '../../../../../stores/types';
import { funnelChartOption } from './chart';
import '../../../components/tracking.css';

/**
 * 漏斗分析 (data_embed/funnel): a funnel over a date range: players per step, step and overall
 * conversion, median time between steps; optionally broken down by a property of the entering event
 * (top 10 + others). Funnel chart plus the table.
 */
const FunnelAnalysisView = observer(function FunnelAnalysisView({ tracking }: { tracking: TrackingStore }) {
  const t = useTrackingTexts();
  const root = useStore();
  const [store] = useState<FunnelAnalysisStore>(() => tracking.funnelAnalysis());
  const language = root.locale.language;
  const can = usePermission();
  // The drill-down open: the players behind a step (of a breakdown group), with the filters of the answer on screen.
  const [drill, setDrill] = useState<{ store: DrillDownStore<FunnelPlayer, FunnelDrillKind>; step: number; event: string; group?: string | null } | null>(null);
  const openDrill = (step: number, event: string, group?: string | null) => {
    const list = store.drill(step, 'converted', group);
    if (!list) return;
    setDrill({ store: list, step, event, ...(group !== undefined ? { group } : {}) });
    void list.load(1);
  };
  /** A figure that opens its players. */
  const drillCell = (players: number, step: number, event: string, group?: string | null) => (
    <button
      type="button"
      className="drill-link"
      onClick={() => openDrill(step, event, group)}
      title={t('tracking.drill.open', { step })}
      data-testid={group === undefined ? `funnel-drill-${step}` : `funnel-drill-${step}-${group ?? 'none'}`}
    >
      {formatFigure(players, language)}
    </button>
  );

  useEffect(() => {
    void tracking.loadFunnels();
  }, [tracking]);
  useEffect(() => {
    const first = tracking.funnels[0];
    if (store.funnel === null && first) {
      store.setFunnel(first.id);
      void store.load();
    }
  }, [tracking.funnels, store]);

  const result = store.result;
  const chosen = tracking.funnels.find((f) => f.id === store.funnel);
  // The breakdown is a property of the entering (first step's) event: every one declared on it or seen in its data.
  const entering = chosen?.steps[0];
  useEffect(() => {
    if (chosen && entering) void tracking.loadSeenProperties(chosen.game, entering);
  }, [tracking, chosen, entering]);
  const enteringProperties = chosen && entering ? tracking.seenProperties.get(`${chosen.game}:${entering}`) : undefined;
  const stepLabel = useCallback((event: string, i: number) => `${i + 1}. ${event}`, []);
  const percent = useCallback((r: number) => formatPercent(r, language), [language]);
  const option = useCallback((palette: ChartPalette) => (result ? funnelChartOption(result.steps, palette, stepLabel, percent) : {}), [result, stepLabel, percent]);
  const windowText = (seconds: number) => {
    const parts = windowParts(seconds);
    return t(`tracking.window.n_${parts.unit}`, { count: parts.value });
  };
  const stepCells = (steps: FunnelStep[], group: string | null) =>
    steps.map((s, i) => (
      <td key={i}>
        {drillCell(s.players, i + 1, s.event, group)}
        <div className="tracking-muted">{i === 0 ? '' : formatPercent(s.step_conversion, language)}</div>
      </td>
    ));

  const noFunnels = tracking.funnelsState === 'ready' && tracking.funnels.length === 0;
  return (
    <div className="tracking-page" data-testid="funnel-analysis">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('tracking.funnel.funnel')} wide>
            <Dropdown
              className="p-inputtext-sm w-full"
              value={store.funnel}
              options={tracking.funnels.map((f) => ({ value: f.id, label: `${f.name} · ${f.gameName}` }))}
              placeholder={t('tracking.funnel.choose')}
              onChange={(e) => {
                store.setFunnel((e.value as number | null) ?? null);
                void store.load();
              }}
              data-testid="funnel-pick" data-user-data
              aria-label={t('tracking.funnel.funnel')}
            />
          </FormItem>
          <FormItem label={t('tracking.analysis.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} testId="funnel-range" />
          </FormItem>
          <FormItem label={t('tracking.analysis.breakdown')}>
            <PropertyPicker
              value={store.breakdown}
              properties={enteringProperties ?? []}
              state={enteringProperties ? 'ready' : 'loading'}
              placeholder={t('tracking.analysis.breakdown')}
              noneLabel={t('tracking.analysis.noBreakdown')}
              onChange={store.setBreakdown}
              testId="funnel-breakdown"
            />
          </FormItem>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('tracking.analysis.query')} disabled={!!store.problem} onClick={() => void store.load()} data-testid="funnel-run" />
          </div>
        </div>
        {chosen && <div className="tracking-muted" data-testid="funnel-window">{t('tracking.funnel.window', { window: windowText(chosen.windowSeconds) })}</div>}
        {store.problem && store.problem.startsWith('range') && <div className="tracking-muted">{t(`tracking.analysis.problems.${store.problem}`)}</div>}
      </section>
      <section className="tracking-card" data-testid="funnel-result">
        {noFunnels ? (
          <ResultState kind="hint" text={t('tracking.funnel.noFunnels')} testId="funnel-none" />
        ) : store.state === 'failed' ? (
          <ResultState kind="error" text={t('tracking.analysis.failed', { error: store.error })} onRetry={() => void store.load()} testId="funnel-error" />
        ) : store.state === 'loading' && !result ? (
          <ResultState kind="loading" text={t('tracking.analysis.loading')} testId="funnel-loading" />
        ) : !result ? (
          <ResultState kind="hint" text={tracking.funnelsState === 'failed' ? t('tracking.analysis.failed', { error: '' }) : t('tracking.funnel.choose')} testId="funnel-hint" />
        ) : store.empty ? (
          <ResultState kind="empty" text={t('tracking.analysis.empty')} testId="funnel-empty" />
        ) : (
          <>
            <div className="tracking-filter-row">
              <strong data-testid="funnel-overall">{t('tracking.funnel.overall', { value: formatPercent(result.steps.at(-1)?.conversion ?? 0, language) })}</strong>
              {store.state === 'loading' && <i className="pi pi-spin pi-spinner" role="img" aria-label={t('tracking.analysis.loading')} />}
            </div>
            <EChart option={option} label={t('tracking.analysis.chartLabel', { title: result.funnel.name })} height={Math.max(260, result.steps.length * 64)} testId="funnel-chart" />
            <AnalysisTable label={result.funnel.name} testId="funnel-table"
              head={
                <>
                  <th>{t('tracking.funnel.step')}</th>
                  <th>{t('tracking.funnel.players')}</th>
                  <th>{t('tracking.funnel.stepConversion')}</th>
                  <th>{t('tracking.funnel.conversion')}</th>
                  <th>{t('tracking.funnel.median')}</th>
                </>
              }
            >
              {result.steps.map((s, i) => (
                <tr key={i}>
                  <td>{stepLabel(s.event, i)}</td>
                  <td>{drillCell(s.players, i + 1, s.event)}</td>
                  <td>{i === 0 ? '-' : formatPercent(s.step_conversion, language)}</td>
                  <td>{formatPercent(s.conversion, language)}</td>
                  <td>{formatDuration(s.median_seconds, language)}</td>
                </tr>
              ))}
            </AnalysisTable>
            {result.breakdown && result.breakdown.length > 0 && (
              <AnalysisTable label={t('tracking.analysis.breakdown')} testId="funnel-breakdown-table"
                head={
                  <>
                    <th>{t('tracking.funnel.group')}</th>
                    {result.steps.map((s, i) => (
                      <th key={i}>{stepLabel(s.event, i)}</th>
                    ))}
                    <th>{t('tracking.funnel.conversion')}</th>
                  </>
                }
              >
                {result.breakdown.map((g) => (
                  <tr key={g.value ?? '\u0000'}>
                    <td data-user-data={g.value === TRACKING_OTHER_GROUP || g.value === null ? undefined : true}>{g.value === TRACKING_OTHER_GROUP ? t('tracking.analysis.other') : g.value === null ? t('tracking.analysis.notSet') : g.value}</td>
                    {stepCells(g.steps, g.value)}
                    <td>{formatPercent(g.steps.at(-1)?.conversion ?? 0, language)}</td>
                  </tr>
                ))}
              </AnalysisTable>
            )}
          </>
        )}
      </section>
      {drill && result && (
        <FunnelPlayersDialog
          store={drill.store}
          funnel={result.funnel.name}
          step={drill.step}
          event={drill.event}
          group={drill.group}
          canExport={can('Export')}
          onHide={() => setDrill(null)}
        />
      )}
    </div>
  );
});

/** The page once the tracking store has loaded (its code is not in the login page's chunk). */
export default storePage(useTracking, (tracking) => <FunnelAnalysisView tracking={tracking} />);
