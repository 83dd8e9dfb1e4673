import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect } from 'react';
import { formatInstant } from '../../../stores/format';
import { installSnippet, LIVE_LIMIT, LIVE_POLL_MS, type IntegrationStore, type LiveEventsStore } from '../stores/integration';
import { useTrackingTexts } from './locale';
import './tracking.css';

export interface IntegrationPanelProps {
  integration: IntegrationStore;
  live: LiveEventsStore;
  /** The platform's address the snippet names (the console's origin). */
  host: string;
  /** The Update button of the screen: regenerate the public key, edit the origins. */
  canUpdate: boolean;
  copy(text: string): void;
  confirm(text: string): Promise<boolean>;
  notify(text: string): void;
}

const STATUS_CLASS = { accepted: 'is-accepted', rejected: 'is-rejected', duplicate: 'is-duplicate' } as const;

function when(iso: string | null): string {
  return iso ? formatInstant(iso) : '-';
}

/** A rejection's reason in the console's language, by the server's code; the server's own text for a code this console does not know. */
export function liveReason(t: ReturnType<typeof useTrackingTexts>, entry: { reason: string | null; reason_code: string | null; reason_args: Record<string, string | number> }): string {
  if (!entry.reason_code) return entry.reason ?? '';
  return t(`tracking.integrate.reason.${entry.reason_code}`, { ...entry.reason_args, defaultValue: entry.reason ?? '' });
}

/**
 * The 接入 (integrate) panel of one tracking app: the install snippet with its public key and host,
 * the public key (copy, regenerate), the allowed origins (an editable list saved together), the
 * server-side order signing rule, and the live events arriving while it is open.
 */
export const IntegrationPanel = observer(function IntegrationPanel({ integration, live, host, canUpdate, copy, confirm, notify }: IntegrationPanelProps) {
  const t = useTrackingTexts();
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  const snippet = installSnippet(host, integration.publicKey);
  const counts = live.counts;

  const regenerate = async () => {
    if (!(await confirm(t('tracking.integrate.regenerateKeyConfirm', { name: integration.app.gameName })))) return;
    if (await integration.regenerateKey()) notify(t('tracking.integrate.keyRegenerated'));
  };
  const save = async () => {
    if (await integration.saveOrigins()) notify(t('tracking.integrate.originsSaved'));
  };

  return (
    <div className="tracking-integrate" data-testid="integrate-panel">
      <section>
        <div className="tracking-integrate-head">
          <h3 id="integrate-snippet">{t('tracking.integrate.snippet')}</h3>
          <Button size="small" outlined icon="pi pi-copy" label={t('tracking.integrate.copySnippet')} onClick={() => copy(snippet)} data-testid="copy-snippet" />
        </div>
        <p className="tracking-muted">{t('tracking.integrate.snippetHelp')}</p>
        <pre className="tracking-snippet" data-testid="integrate-snippet">
          <code>{snippet}</code>
        </pre>
      </section>

      <section>
        <h3 id="integrate-key">{t('tracking.integrate.publicKey')}</h3>
        <div className="tracking-credential-row">
          <code className="tracking-credential" data-testid="integrate-public-key">
            {integration.publicKey || t('tracking.integrate.noPublicKey')}
          </code>
          <Button size="small" outlined icon="pi pi-copy" label={t('tracking.integrate.copyPublicKey')} onClick={() => copy(integration.publicKey)} disabled={!integration.publicKey} data-testid="copy-public-key" />
          {canUpdate && (
            <Button size="small" outlined severity="warning" icon="pi pi-refresh" label={t('tracking.integrate.regenerateKey')} loading={integration.regenerating} onClick={() => void regenerate()} data-testid="regenerate-public-key" />
          )}
        </div>
        {integration.keyError && (
          <p className="tracking-error" role="alert" data-testid="integrate-key-error">
            {integration.keyError}
          </p>
        )}
      </section>

      <section>
        <h3 id="integrate-origins">{t('tracking.integrate.origins')}</h3>
        <p className="tracking-muted">{t('tracking.integrate.originsHelp')}</p>
        {integration.draft.length === 0 ? (
          <p className="tracking-muted" data-testid="integrate-no-origins">
            {t('tracking.integrate.noOrigins')}
          </p>
        ) : (
          <ul className="tracking-origins" data-testid="integrate-origins">
            {integration.draft.map((origin) => (
              <li key={origin}>
                <code>{origin}</code>
                {canUpdate && (
                  <Button
                    size="small"
                    text
                    severity="danger"
                    icon="pi pi-times"
                    aria-label={t('tracking.integrate.removeOrigin', { origin })}
                    onClick={() => integration.removeOrigin(origin)}
                    data-testid="remove-origin"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {canUpdate && (
          <form
            className="tracking-origin-form"
            onSubmit={(e) => {
              e.preventDefault();
              integration.addOrigin();
            }}
          >
            <InputText
              value={integration.input}
              onChange={(e) => integration.setInput(e.target.value)}
              placeholder={t('tracking.integrate.originPlaceholder')}
              aria-label={t('tracking.integrate.origins')}
              aria-invalid={integration.originError !== ''}
              data-testid="origin-input"
            />
            <Button type="submit" size="small" outlined icon="pi pi-plus" label={t('tracking.integrate.addOrigin')} data-testid="add-origin" />
            <Button type="button" size="small" icon="pi pi-check" label={t('tracking.integrate.saveOrigins')} disabled={!integration.dirty} loading={integration.saving} onClick={() => void save()} data-testid="save-origins" />
            {integration.dirty && <Button type="button" size="small" text label={t('tracking.integrate.revertOrigins')} onClick={integration.revert} data-testid="revert-origins" />}
          </form>
        )}
        {integration.originError && (
          <p className="tracking-error" role="alert" data-testid="origin-error">
            {integration.originError}
          </p>
        )}
      </section>

      <section>
        <h3 id="integrate-orders">{t('tracking.integrate.orders')}</h3>
        <p className="tracking-muted" data-testid="integrate-orders">
          {t('tracking.integrate.ordersHelp')}
        </p>
      </section>

      <section data-testid="integrate-live">
        <div className="tracking-integrate-head">
          <h3 id="integrate-live">{t('tracking.integrate.live')}</h3>
          <span className={`tracking-live-source ${live.source === 'socket' && live.pushed ? 'is-live' : ''}`} data-testid="live-source">
            {live.pushed ? t('tracking.integrate.liveSocket') : t('tracking.integrate.livePolling', { seconds: LIVE_POLL_MS / 1000 })}
          </span>
        </div>
        <p className="tracking-muted">
          {t('tracking.integrate.liveHelp', { limit: LIVE_LIMIT })} <span data-testid="live-counts">{t('tracking.integrate.counts', counts)}</span>
        </p>
        {live.error && (
          <p className="tracking-error" role="alert" data-testid="live-error">
            {t('tracking.integrate.liveFailed', { error: live.error })}
          </p>
        )}
        {live.state === 'loading' || live.state === 'idle' ? (
          <p className="tracking-muted" data-testid="live-loading">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('app.loading')}
          </p>
        ) : live.entries.length === 0 && live.state === 'ready' ? (
          <p className="tracking-muted" data-testid="live-empty">
            {t('tracking.integrate.liveEmpty')}
          </p>
        ) : (
          <div className="tracking-live-scroll" tabIndex={0} role="region" aria-labelledby="integrate-live">
            <table className="tracking-live" data-testid="live-table">
              <thead>
                <tr>
                  <th scope="col">{t('tracking.integrate.colReceived')}</th>
                  <th scope="col">{t('tracking.integrate.colEvent')}</th>
                  <th scope="col">{t('tracking.integrate.colPlayer')}</th>
                  <th scope="col">{t('tracking.integrate.colStatus')}</th>
                  <th scope="col">{t('tracking.integrate.colReason')}</th>
                </tr>
              </thead>
              <tbody>
                {live.entries.map((e, i) => (
                  <tr key={`${e.received}-${i}-${e.event ?? ''}`} data-testid="live-row" data-status={e.status}>
                    <td>{when(e.received)}</td>
                    <td>
                      <code>{e.event ?? t('tracking.integrate.batch')}</code>
                    </td>
                    <td className="tracking-live-player">{e.distinct_id ?? '-'}</td>
                    <td>
                      <span className={`tracking-live-status ${STATUS_CLASS[e.status]}`}>{t(`tracking.integrate.status.${e.status}`)}</span>
                    </td>
                    <td className="tracking-live-reason">{liveReason(t, e)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
});
