import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { LOGIN_PATH, OAUTH2_PATH, SYSTEM_NAME_KEY } from '../../config';
import { useStore } from '../../components/store-context';
import type { OAuth2Phase } from '../../stores/oauth2';
import './oauth2.css';

export interface OAuth2PageProps {
  /** Leaves for the provider (window.location.assign by default). */
  leave?: (url: string) => void;
  /** This console's origin for the redirect URI (window.location.origin by default). */
  origin?: string;
}

/**
 * /oauth2 (route names oauth2 and login): without a code it offers sign-in with the configured
 * provider and sends the person there with a fresh state; back with code and state, the flow store
 * checks the state, lets the server exchange the code and signs in, and the page goes on to the
 * redirect target.
 */
const OAuth2Page = observer(function OAuth2Page({ leave, origin }: OAuth2PageProps) {
  const root = useStore();
  const flow = root.oauth2;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useRawSearch();
  const started = useRef(false);
  const redirectUri = `${origin ?? window.location.origin}${OAUTH2_PATH}`;
  const phase = flow.phase;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(search);
    void flow.open({ code: query.get('code'), state: query.get('state'), error: query.get('error'), redirect: query.get('redirect') }, redirectUri);
  }, [flow, search, redirectUri]);

  useEffect(() => {
    if (phase.kind === 'done') navigate(phase.redirect, { replace: true });
  }, [phase, navigate]);

  const start = () => {
    const url = flow.begin(new URLSearchParams(search).get('redirect'), redirectUri);
    if (url) (leave ?? ((to: string) => window.location.assign(to)))(url);
  };

  return (
    <main className="oauth2-page" data-testid="oauth2-page">
      <section className="oauth2-card">
        <h1>{t(SYSTEM_NAME_KEY)}</h1>
        <h2>{t('oauth2.title')}</h2>
        {(phase.kind === 'loading' || phase.kind === 'done') && <p className="oauth2-note">{t('app.loading')}</p>}
        {phase.kind === 'exchanging' && <p className="oauth2-note" data-testid="oauth2-exchanging">{t('oauth2.exchanging')}</p>}
        {phase.kind === 'off' && <p className="oauth2-note" data-testid="oauth2-off">{t('oauth2.notConfigured')}</p>}
        {phase.kind === 'failed' && (
          <p className="oauth2-error" role="alert" data-testid="oauth2-error">
            {failureText(phase, t)}
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

function failureText(phase: Extract<OAuth2Phase, { kind: 'failed' }>, t: (key: string, params?: Record<string, string>) => string): string {
  return phase.cause === 'state' ? t('oauth2.stateMismatch') : t('oauth2.failed', { reason: phase.detail });
}

export default OAuth2Page;
