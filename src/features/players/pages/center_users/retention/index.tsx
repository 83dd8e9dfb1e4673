import { observer } from 'mobx-react-lite';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { AnalysisTable, FormItem, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { curveOption } from '../../../components/charts';
import { usePlayersTexts } from '../../../components/locale';
import { usePlayers } from '../../../components/usePlayers';
import '../../../components/players.css';
import { curvePercents, heatLevel, RETENTION_KEYS, retentionEmpty, type PlayersStore, type RetentionStore } from '../../../stores/players';
import { formatFigure, formatPercent } from '../../../../../stores/format';
import type { DrillDownStore } from '../../../../../stores/analytics/drill-down';
import { usePermission } from '../../../../../components/Permission';
import { RetentionPlayersDialog } from '../../../components/RetentionPlayersDialog';
import type { RetentionPlayerRow } from '../../../stores/players';

// Dropdown values: PrimeReact takes '' for "nothing chosen", so the unknown channel ('') has its own.
const ALL = '\u0000all';
const UNKNOWN = '\u0000unknown';
const toValue = (channel: string | null) => (channel === null ? ALL : channel === '' ? UNKNOWN : channel);
const fromValue = (value: string): string | null => (value === ALL ? null : value === UNKNOWN ? '' : value);

/**
 * 留存分析 (center_users/retention): cohorts by registration day (game, channel, range), the heat-map
 * matrix of day 1, 3, 7, 14 and 30 retention with the weighted total, the 1..30 curve, and the
 * definition on the page (contracts/schemas/players).
 */
const RetentionView = observer(function RetentionView({ players }: { players: PlayersStore }) {
  const t = usePlayersTexts();
  const root = useStore();
  const language = root.locale.language;
  const [store] = useState<RetentionStore>(() => players.retention());
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const channelName = (c: string) => (c === '' ? t('players.common.unknownChannel') : c);
  const channels = [...new Set([...(result?.channels ?? []), ...(store.options.channel !== null ? [store.options.channel] : [])])];
  const seriesName = t('players.retention.curveSeries');
  const percents = useMemo(() => (result ? curvePercents(result) : []), [result]);
  const chart = useCallback((p: ChartPalette) => curveOption(p, seriesName, percents, (n) => t('players.retention.dayN', { n })), [seriesName, percents, t]);
  // Called on every render (it uses a hook): the error, loading, or null once the answer is there.
  const waiting = ReportState({ store, prefix: 'retention', empty: () => false });
  const empty =
    !waiting && store.result && retentionEmpty(store.result) ? (
      <section className="tracking-card">
        <ResultState kind="empty" text={t('players.common.empty')} testId="retention-empty" />
      </section>
    ) : null;
  const rate = (r: number | null) => (r === null ? '-' : formatPercent(r, language));
  const can = usePermission();
  // The drill-down open: the players behind a cell (cohort day × day N; N = 0 for the new players), with the filters of the answer on screen.
  const [drill, setDrill] = useState<{ store: DrillDownStore<RetentionPlayerRow, 'retained'>; day: string; n: number; channel: string | null } | null>(null);
  const openDrill = (day: string, n: number) => {
    if (!result) return;
    const list = players.retentionDrill(result, day, n);
    setDrill({ store: list, day, n, channel: result.channel });
    void list.load(1);
  };
  const drillButton = (text: string, day: string, n: number) => (
    <button type="button" className="drill-link" onClick={() => openDrill(day, n)} title={t('players.drill.open')} data-testid={`retention-drill-${day}-${n}`}>
      {text}
    </button>
  );

  return (
    <div className="tracking-page" data-testid="players-retention">
      <ReportForm store={store} prefix="retention" note={result ? t('players.retention.today', { today: result.today }) : ' '}>
        <FormItem label={t('players.common.channel')}>
          <Dropdown
            className="p-inputtext-sm players-channel"
            value={toValue(store.options.channel)}
            options={[{ value: ALL, label: t('players.common.allChannels') }, ...channels.map((c) => ({ value: toValue(c), label: channelName(c) }))]}
            onChange={(e) => {
              store.setOption('channel', fromValue(e.value as string));
              void store.load();
            }}
            data-testid="retention-channel"
            aria-label={t('players.common.channel')}
          />
        </FormItem>
      </ReportForm>
      <section className="tracking-card">
        <div className="tracking-muted players-definition" data-testid="retention-definition">
          {t('players.retention.definition')}
        </div>
      </section>
      {waiting ??
        empty ??
        (result && (
          <>
            <section className="tracking-card">
              <h3>{t('players.retention.matrix')}</h3>
              <div className="tracking-muted">{`${t('players.retention.legend')} · ${t('players.retention.totalNote')}`}</div>
              <AnalysisTable label={t('analytics.tableLabel', { title: t('players.retention.matrix') })} className="tracking-table income-table players-heat" testId="retention-table"
                head={
                  <>
                    <th>{t('players.retention.day')}</th>
                    <th className="is-number">{t('players.retention.players')}</th>
                    {RETENTION_KEYS.map((k) => (
                      <th key={k} className="is-number">
                        {t('players.retention.dayN', { n: k })}
                      </th>
                    ))}
                  </>
                }
                foot={
                  <>
                    <tr data-testid="retention-total">
                      <td>{t('players.retention.total')}</td>
                      <td className="is-number">{formatFigure(result.total.players, language)}</td>
                      {RETENTION_KEYS.map((k) => (
                        <td key={k} className={`heat heat-${heatLevel(result.total.retention[k])}`}>
                          {rate(result.total.retention[k])}
                        </td>
                      ))}
                    </tr>
                  </>
                }
              >
                {[...result.cohorts].reverse().map((c) => (
                  <tr key={c.day}>
                    <td>{c.day}</td>
                    <td className="is-number">{c.players > 0 ? drillButton(formatFigure(c.players, language), c.day, 0) : formatFigure(c.players, language)}</td>
                    {RETENTION_KEYS.map((k) => (
                      <td
                        key={k}
                        className={`heat heat-${heatLevel(c.retention[k])}`}
                        title={c.retention[k] === null ? undefined : t('players.retention.cellTitle', { retained: c.retained[k], players: c.players })}
                      >
                        {c.retention[k] === null ? rate(null) : drillButton(rate(c.retention[k]), c.day, Number(k))}
                      </td>
                    ))}
                  </tr>
                ))}
              </AnalysisTable>
            </section>
            <section className="tracking-card">
              <h3>{t('players.retention.curve')}</h3>
              <EChart option={chart} label={t('analytics.chartLabel', { title: t('players.retention.curve') })} height={300} testId="retention-chart" />
            </section>
          </>
        ))}
      {drill && <RetentionPlayersDialog store={drill.store} day={drill.day} n={drill.n} channel={drill.channel} canExport={can('Export')} onHide={() => setDrill(null)} />}
    </div>
  );
});

export default storePage(usePlayers, (players) => <RetentionView players={players} />);
