import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { useAdvertisingTexts } from '../../../components/locale';
import { saveFile } from '../../../../../components/crud/download';
import { usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { ResultState, TableScroll } from '../../../../../components/analytics/AnalysisParts';
import { yuanToFen, type AdvertisingStore, type SpendStore } from '../../../stores/advertising';
import { formatMoney } from '../../../../../stores/format/money';

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** 每日花费 of one campaign: the days entered, one day entered or changed (Update), an xlsx sheet imported. */
export const SpendDialog = observer(function SpendDialog({ ads, campaign, name, onHide }: { ads: AdvertisingStore; campaign: number; name: string; onHide(): void }) {
  const t = useAdvertisingTexts();
  const root = useStore();
  const can = usePermission();
  const [store] = useState<SpendStore>(() => ads.spend(campaign));
  const [day, setDay] = useState<Date | null>(() => root.analyticsToday());
  const [amount, setAmount] = useState('');
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const fen = yuanToFen(amount);
  const editable = can('Update');

  const save = async () => {
    if (!day || fen === null) return;
    if (await store.saveDay(ymd(day), fen)) {
      root.notify({ severity: 'success', text: t('ads.spend.saved', { day: ymd(day) }) });
      setAmount('');
    }
  };
  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (await store.importSheet(chosen, chosen.name)) root.notify({ severity: 'success', text: t('ads.spend.imported') });
    if (file.current) file.current.value = '';
  };

  return (
    <Dialog header={t('ads.spend.title', { name })} visible onHide={onHide} style={{ width: 'min(640px, 96vw)' }} data-testid="spend-dialog">
      {editable && (
        <>
          <div className="ads-spend-form">
            <label>
              {t('ads.spend.day')}
              <Calendar value={day} onChange={(e) => setDay(e.value instanceof Date ? e.value : null)} dateFormat="yy-mm-dd" inputClassName="p-inputtext-sm" data-testid="spend-day" aria-label={t('ads.spend.day')} />
            </label>
            <label>
              {t('ads.spend.amount')}
              <InputText className={`p-inputtext-sm${amount && fen === null ? ' p-invalid' : ''}`} value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} data-testid="spend-amount" aria-label={t('ads.spend.amount')} />
            </label>
            <Button size="small" icon="pi pi-save" label={t('ads.spend.save')} disabled={!day || fen === null || store.saving} onClick={() => void save()} data-testid="spend-save" />
            <Button size="small" outlined icon="pi pi-upload" label={t('ads.spend.import')} disabled={store.saving} onClick={() => file.current?.click()} data-testid="spend-import" />
            <Button
              size="small"
              text
              icon="pi pi-download"
              label={t('ads.spend.template')}
              onClick={() =>
                void store.template().then((f) => {
                  if (f) saveFile(f);
                })
              }
              data-testid="spend-template"
            />
            <input ref={file} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden onChange={(e) => void upload(e.target.files?.[0])} data-testid="spend-file" />
          </div>
          {amount && fen === null && <small className="p-error">{t('ads.campaign.rule.yuan')}</small>}
          <p className="tracking-muted">{t('ads.spend.hint')}</p>
        </>
      )}
      {store.state === 'failed' ? (
        <ResultState kind="error" text={t('ads.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="spend-error" />
      ) : !store.result ? (
        <ResultState kind="loading" text={t('ads.common.loading')} testId="spend-loading" />
      ) : store.result.days.length === 0 ? (
        <ResultState kind="empty" text={t('ads.spend.empty')} testId="spend-empty" />
      ) : (
        <>
          <div className="tracking-muted" data-testid="spend-total">
            {t('ads.spend.total', { total: formatMoney(store.result.total) })}
          </div>
          <TableScroll label={t('ads.spend.tableLabel')}>
            <div className="ads-spend-table">
              <table className="tracking-table income-table" data-testid="spend-table">
                <thead>
                  <tr>
                    <th className="is-text">{t('ads.spend.day')}</th>
                    <th className="is-number">{t('ads.campaign.spend')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...store.result.days].reverse().map((d) => (
                    <tr key={d.day}>
                      <td className="is-text">{d.day}</td>
                      <td className="is-number">{formatMoney(d.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </TableScroll>
        </>
      )}
    </Dialog>
  );
});
