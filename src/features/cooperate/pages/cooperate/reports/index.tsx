import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useCooperateTexts } from '../../../components/locale';
import { useCooperate } from '../../../components/useCooperate';
import { saveFile } from '../../../../../components/crud/download';
import { Money } from '../../../../../components/analytics/ReportParts';
import { useStore } from '../../../../../components/store-context';
import { AnalysisTable, FormItem, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { percentToBp, type CooperateStore, type SettlementStore } from '../../../stores/cooperate';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure } from '../../../../../stores/format';
import type { PartnerSettlement } from '../../../../../stores/types';
import '../../../../../components/analytics/analytics.css';
import '../../../components/cooperate.css';

const PATH = '/cooperate/reports';
const ALL = 0;
const toMonth = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const fromMonth = (m: string) => new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1);
const bpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;
const when = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '-');

/** A month picker (YYYY-MM) on PrimeReact's calendar in month view. */
function MonthInput({ value, onChange, testId, max, label }: { value: string; onChange(month: string): void; testId: string; max?: Date; label: string }) {
  return (
    <Calendar
      className="p-inputtext-sm cooperate-month"
      value={fromMonth(value)}
      onChange={(e) => {
        if (e.value instanceof Date) onChange(toMonth(e.value));
      }}
      view="month"
      dateFormat="yy-mm"
      {...(max ? { maxDate: max } : {})}
      inputId={testId}
      ariaLabel={label}
      data-testid={testId}
    />
  );
}

/** The rate dialog: the partner's rate history and a new rate from a month on. */
const RateDialog = observer(function RateDialog({ store, partner, onClose }: { store: SettlementStore; partner: PartnerSettlement; onClose(): void }) {
  const t = useCooperateTexts();
  const root = useStore();
  const [month, setMonth] = useState(store.month);
  const [percent, setPercent] = useState<number | null>(partner.rate_set ? partner.rate_bp / 100 : null);
  const [note, setNote] = useState('');
  useEffect(() => {
    void store.loadRates(partner.partner);
  }, [store, partner.partner]);
  const save = async () => {
    if (percent === null) return;
    const rate_bp = percentToBp(percent);
    const ok = await store.setRate({ partner: partner.partner, effective_month: month, rate_bp, ...(note.trim() ? { note: note.trim() } : {}) });
    if (ok) {
      root.notify({ severity: 'success', text: t('cooperate.reports.rateSaved', { partner: partner.partner_name, month, rate: bpText(rate_bp) }), life: 3000 });
      onClose();
    }
  };
  return (
    <Dialog header={t('cooperate.reports.rateTitle', { partner: partner.partner_name })} visible onHide={onClose} style={{ width: 'min(560px, 96vw)' }} data-testid="rate-dialog">
      <div className="cooperate-rate-form">
        <label htmlFor="rate-month">{t('cooperate.reports.effectiveMonth')}</label>
        <MonthInput value={month} onChange={setMonth} testId="rate-month" label={t('cooperate.reports.effectiveMonth')} />
        <label htmlFor="rate-percent">{t('cooperate.reports.ratePercent')}</label>
        <InputNumber inputId="rate-percent" value={percent} onValueChange={(e) => setPercent(e.value ?? null)} onChange={(e) => setPercent(e.value ?? null)} min={0} max={100} minFractionDigits={0} maxFractionDigits={2} suffix="%" data-testid="rate-percent" />
        <label htmlFor="rate-note">{t('cooperate.reports.rateNote')}</label>
        <InputText id="rate-note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} data-testid="rate-note" />
      </div>
      <p className="tracking-muted">{t('cooperate.reports.rateHint')}</p>
      <h4>{t('cooperate.reports.history')}</h4>
      {store.ratesState === 'ready' && store.rates.length === 0 ? (
        <div className="tracking-muted" data-testid="rate-history-empty">
          {t('cooperate.reports.historyEmpty')}
        </div>
      ) : (
        <table className="tracking-table income-table" data-testid="rate-history">
          <thead>
            <tr>
              <th className="is-text">{t('cooperate.reports.effectiveMonth')}</th>
              <th className="is-number">{t('cooperate.reports.rate')}</th>
              <th className="is-text">{t('cooperate.reports.rateNote')}</th>
              <th className="is-text">{t('cooperate.reports.created')}</th>
            </tr>
          </thead>
          <tbody>
            {store.rates.map((r) => (
              <tr key={r.id}>
                <td>{r.effective_month}</td>
                <td className="is-number">{bpText(r.rate_bp)}</td>
                <td className="income-label" data-user-data>
                  {r.note || '-'}
                </td>
                <td>{when(r.create_datetime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="crud-form-footer">
        <Button size="small" outlined label={t('cooperate.reports.rateCancel')} onClick={onClose} data-testid="rate-cancel" />
        <Button size="small" label={t('cooperate.reports.rateSave')} disabled={percent === null || store.busy !== null} loading={store.busy === partner.partner} onClick={() => void save()} data-testid="rate-save" />
      </div>
    </Dialog>
  );
});

/** One partner's settlement: status, rate, actions, one row per game and the total. */
const PartnerCard = observer(function PartnerCard({ store, p, canWrite, ended, onRate, onLock }: { store: SettlementStore; p: PartnerSettlement; canWrite: boolean; ended: boolean; onRate(): void; onLock(): void }) {
  const t = useCooperateTexts();
  const root = useStore();
  const language = root.locale.language;
  const money = (v: number) => <Money text={formatMoney(v)} negative={v < 0} />;
  return (
    <section className="tracking-card" data-testid={`settlement-${p.partner}`}>
      <div className="cooperate-partner-head">
        <h3 data-user-data>{p.partner_name}</h3>
        <Tag value={p.locked ? t('cooperate.reports.locked') : t('cooperate.reports.open')} severity={p.locked ? 'success' : 'warning'} icon={p.locked ? 'pi pi-lock' : 'pi pi-lock-open'} data-testid={`settlement-${p.partner}-status`} />
        <span className="tracking-muted" data-testid={`settlement-${p.partner}-rate`}>
          {p.rate_set ? t('cooperate.reports.rateOf', { rate: bpText(p.rate_bp) }) : t('cooperate.reports.rateUnset')}
        </span>
        {p.locked && <span className="tracking-muted" data-user-data>{t('cooperate.reports.lockedBy', { who: p.locked_by ?? '-', at: when(p.locked_at) })}</span>}
        {canWrite && !p.locked && (
          <span className="cooperate-partner-actions">
            <Button size="small" outlined icon="pi pi-percentage" label={t('cooperate.reports.setRate')} onClick={onRate} disabled={store.busy !== null} data-testid={`settlement-${p.partner}-rate-btn`} />
            <Button size="small" severity="warning" icon="pi pi-lock" label={t('cooperate.reports.lock')} onClick={onLock} disabled={store.busy !== null || !ended} tooltip={ended ? undefined : t('cooperate.reports.notEnded')} tooltipOptions={{ showOnDisabled: true }} loading={store.busy === p.partner} data-testid={`settlement-${p.partner}-lock`} />
          </span>
        )}
      </div>
      {p.games.length === 0 ? (
        <div className="tracking-muted">{t('cooperate.reports.noGames')}</div>
      ) : (
        <AnalysisTable label={t('cooperate.reports.tableLabel', { partner: p.partner_name })} className="tracking-table income-table" testId={`settlement-${p.partner}-table`}
          head={
            <>
              <th className="is-text">{t('cooperate.reports.game')}</th>
              <th className="is-number">{t('cooperate.reports.gross')}</th>
              <th className="is-number">{t('cooperate.reports.refunds')}</th>
              <th className="is-number">{t('cooperate.reports.revenue')}</th>
              <th className="is-number">{t('cooperate.reports.orders')}</th>
              <th className="is-number">{t('cooperate.reports.refundOrders')}</th>
              <th className="is-number">{t('cooperate.reports.rate')}</th>
              <th className="is-number">{t('cooperate.reports.partnerAmount')}</th>
              <th className="is-number">{t('cooperate.reports.platformAmount')}</th>
            </>
          }
          foot={
            <>
              <tr>
                <td>{t('cooperate.reports.total')}</td>
                <td className="is-number">{formatMoney(p.totals.gross)}</td>
                <td className="is-number">{formatMoney(p.totals.refunds)}</td>
                <td className="is-number">{money(p.totals.revenue)}</td>
                <td className="is-number">{formatFigure(p.totals.orders, language)}</td>
                <td className="is-number">{formatFigure(p.totals.refund_orders, language)}</td>
                <td className="is-number">{bpText(p.rate_bp)}</td>
                <td className="is-number">{money(p.totals.partner_amount)}</td>
                <td className="is-number">{money(p.totals.platform_amount)}</td>
              </tr>
            </>
          }
        >
          {p.games.map((g) => (
            <tr key={g.game}>
              <td className="income-label" title={g.game_name} data-user-data>
                {g.game_name}
              </td>
              <td className="is-number">{formatMoney(g.gross)}</td>
              <td className="is-number">{formatMoney(g.refunds)}</td>
              <td className="is-number">{money(g.revenue)}</td>
              <td className="is-number">{formatFigure(g.orders, language)}</td>
              <td className="is-number">{formatFigure(g.refund_orders, language)}</td>
              <td className="is-number">{bpText(g.rate_bp)}</td>
              <td className="is-number">{money(g.partner_amount)}</td>
              <td className="is-number">{money(g.platform_amount)}</td>
            </tr>
          ))}
        </AnalysisTable>
      )}
    </section>
  );
});

/**
 * 合作报表 (cooperate/reports): a month's settlement per partner and game (payments − refunds of the
 * month, the partner's rate in effect, the partner's and the platform's amounts), the rate dialog
 * (from a month on; history), locking a month (confirmed; then final), and the xlsx export.
 */
const ReportsView = observer(function ReportsView({ cooperate }: { cooperate: CooperateStore }) {
  const t = useCooperateTexts();
  const root = useStore();
  const [store] = useState<SettlementStore>(() => cooperate.settlements((file) => saveFile(file)));
  const [rating, setRating] = useState<PartnerSettlement | null>(null);
  const [locking, setLocking] = useState<PartnerSettlement | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const canWrite = root.menu.hasPermission(PATH, 'Update');
  const canExport = root.menu.hasPermission(PATH, 'Export');
  const result = store.state === 'ready' ? store.result : null;
  const today = root.analyticsToday();
  const thisMonth = toMonth(today);
  const step = (n: number) => {
    const d = fromMonth(store.month);
    store.setMonth(toMonth(new Date(d.getFullYear(), d.getMonth() + n, 1)));
    void store.load();
  };
  const lock = async (p: PartnerSettlement) => {
    if (await store.lock(p.partner)) root.notify({ severity: 'success', text: t('cooperate.reports.lockDone', { partner: p.partner_name, month: store.month }), life: 3000 });
  };

  return (
    <div className="tracking-page" data-testid="cooperate-reports">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('cooperate.common.month')}>
            <span className="p-inputgroup cooperate-month-group">
              <Button size="small" outlined icon="pi pi-angle-left" aria-label={t('cooperate.common.prevMonth')} onClick={() => step(-1)} data-testid="reports-month-prev" />
              <MonthInput
                value={store.month}
                onChange={(m) => {
                  store.setMonth(m);
                  void store.load();
                }}
                testId="reports-month"
                max={today}
                label={t('cooperate.common.month')}
              />
              <Button size="small" outlined icon="pi pi-angle-right" aria-label={t('cooperate.common.nextMonth')} disabled={store.month >= thisMonth} onClick={() => step(1)} data-testid="reports-month-next" />
            </span>
          </FormItem>
          <FormItem label={t('cooperate.common.partner')}>
            <Dropdown
              className="p-inputtext-sm income-game"
              value={store.partner ?? ALL}
              options={[{ value: ALL, label: t('cooperate.common.allPartners') }, ...store.choices.map((c) => ({ value: c.id, label: c.name }))]}
              onChange={(e) => {
                store.setPartner(e.value === ALL ? null : (e.value as number));
                void store.load();
              }}
              filter={store.choices.length > 8}
              data-testid="reports-partner"
              data-user-data
              aria-label={t('cooperate.common.partner')}
            />
          </FormItem>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('cooperate.common.query')} onClick={() => void store.load()} data-testid="reports-run" />
            {canExport && <Button size="small" outlined icon="pi pi-download" label={t('cooperate.common.export')} loading={store.exporting} onClick={() => void store.export()} data-testid="reports-export" />}
          </div>
        </div>
        <div className="tracking-muted">{t('cooperate.common.note')}</div>
      </section>
      {store.state === 'failed' ? (
        <section className="tracking-card">
          <ResultState kind="error" text={t('cooperate.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="reports-error" />
        </section>
      ) : !result ? (
        <section className="tracking-card">
          <ResultState kind="loading" text={t('cooperate.common.loading')} testId="reports-loading" />
        </section>
      ) : result.partners.length === 0 ? (
        <section className="tracking-card">
          <ResultState kind="empty" text={t('cooperate.reports.empty')} testId="reports-empty" />
        </section>
      ) : (
        result.partners.map((p) => <PartnerCard key={p.partner} store={store} p={p} canWrite={canWrite} ended={store.month < thisMonth} onRate={() => setRating(p)} onLock={() => setLocking(p)} />)
      )}
      {rating && <RateDialog store={store} partner={rating} onClose={() => setRating(null)} />}
      <ConfirmDialog
        visible={locking !== null}
        onHide={() => setLocking(null)}
        header={t('cooperate.reports.lockTitle')}
        message={locking ? t('cooperate.reports.lockConfirm', { partner: locking.partner_name, month: store.month }) : ''}
        icon="pi pi-lock"
        acceptLabel={t('cooperate.reports.lock')}
        rejectLabel={t('cooperate.reports.rateCancel')}
        acceptClassName="p-button-warning"
        accept={() => {
          if (locking) void lock(locking);
        }}
        defaultFocus="reject"
        data-testid="lock-confirm"
      />
    </div>
  );
});

export default storePage(useCooperate, (cooperate) => <ReportsView cooperate={cooperate} />);
