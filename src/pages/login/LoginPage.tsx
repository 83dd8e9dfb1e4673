import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { isApiError } from '../../stores/errors';
import { INDEX_PATH, SYSTEM_NAME_KEY, VERSION } from '../../config';
import { ActionButton, TextInput } from '../../components/controls';
import { Logo } from '../../components/Logo';
import { useStore } from '../../components/store-context';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { redirectTarget } from '../../components/routing';
import { takePrehydrationSubmit } from '../../components/prehydration';
import { LoginLinks } from './LoginLinks';
import './login.css';

type Field = 'username' | 'password' | 'captcha';

/**
 * Sign-in (spec §4): username, password and, when the server has it on, the captcha (click the image
 * for a new one). Required fields are checked here; the server's messages show as they come.
 *
 * The build prerenders this page into index.html (scripts/prerender.ts) and the browser hydrates it,
 * so the first render here must be the same whatever the server says later: the captcha row shows
 * while its state is unknown (a fresh back end has it on), the footer waits for the settings, and the
 * other ways to sign in sit under the card without moving it. What a person typed (or the browser
 * filled in) before hydration is taken over, and a submit pressed meanwhile runs once it is hydrated.
 */
const LoginPage = observer(function LoginPage() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useRawSearch();
  useDocumentTitle('route.login');

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [settingsSettled, setSettingsSettled] = useState(root.settings.loaded);
  const [replaySubmit, setReplaySubmit] = useState(false);
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const captchaInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void root.captcha.init();
    let live = true;
    root.settings
      .load()
      .catch(() => undefined)
      .finally(() => live && setSettingsSettled(true));
    return () => {
      live = false;
    };
  }, [root]);

  // Hydration keeps what the fields hold but not the state: take over what was typed before it.
  useLayoutEffect(() => {
    const typed = (input: HTMLInputElement | null, set: (value: string) => void) => {
      if (input?.value) set(input.value);
    };
    typed(usernameInput.current, setUsername);
    typed(passwordInput.current, setPassword);
    typed(captchaInput.current, setCaptcha);
    if (takePrehydrationSubmit()) setReplaySubmit(true);
  }, []);

  // A submit pressed before hydration: now that the typed values are state, send it (unless React
  // already delivered one itself, hydrating on that very event).
  useEffect(() => {
    if (!replaySubmit) return;
    setReplaySubmit(false);
    if (!submitted.current) form.current?.requestSubmit();
  }, [replaySubmit]);

  const captchaOn = root.captcha.enabled === true;
  // Unknown until the server tells: shown (with a spinner for the image), as a fresh back end has it on.
  const captchaShown = root.captcha.enabled !== false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const missing: Field[] = [];
    if (!username.trim()) missing.push('username');
    if (!password) missing.push('password');
    if (captchaOn && !captcha.trim()) missing.push('captcha');
    setInvalid(missing);
    if (missing.length) {
      const keys: Record<Field, string> = { username: 'login.requiredUsername', password: 'login.requiredPassword', captcha: 'login.requiredCaptcha' };
      setMessages(missing.map((field) => t(keys[field])));
      return;
    }
    setMessages([]);
    try {
      await root.login({
        username: username.trim(),
        password,
        captcha: captchaOn && root.captcha.key !== null ? { answer: captcha.trim(), key: root.captcha.key } : undefined,
      });
      navigate(redirectTarget(search, INDEX_PATH), { replace: true });
    } catch (error) {
      setMessages([isApiError(error) ? error.message : t('login.failed')]);
      if (captchaOn) {
        setCaptcha('');
        void root.captcha.reload();
      }
    }
  };

  const copyright = root.settings.text('login.copyright');
  const record = root.settings.text('login.keep_record');

  return (
    <div className="login-page">
      <section className="login-brand" aria-hidden="true">
        <div className="login-brand-shapes">
          <span />
          <span />
          <span />
        </div>
        <div className="login-brand-content">
          <div className="login-brand-logo">
            <Logo size={44} />
            <span>{t(SYSTEM_NAME_KEY)}</span>
          </div>
          <h2>{t('login.brandTitle')}</h2>
          <p>{t('login.brandText')}</p>
          <ul className="login-brand-points">
            <li>
              <i className="pi pi-chart-line" /> {t('login.point1')}
            </li>
            <li>
              <i className="pi pi-wallet" /> {t('login.point2')}
            </li>
            <li>
              <i className="pi pi-th-large" /> {t('login.point3')}
            </li>
          </ul>
        </div>
      </section>

      <section className="login-panel">
        <div className="login-main">
          <form ref={form} className="login-card" data-testid="login-form" onSubmit={(event) => void submit(event)} noValidate>
            <div className="login-card-head">
              <Logo size={40} />
              <div>
                <h1>{t('login.welcome')}</h1>
                <p>{t('login.subtitle')}</p>
              </div>
            </div>

            {messages.length > 0 && (
              <div className="login-error" data-testid="login-error" role="alert">
                <i className="pi pi-exclamation-circle" aria-hidden="true" />
                <div>
                  {messages.map((message) => (
                    <div key={message}>{message}</div>
                  ))}
                </div>
              </div>
            )}

            <label className="login-field">
              <span className="login-label">{t('login.username')}</span>
              <span className="login-input">
                <i className="pi pi-user" aria-hidden="true" />
                <TextInput
                  ref={usernameInput}
                  data-testid="login-username"
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  placeholder={t('login.usernamePlaceholder')}
                  autoComplete="username"
                  invalid={invalid.includes('username')}
                  autoFocus
                />
              </span>
            </label>

            <label className="login-field">
              <span className="login-label">{t('login.password')}</span>
              <span className="login-input">
                <i className="pi pi-lock" aria-hidden="true" />
                <TextInput
                  ref={passwordInput}
                  data-testid="login-password"
                  type={showPassword ? 'text' : 'password'}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                  invalid={invalid.includes('password')}
                />
                <button type="button" className="login-eye" onClick={() => setShowPassword((v) => !v)} aria-label={t('login.password')} tabIndex={-1}>
                  <i className={`pi ${showPassword ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
                </button>
              </span>
            </label>

            {captchaShown && (
              <div className={`login-field login-captcha-field${root.captcha.enabled === null ? ' is-unknown' : ''}`}>
                <label className="login-label" htmlFor="login-captcha">
                  {t('login.captcha')}
                </label>
                <div className="login-captcha-row">
                  <span className="login-input">
                    <i className="pi pi-verified" aria-hidden="true" />
                    <TextInput
                      ref={captchaInput}
                      id="login-captcha"
                      data-testid="login-captcha"
                      value={captcha}
                      onChange={(event) => setCaptcha(event.target.value)}
                      placeholder={t('login.captchaPlaceholder')}
                      autoComplete="off"
                      invalid={invalid.includes('captcha')}
                    />
                  </span>
                  {root.captcha.image ? (
                    <img
                      className="login-captcha-image"
                      data-testid="login-captcha-image"
                      src={root.captcha.image}
                      alt={t('login.captchaImageAlt')}
                      title={t('login.captchaReload')}
                      onClick={() => void root.captcha.reload()}
                    />
                  ) : (
                    <button
                      type="button"
                      className="login-captcha-image is-placeholder"
                      data-testid="login-captcha-retry"
                      aria-label={root.captcha.state === 'failed' ? undefined : t('login.captchaLoading')}
                      onClick={() => void root.captcha.reload()}
                    >
                      {root.captcha.state === 'failed' ? t('login.captchaLoadFailed') : <i className="pi pi-spin pi-spinner" aria-hidden="true" />}
                    </button>
                  )}
                </div>
              </div>
            )}

            <ActionButton type="submit" data-testid="login-submit" className="login-submit" label={t('login.submit')} loading={root.session.signingIn} />
          </form>

          <LoginLinks />
        </div>

        <footer className={`login-footer${settingsSettled ? '' : ' is-pending'}`}>
          {/* The site's own copyright and licence lines (system settings): shown as the staff wrote them. */}
          {copyright && <span data-user-data>{copyright}</span>}
          {record && <span data-user-data>{record}</span>}
          <span>v{VERSION}</span>
        </footer>
      </section>
    </div>
  );
});

export default LoginPage;
