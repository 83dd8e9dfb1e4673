import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useAdvertisingTexts } from '../../../components/locale';
import { useAdvertising } from '../../../components/useAdvertising';
import { GamePicker } from '../../../../../components/analytics/ReportParts';
import { useStore } from '../../../../../components/store-context';
import { AnalysisTable, DateRangeInput, FormItem, Kpi, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { AD_WINDOW_CHOICES } from '../../../../../config';
import type { AdvertisingStore, AttributionStore } from '../../../stores/advertising';
import { formatFigure, formatInstant, formatPercent } from '../../../../../stores/format';
import '../../../../../components/analytics/analytics.css';
import '../../../components/advertising.css';

const timeText = (iso: string | null) => formatInstant(iso);

/**
 * 归因明细 (advertisement/attribution): installs over a range with their last-click attribution —
 * device, channel, campaign, click and install time, match — filterable by game, match, channel,
 * campaign and device, with the window chosen; paged (20 a page) by the server.
 */
const AttributionView = observer(function AttributionView({ ads }: { ads: AdvertisingStore }) {
  const t = useAdvertisingTexts();
  const root = useStore();
  const language = root.locale.language;
  const [store] = useState<AttributionStore>(() => ads.attribution());
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const f = store.filters;
  const matchOptions = [
    { value: 'all', label: t('ads.attribution.matchAll') },
    { value: 'last_click', label: t('ads.attribution.lastClick') },
    { value: 'organic', label: t('ads.attribution.organicMatch') },
  ];
  const windowOptions = [{ value: 0, label: t('ads.common.windowDefault') }, ...AD_WINDOW_CHOICES.map((d) => ({ value: d, label: t('ads.common.windowDays', { days: d }) }))];
  const s = result?.summary;

  return (
    <div className="tracking-page ads-page" data-testid="ads-attribution">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('ads.common.game')}>
            <GamePicker value={f.game} onChange={(g) => store.setFilter('game', g)} testId="att-game" />
          </FormItem>
          <FormItem label={t('ads.common.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} testId="att-range" />
          </FormItem>
          <FormItem label={t('ads.attribution.match')}>
            <Dropdown className="p-inputtext-sm" value={f.match ?? 'all'} options={matchOptions} onChange={(e) => store.setFilter('match', e.value === 'all' ? null : (e.value as 'last_click' | 'organic'))} data-testid="att-match" aria-label={t('ads.attribution.match')} />
          </FormItem>
          <FormItem label={t('ads.common.window')}>
            <Dropdown className="p-inputtext-sm" value={f.window ?? 0} options={windowOptions} onChange={(e) => store.setFilter('window', e.value === 0 ? null : (e.value as number))} data-testid="att-window" aria-label={t('ads.common.window')} />
          </FormItem>
          <FormItem label={t('ads.attribution.channel')}>
            <InputText className="p-inputtext-sm" value={f.channel} onChange={(e) => store.setFilter('channel', e.target.value)} data-testid="att-channel" aria-label={t('ads.attribution.channel')} />
          </FormItem>
          <FormItem label={t('ads.attribution.campaignId')}>
            <InputText
              className="p-inputtext-sm"
              value={f.campaign === null ? '' : String(f.campaign)}
              inputMode="numeric"
              onChange={(e) => store.setFilter('campaign', /^\d{1,9}$/.test(e.target.value) ? Number(e.target.value) : null)}
              data-testid="att-campaign"
              aria-label={t('ads.attribution.campaignId')}
            />
          </FormItem>
          <FormItem label={t('ads.attribution.device')}>
            <InputText className="p-inputtext-sm" value={f.device} onChange={(e) => store.setFilter('device', e.target.value)} data-testid="att-device" aria-label={t('ads.attribution.device')} />
          </FormItem>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('ads.common.query')} disabled={!!store.problem} onClick={() => void store.search()} data-testid="att-run" />
          </div>
        </div>
        <div className="tracking-muted">{store.problem ? t(`analytics.problems.${store.problem}`) : t('ads.attribution.note')}</div>
      </section>
      {store.state === 'failed' ? (
        <section className="tracking-card">
          <ResultState kind="error" text={t('ads.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="att-error" />
        </section>
      ) : !result ? (
        <section className="tracking-card">
          <ResultState kind="loading" text={t('ads.common.loading')} testId="att-loading" />
        </section>
      ) : (
        <>
          <div className="income-kpis ads-kpis">
            <Kpi label={t('ads.attribution.installs')} value={formatFigure(s?.installs ?? 0, language)} testId="att-kpi-installs" />
            <Kpi label={t('ads.attribution.attributed')} value={formatFigure(s?.attributed ?? 0, language)} testId="att-kpi-attributed" />
            <Kpi label={t('ads.attribution.organic')} value={formatFigure(s?.organic ?? 0, language)} testId="att-kpi-organic" />
            <Kpi label={t('ads.attribution.rate')} value={s && s.installs > 0 ? formatPercent(s.attributed / s.installs, language) : '-'} testId="att-kpi-rate" />
          </div>
          <section className="tracking-card">
            {result.rows.length === 0 ? (
              <ResultState kind="empty" text={t('ads.attribution.empty')} testId="att-empty" />
            ) : (
              <>
                <AnalysisTable label={t('ads.attribution.tableLabel')} className="tracking-table income-table" testId="att-table"
                  head={
                    <>
                      <th className="is-text">{t('ads.attribution.installTime')}</th>
                      <th className="is-text">{t('ads.common.game')}</th>
                      <th className="is-text">{t('ads.attribution.player')}</th>
                      <th className="is-text">{t('ads.attribution.device')}</th>
                      <th className="is-text">{t('ads.attribution.channel')}</th>
                      <th className="is-text">{t('ads.attribution.campaign')}</th>
                      <th className="is-text">{t('ads.attribution.clickTime')}</th>
                      <th className="is-text">{t('ads.attribution.match')}</th>
                    </>
                  }
                >
                  {result.rows.map((r) => (
                    <tr key={`${r.game}:${r.distinct_id}`}>
                      <td className="is-text">{timeText(r.install_time)}</td>
                      <td className="income-label" title={r.game_name} data-user-data>
                        {r.game_name}
                      </td>
                      <td className="income-label ads-mono" title={r.distinct_id} data-user-data>
                        {r.distinct_id}
                      </td>
                      <td className="income-label ads-mono" title={r.device_id} data-user-data>
                        {r.device_id || '-'}
                      </td>
                      <td className="is-text">{r.channel || '-'}</td>
                      <td className="income-label" title={r.campaign_name ?? ''} data-user-data>
                        {r.campaign_name ?? '-'}
                      </td>
                      <td className="is-text">{timeText(r.click_time)}</td>
                      <td className="is-text">
                        <span className={`ads-status ${r.match === 'last_click' ? 'is-running' : 'is-idle'}`}>{r.match === 'last_click' ? t('ads.attribution.lastClick') : t('ads.attribution.organicMatch')}</span>
                      </td>
                    </tr>
                  ))}
                </AnalysisTable>
                <div className="ads-pager" data-testid="att-pager">
                  <span>{t('ads.attribution.page', { page: store.page, pages: store.pages, total: formatFigure(result.total, language) })}</span>
                  <Button size="small" text icon="pi pi-angle-left" aria-label={t('ads.attribution.prev')} disabled={store.page <= 1} onClick={() => void store.setPage(store.page - 1)} data-testid="att-prev" />
                  <Button size="small" text icon="pi pi-angle-right" aria-label={t('ads.attribution.next')} disabled={store.page >= store.pages} onClick={() => void store.setPage(store.page + 1)} data-testid="att-next" />
                </div>
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
});

export default storePage(useAdvertising, (ads) => <AttributionView ads={ads} />);
