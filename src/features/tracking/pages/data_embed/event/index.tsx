import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { saveFile } from '../../../../../components/crud/download';
import { usePermission } from '../../../../../components/Permission';
import { PageLoading } from '../../../../../components/PageLoading';
import { useStore } from '../../../../../components/store-context';
import { useTracking } from '../../../components/useTracking';
import { DateRangeInput, FormItem, TableScroll, ResultState } from '../../../../../components/analytics/AnalysisParts';
import { useTrackingTexts } from '../../../components/locale';
import { TRACKING_FILTER_OPS, TRACKING_MAX_SERIES } from '../../../../../config';
import { changeRatio } from '../../../../../stores/analytics/range';
import { formatChange, formatFigure } from '../../../../../stores/format';
import { type EventAnalysisStore, type TrackingStore } from '../../../stores/tracking';
import type { FilterOperator, Interval, Measure } from '../../../../../stores/types';
import { eventChartOption } from './chart';
import { PropertiesStatus, PropertyPicker } from '../../../components/PropertyPicker';
import '../../../components/tracking.css';

const INTERVALS: Interval[] = ['hour', 'day', 'week'];
const MEASURES: Measure[] = ['total', 'unique', 'per_user', 'sum', 'avg'];

/**
 * 事件分析 (data_embed/event): events of one game as several series over a date range, by hour, day or
 * week, measured as count, unique players, per player, or the sum / average of a numeric property;
 * property filters, one breakdown (top 10 + others), comparison with the previous period; a line or
 * bar chart with the table under it; the table exported by the server (Export button).
 */
const EventAnalysisView = observer(function EventAnalysisView({ tracking }: { tracking: TrackingStore }) {
  const t = useTrackingTexts();
  const root = useStore();
  const can = usePermission();
  const [store] = useState<EventAnalysisStore>(() => tracking.eventAnalysis());
  const language = root.locale.language;

  useEffect(() => {
    void tracking.loadGames();
  }, [tracking]);

  // The first game with a tracking app is chosen, and its first event's trend shown at once.
  useEffect(() => {
    const first = tracking.games[0];
    if (store.game === null && first) void store.setGame(first.id).then(() => store.load());
  }, [tracking.games, store]);

  const label = useCallback((line: { event: string; group: string | null }) => store.lineLabel(line, t('tracking.analysis.other'), t('tracking.analysis.notSet')), [store, t]);
  const result = store.result;
  const chartKind = store.chart;
  const previousText = t('tracking.analysis.previous');
  const option = useCallback((palette: ChartPalette) => (result ? eventChartOption(result, chartKind, palette, label, previousText) : {}), [result, chartKind, label, previousText]);

  const properties = store.properties;
  const problem = store.problem;
  const exportTable = async () => {
    try {
      const file = await store.exportTable();
      if (file) {
        saveFile(file);
        root.notify({ severity: 'success', text: t('tracking.analysis.exported') });
      }
    } catch {
      // shown by the adapter
    }
  };

  const noApps = tracking.gamesState === 'ready' && tracking.games.length === 0;
  return (
    <div className="tracking-page" data-testid="event-analysis">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('tracking.analysis.game')}>
            <Dropdown
              className="p-inputtext-sm"
              value={store.game}
              options={tracking.games.map((g) => ({ value: g.id, label: g.name }))}
              placeholder={t('tracking.analysis.game')}
              filter={tracking.games.length > 8}
              onChange={(e) => void store.setGame((e.value as number | null) ?? null)}
              data-testid="analysis-game" data-user-data
              aria-label={t('tracking.analysis.game')}
            />
          </FormItem>
          <FormItem label={t('tracking.analysis.events')} wide>
            <MultiSelect
              className="p-inputtext-sm w-full"
              value={store.events}
              options={store.eventChoices.map((e) => ({ value: e.event, label: e.name === e.event ? e.event : `${e.name} (${e.event})`, disabled: !e.enabled }))}
              display="chip"
              filter
              selectionLimit={TRACKING_MAX_SERIES}
              placeholder={t('tracking.analysis.events')}
              onChange={(e) => store.setEvents(e.value as string[])}
              data-testid="analysis-events" data-user-data
              aria-label={t('tracking.analysis.events')}
            />
          </FormItem>
          <FormItem label={t('tracking.analysis.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} />
          </FormItem>
          <FormItem label={t('tracking.analysis.interval')}>
            <SelectButton
              className="p-button-sm"
              value={store.interval}
              allowEmpty={false}
              options={INTERVALS.map((i) => ({ value: i, label: t(`tracking.analysis.intervals.${i}`) }))}
              onChange={(e) => store.setInterval(e.value as Interval)}
              data-testid="analysis-interval"
            />
          </FormItem>
          <FormItem label={t('tracking.analysis.measure')}>
            <Dropdown
              className="p-inputtext-sm"
              value={store.measure}
              options={MEASURES.map((m) => ({ value: m, label: t(`tracking.analysis.measures.${m}`) }))}
              onChange={(e) => store.setMeasure(e.value as Measure)}
              data-testid="analysis-measure"
              aria-label={t('tracking.analysis.measure')}
            />
          </FormItem>
          {(store.measure === 'sum' || store.measure === 'avg') && (
            <FormItem label={t('tracking.analysis.property')}>
              <PropertyPicker
                value={store.property}
                properties={store.numericProperties}
                state={store.propertiesState}
                placeholder={t('tracking.analysis.property')}
                onChange={store.setProperty}
                testId="analysis-property"
              />
            </FormItem>
          )}
          <FormItem label={t('tracking.analysis.breakdown')}>
            <PropertyPicker
              value={store.breakdown}
              properties={properties}
              state={store.propertiesState}
              placeholder={t('tracking.analysis.breakdown')}
              noneLabel={t('tracking.analysis.noBreakdown')}
              onChange={store.setBreakdown}
              testId="analysis-breakdown"
            />
          </FormItem>
          <label className="tracking-filter-row">
            <Checkbox inputId="analysis-compare" checked={store.compare} onChange={(e) => store.setCompare(!!e.checked)} data-testid="analysis-compare" />
            <span>{t('tracking.analysis.compare')}</span>
          </label>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('tracking.analysis.query')} disabled={!!problem} onClick={() => void store.load()} data-testid="analysis-run" />
            {can('Export') && (
              <Button size="small" outlined icon="pi pi-download" label={t('tracking.analysis.export')} disabled={!!problem || !result} loading={store.exporting} onClick={() => void exportTable()} data-testid="analysis-export" />
            )}
          </div>
        </div>
        <div className="tracking-filters" data-testid="analysis-filters">
          {store.filters.map((f, i) => (
            <div className="tracking-filter-row" key={i} data-testid="analysis-filter">
              <PropertyPicker
                value={f.property}
                properties={properties}
                state={store.propertiesState}
                placeholder={t('tracking.steps.property')}
                onChange={(property) => store.updateFilter(i, { property })}
              />
              <Dropdown
                className="p-inputtext-sm"
                value={f.op}
                options={TRACKING_FILTER_OPS.map((op) => ({ value: op, label: t(`tracking.ops.${op}`) }))}
                onChange={(e) => store.updateFilter(i, { op: e.value as FilterOperator })}
                aria-label={t('tracking.steps.op')}
              />
              <InputText
                className="p-inputtext-sm"
                value={String(f.value)}
                placeholder={t('tracking.steps.value')}
                onChange={(e) => {
                  const type = properties.find((p) => p.name === f.property)?.type;
                  const raw = e.target.value;
                  store.updateFilter(i, { value: type === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : type === 'boolean' && (raw === 'true' || raw === 'false') ? raw === 'true' : raw });
                }}
                aria-label={t('tracking.steps.value')}
              />
              <Button size="small" text severity="danger" icon="pi pi-times" aria-label={t('tracking.analysis.removeFilter')} onClick={() => store.removeFilter(i)} />
            </div>
          ))}
          <div>
            <Button size="small" text icon="pi pi-filter" label={t('tracking.analysis.addFilter')} disabled={properties.length === 0} onClick={store.addFilter} data-testid="analysis-add-filter" />
          </div>
        </div>
        {store.events.length > 0 && <PropertiesStatus state={store.propertiesState} error={store.propertiesError} properties={properties} onRetry={() => void store.loadProperties()} />}
        {problem && store.game !== null && <div className="tracking-muted" data-testid="analysis-problem">{t(`tracking.analysis.problems.${problem}`)}</div>}
      </section>

      <section className="tracking-card" data-testid="analysis-result">
        {noApps ? (
          <ResultState kind="hint" text={t('tracking.analysis.noApps')} testId="analysis-no-apps" />
        ) : store.state === 'failed' ? (
          <ResultState kind="error" text={t('tracking.analysis.failed', { error: store.error })} onRetry={() => void store.load()} testId="analysis-error" />
        ) : store.state === 'loading' && !result ? (
          <ResultState kind="loading" text={t('tracking.analysis.loading')} testId="analysis-loading" />
        ) : !result ? (
          <ResultState kind="hint" text={tracking.gamesState === 'loading' ? t('tracking.analysis.loading') : t('tracking.analysis.chooseGame')} testId="analysis-hint" />
        ) : store.empty ? (
          <ResultState kind="empty" text={t('tracking.analysis.empty')} testId="analysis-empty" />
        ) : (
          <>
            <div className="tracking-filter-row">
              <SelectButton
                className="p-button-sm"
                value={store.chart}
                allowEmpty={false}
                options={[
                  { value: 'line', label: t('tracking.analysis.line') },
                  { value: 'bar', label: t('tracking.analysis.bar') },
                ]}
                onChange={(e) => store.setChart(e.value as 'line' | 'bar')}
                data-testid="analysis-chart-kind"
              />
              {result.previous && <span className="tracking-muted">{t('tracking.analysis.previousRange', { start: result.previous.start, end: result.previous.end })}</span>}
              {store.state === 'loading' && <i className="pi pi-spin pi-spinner" role="img" aria-label={t('tracking.analysis.loading')} />}
            </div>
            <EChart option={option} label={t('tracking.analysis.chartLabel', { title: t('tracking.analysis.measures.' + result.measure) })} testId="event-chart" />
            <TableScroll label={t('tracking.analysis.measures.' + result.measure)}>
              <table className="tracking-table" data-testid="event-table">
                <thead>
                  <tr>
                    <th>{t('tracking.analysis.series')}</th>
                    {result.times.map((time) => (
                      <th key={time}>{time}</th>
                    ))}
                    <th>{t('tracking.analysis.total')}</th>
                    {result.previous && <th>{t('tracking.analysis.previous')}</th>}
                    {result.previous && <th>{t('tracking.analysis.change')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {store.table.map((row) => (
                    <tr key={row.key}>
                      <td data-user-data={row.group !== null ? true : undefined}>{label(row)}</td>
                      {row.values.map((v, i) => (
                        <td key={i}>{formatFigure(v, language)}</td>
                      ))}
                      <td>
                        <strong>{formatFigure(row.total, language)}</strong>
                      </td>
                      {result.previous && <td>{row.previousTotal === null ? '-' : formatFigure(row.previousTotal, language)}</td>}
                      {result.previous && (
                        <td className={`tracking-change${row.change === null ? '' : row.change > 0 ? ' is-up' : row.change < 0 ? ' is-down' : ''}`}>{formatChange(row.previousTotal === null ? null : changeRatio(row.total, row.previousTotal), language)}</td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
      </section>
    </div>
  );
});

/** The page once the tracking store has loaded (its code is not in the login page's chunk). */
export default function EventAnalysisPage() {
  const tracking = useTracking();
  return tracking ? <EventAnalysisView tracking={tracking} /> : <PageLoading />;
}
