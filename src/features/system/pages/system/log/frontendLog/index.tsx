import { observer } from 'mobx-react-lite';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../../../../components/store-context';
import type { LogEntry, LogTypeFilter } from '../../../../../../stores/log';
import './frontend-log.css';

const FILTERS: readonly LogTypeFilter[] = ['all', 'info', 'danger'];

/** The front-end log (menu component system/log/frontendLog): lists, filters, shows details, clears. */
const FrontendLogPage = observer(function FrontendLogPage() {
  const root = useStore();
  const { t } = useTranslation();
  const [type, setType] = useState<LogTypeFilter>('all');
  const [text, setText] = useState('');
  const [detail, setDetail] = useState<LogEntry | null>(null);
  const rows = root.log.filtered(type, text);
  const typeLabel = (value: LogTypeFilter) =>
    t(value === 'all' ? 'frontendLog.filterAll' : value === 'info' ? 'frontendLog.typeInfo' : 'frontendLog.typeDanger');

  const clear = () => {
    root.log.clear();
    setDetail(null);
    root.notify({ severity: 'success', text: t('frontendLog.cleared'), life: 3000 });
  };

  return (
    <section className="frontend-log console-panel" data-testid="frontend-log">
      <header className="frontend-log-bar">
        <h1>{t('frontendLog.title')}</h1>
        <label className="frontend-log-field">
          <span>{t('frontendLog.filterType')}</span>
          <select className="p-inputtext p-component" value={type} data-testid="frontend-log-type" onChange={(event) => setType(event.target.value as LogTypeFilter)}>
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {typeLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <input
          className="p-inputtext p-component"
          placeholder={t('frontendLog.filterText')}
          aria-label={t('frontendLog.filterText')}
          value={text}
          data-testid="frontend-log-search"
          onChange={(event) => setText(event.target.value)}
        />
        <span className="frontend-log-count">{t('frontendLog.count', { count: rows.length })}</span>
        <button type="button" className="p-button p-component p-button-danger p-button-outlined" data-testid="frontend-log-clear" disabled={root.log.entries.length === 0} onClick={clear}>
          <span className="p-button-icon p-button-icon-left pi pi-trash" aria-hidden="true" />
          <span className="p-button-label">{t('frontendLog.clear')}</span>
        </button>
      </header>
      {rows.length === 0 ? (
        <p className="frontend-log-empty" data-testid="frontend-log-empty">
          {t('frontendLog.empty')}
        </p>
      ) : (
        <table className="frontend-log-table">
          <thead>
            <tr>
              <th>{t('frontendLog.time')}</th>
              <th>{t('frontendLog.type')}</th>
              <th>{t('frontendLog.message')}</th>
              <th>{t('frontendLog.url')}</th>
              <th>{t('frontendLog.user')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((entry, index) => (
              <tr key={`${rows.length - index}-${entry.time}`} data-testid="frontend-log-row" data-type={entry.type}>
                <td className="is-nowrap">{entry.time}</td>
                <td>
                  <span className={`frontend-log-tag is-${entry.type}`}>{typeLabel(entry.type)}</span>
                </td>
                <td className="frontend-log-message">{entry.message}</td>
                <td className="frontend-log-url">{entry.meta.url}</td>
                <td>{entry.meta.user || t('app.unavailable')}</td>
                <td>
                  <button type="button" className="p-button p-component p-button-text p-button-sm" data-testid="frontend-log-details" onClick={() => setDetail(entry)}>
                    <span className="p-button-label">{t('frontendLog.details')}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog visible={detail !== null} onHide={() => setDetail(null)} header={t('frontendLog.detailsTitle')} style={{ width: '560px' }} dismissableMask draggable={false}>
        {detail && (
          <dl className="frontend-log-detail" data-testid="frontend-log-detail">
            <dt>{t('frontendLog.time')}</dt>
            <dd>{detail.time}</dd>
            <dt>{t('frontendLog.type')}</dt>
            <dd>{detail.type}</dd>
            <dt>{t('frontendLog.message')}</dt>
            <dd>{detail.message}</dd>
            <dt>{t('frontendLog.url')}</dt>
            <dd>{detail.meta.url}</dd>
            <dt>{t('frontendLog.user')}</dt>
            <dd>{detail.meta.user || t('app.unavailable')}</dd>
            <dt>{t('frontendLog.uuid')}</dt>
            <dd>{detail.meta.uuid || t('app.unavailable')}</dd>
            <dt>{t('frontendLog.token')}</dt>
            <dd className="frontend-log-token">{detail.meta.token || t('app.unavailable')}</dd>
          </dl>
        )}
      </Dialog>
    </section>
  );
});

export default FrontendLogPage;
