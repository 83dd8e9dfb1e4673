import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import { Tag } from 'primereact/tag';
import { useAutomationTexts } from '../../../components/locale';
import { ListPager } from '../../../components/parts';
import { AnalysisTable, ResultState } from '../../../../../components/analytics/AnalysisParts';
import { formatRunDuration } from '../../../../../stores/format';
import type { PageCheckHistoryStore } from '../../../stores/page-check-history';

const ALL = 'all';

/**
 * 检查记录: one locator's past check results in a drawer — time, passed or not, the
 * found text/attribute or the reason, HTTP status, duration, the page — newest first, paged on the server,
 * filtered by outcome.
 */
export const HistoryDrawer = observer(function HistoryDrawer({ store }: { store: PageCheckHistoryStore }) {
  const t = useAutomationTexts();
  const target = store.target;
  const filter = store.passed === null ? ALL : String(store.passed);
  const outcomes = [
    { value: ALL, label: t('automation.common.all') },
    { value: 'true', label: t('automation.webElement.passed') },
    { value: 'false', label: t('automation.webElement.failed') },
  ];
  return (
    <Sidebar
      visible={target !== null}
      position="right"
      onHide={store.close}
      style={{ width: 'min(860px, 100vw)' }}
      // The content scrolls when it is long: focusable, so the keyboard scrolls it too (axe scrollable-region-focusable).
      pt={{ content: { tabIndex: 0 } }}
      header={target ? t('automation.webElement.historyTitle', { name: target.name }) : ''}
      data-testid="check-history"
    >
      <div className="automation-toolbar">
        <span id="check-history-outcome">{t('automation.webElement.historyOutcome')}</span>
        <SelectButton
          value={filter}
          options={outcomes}
          allowEmpty={false}
          aria-labelledby="check-history-outcome"
          onChange={(e) => void store.setPassed(e.value === ALL ? null : e.value === 'true')}
          data-testid="check-history-filter"
        />
        <span className="automation-spacer" />
        <Button size="small" outlined icon="pi pi-refresh" label={t('automation.common.refresh')} loading={store.state === 'loading'} onClick={() => void store.load()} data-testid="check-history-refresh" />
      </div>
      {store.state === 'failed' ? (
        <ResultState kind="error" text={t('automation.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="check-history-error" />
      ) : store.state !== 'ready' && store.rows.length === 0 ? (
        <ResultState kind="loading" text={t('automation.common.loading')} testId="check-history-loading" />
      ) : store.rows.length === 0 ? (
        <ResultState kind="empty" text={t(store.passed === null ? 'automation.webElement.historyEmpty' : 'automation.webElement.historyEmptyFiltered')} testId="check-history-empty" />
      ) : (
        <>
          <AnalysisTable label={t('automation.webElement.historyTitle', { name: target?.name ?? '' })} className="tracking-table automation-history" testId="check-history-table" busy={store.state === 'loading'}
            head={
              <>
                <th className="is-text">{t('automation.webElement.colChecked')}</th>
                <th className="is-text">{t('automation.webElement.colOutcome')}</th>
                <th className="is-text">{t('automation.webElement.actual')}</th>
                <th className="is-number">HTTP</th>
                <th className="is-number">{t('automation.webElement.colDuration')}</th>
                <th className="is-text">{t('automation.webElement.url')}</th>
              </>
            }
          >
            {store.rows.map((r, i) => (
              <tr key={r.id} className={i % 2 ? 'p-row-odd' : undefined} data-testid={`check-result-${r.id}`} data-passed={String(r.passed)}>
                <td className="is-text automation-nowrap">{r.checked_at}</td>
                <td className="is-text">
                  <Tag severity={r.passed ? 'success' : 'danger'} value={t(r.passed ? 'automation.webElement.passed' : 'automation.webElement.failed')} />
                </td>
                <td className="is-text">
                  <div className={`automation-result${r.passed ? '' : ' is-error'}`} data-user-data>
                    {r.passed ? (r.actual ?? '') : (r.message ?? r.actual ?? '')}
                    {!r.passed && r.actual && r.message ? <div className="tracking-muted">{t('automation.webElement.found', { value: r.actual })}</div> : null}
                  </div>
                </td>
                <td className="is-number">{r.http_status ?? '-'}</td>
                <td className="is-number automation-nowrap">{formatRunDuration(r.duration_ms)}</td>
                <td className="is-text">
                  <span className="automation-url" data-user-data>
                    {r.url}
                  </span>
                </td>
              </tr>
            ))}
          </AnalysisTable>
          <ListPager store={store} testId="check-history-pager" />
        </>
      )}
    </Sidebar>
  );
});
