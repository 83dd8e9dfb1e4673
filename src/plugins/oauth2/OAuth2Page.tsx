import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { LoginResult, OAuth2Config } from '../../../contracts/schemas';
import { browserOAuth2State, newOAuth2State, type OAuth2StateStore } from '../../adapters/oauth2/state';
import { INDEX_PATH, LOGIN_PATH, OAUTH2_PATH, SYSTEM_NAME_KEY } from '../../config';
import { useStore } from '../../components/store-context';
import { authorizationUrl, safeRedirect } from './flow';
import './oauth2.css';

type Phase = { kind: 'loading' } | { kind: 'ready'; config: Extract<OAuth2Config, { enabled: true }> } | { kind: 'off' } | { kind: 'exchanging' } | { kind: 'failed'; message: string };

export interface OAuth2PageProps {
  /** Where the state is kept across the provider round trip (sessionStorage by default). */
  stateStore?: OAuth2StateStore;
  /** Leaves for the provider (window.location.assign by default). */
  leave?: (url: string) => void;
  /** This console's origin for the redirect URI (window.location.origin by default). */
  origin?: string;
}

/**
 * /oauth2 (route names oauth2 and login): without a code it offers sign-in with the configured
 * provider and sends the person there with a fresh state; back with code and state it checks the
 * state, lets the server exchange the code, stores the session and goes on to the redirect target.
 */
const OAuth2Page = observer(function OAuth2Page({ stateStore, leave, origin }: OAuth2PageProps) {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const store = useMemo(() => stateStore ?? browserOAuth2State(window), [stateStore]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const started = useRef(false);
  const redirectUri = `${origin ?? window.location.origin}${OAUTH2_PATH}`;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = query.get('code');
    const providerError = query.get('error');
    void (async () => {
      if (providerError) {
        setPhase({ kind: 'failed', message: t('oauth2.failed', { reason: providerError }) });
        return;
      }
      if (code) {
        const pending = store.take();
        if (!pending || pending.state !== query.get('state')) {
          setPhase({ kind: 'failed', message: t('oauth2.stateMismatch') });
          return;
        }
        setPhase({ kind: 'exchanging' });
        try {
          const session = (await root.api.action('/api/oauth2/', 'login/', { method: 'POST', body: { code, redirectUri } })) as LoginResult;
          await root.adoptSession({ userId: session.userId, access: session.access, refresh: session.refresh });
          navigate(safeRedirect(pending.redirect, INDEX_PATH), { replace: true });
        } catch (error) {
          setPhase({ kind: 'failed', message: t('oauth2.failed', { reason: error instanceof Error ? error.message : String(error) }) });
        }
        return;
      }
      try {
        const config = (await root.api.action('/api/oauth2/', 'config/', { method: 'GET', quiet: true, signedOut: true })) as OAuth2Config;
        setPhase(config.enabled ? { kind: 'ready', config } : { kind: 'off' });
      } catch {
        setPhase({ kind: 'off' });
      }
    })();
  }, [query, store, root, navigate, redirectUri, t]);

  const start = () => {
    if (phase.kind !== 'ready') return;
    const state = newOAuth2State();
    store.save({ state, redirect: safeRedirect(query.get('redirect'), INDEX_PATH) });
    (leave ?? ((url: string) => window.location.assign(url)))(authorizationUrl(phase.config, redirectUri, state));
  };

  return (
    <main className="oauth2-page" data-testid="oauth2-page">
      <section className="oauth2-card">
        <h1>{t(SYSTEM_NAME_KEY)}</h1>
        <h2>{t('oauth2.title')}</h2>
        {phase.kind === 'loading' && <p className="oauth2-note">{t('app.loading')}</p>}
        {phase.kind === 'exchanging' && <p className="oauth2-note" data-testid="oauth2-exchanging">{t('oauth2.exchanging')}</p>}
        {phase.kind === 'off' && <p className="oauth2-note" data-testid="oauth2-off">{t('oauth2.notConfigured')}</p>}
        {phase.kind === 'failed' && (
          <p className="oauth2-error" role="alert" data-testid="oauth2-error">
            {phase.message}
          </p>
        )}
        {phase.kind === 'ready' && (
          <button type="button" className="p-button p-component oauth2-start" data-testid="oauth2-start" onClick={start}>
            <span className="p-button-icon p-button-icon-left pi pi-sign-in" aria-hidden="true" />
            <span className="p-button-label">{t('oauth2.signIn', { provider: phase.config.provider })}</span>
          </button>
        )}
        <a className="oauth2-back" href={LOGIN_PATH} onClick={(event) => { event.preventDefault(); navigate(LOGIN_PATH); }}>
          {t('oauth2.backToLogin')}
        </a>
      </section>
    </main>
  );
});

export default OAuth2Page;
