import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { isApiError } from '../../stores/errors';
import { INDEX_PATH, SYSTEM_NAME_KEY, VERSION } from '../../config';
import { TextInput } from '../../components/controls';
import { Logo } from '../../components/Logo';
import { useLoginStore } from '../../components/login-context';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { redirectTarget } from '../../components/routing';
import { takePrehydrationSubmit } from '../../components/prehydration';
import { LoginLinks } from './LoginLinks';
import { ChartLineIcon, ExclamationCircleIcon, EyeIcon, EyeSlashIcon, LockIcon, SpinnerIcon, TilesIcon, UserIcon, VerifiedIcon, WalletIcon } from './LoginIcons';
import './login.css';

type Field = 'username' | 'password' | 'captcha';

/**
 * Sign-in (spec §4): username, password and, when the server has it on, the captcha (click the image
 * for a new one). Required fields are checked here; the server's messages show as they come.
 *
 * The build prerenders this page into index.html (scripts/prerender.ts) and the browser hydrates it,
 * so the first render here must be the same whatever the server says later: the captcha row shows
 * while its state is unknown (a fresh back end has it on), the footer waits for the settings, and the
 * other ways to sign in sit under the card without moving it. The fields are uncontrolled: what a
 * person typed (or the browser filled in) before hydration stays theirs, and a submit pressed meanwhile
 * runs once it is hydrated. It reads its own store (useLoginStore), not the RootStore: the login route
 * loads without the rest of the console.
 */
function LoginPage() {
  const [login, state] = useLoginStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useRawSearch();
  useDocumentTitle('route.login');

  const [showPassword, setShowPassword] = useState(false);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [settingsSettled, setSettingsSettled] = useState(state.settings !== null);
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const captchaInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void login.initCaptcha();
    let live = true;
    login
      .loadSettings()
      .catch(() => undefined)
      .finally(() => live && setSettingsSettled(true));
    return () => {
      live = false;
    };
  }, [login]);

  // A submit pressed before hydration: send it now (unless React already delivered one itself,
  // hydrating on that very event). The fields are uncontrolled, so what was typed (or filled in by
  // the browser) before hydration is simply what they hold.
  useEffect(() => {
    if (takePrehydrationSubmit() && !submitted.current) form.current?.requestSubmit();
  }, []);

  /** Typing in a field marked as missing takes the mark away. */
  const edited = (field: Field) => setInvalid((marked) => (marked.includes(field) ? marked.filter((item) => item !== field) : marked));

  const captchaOn = state.captchaEnabled === true;
  // Unknown until the server tells: shown (with a spinner for the image), as a fresh back end has it on.
  const captchaShown = state.captchaEnabled !== false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const username = usernameInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    const captcha = captchaInput.current?.value ?? '';
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
      await login.login({
        username: username.trim(),
        password,
        captcha: captchaOn && state.captchaKey !== null ? { answer: captcha.trim(), key: state.captchaKey } : undefined,
      });
      navigate(redirectTarget(search, INDEX_PATH), { replace: true });
    } catch (error) {
      setMessages([isApiError(error) ? error.message : t('login.failed')]);
      if (captchaOn) {
        if (captchaInput.current) captchaInput.current.value = '';
        void login.reloadCaptcha();
      }
    }
  };

  const copyright = login.settingText('login.copyright');
  const record = login.settingText('login.keep_record');

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
              <span className="login-brand-icon">
                <ChartLineIcon />
              </span>
              {t('login.point1')}
            </li>
            <li>
              <span className="login-brand-icon">
                <WalletIcon />
              </span>
              {t('login.point2')}
            </li>
            <li>
              <span className="login-brand-icon">
                <TilesIcon />
              </span>
              {t('login.point3')}
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
                <ExclamationCircleIcon />
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
                <UserIcon />
                <TextInput
                  ref={usernameInput}
                  data-testid="login-username"
                  onChange={() => edited('username')}
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
                <LockIcon />
                <TextInput
                  ref={passwordInput}
                  data-testid="login-password"
                  type={showPassword ? 'text' : 'password'}
                  onChange={() => edited('password')}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                  invalid={invalid.includes('password')}
                />
                <button type="button" className="login-eye" onClick={() => setShowPassword((v) => !v)} aria-label={t('login.password')} tabIndex={-1}>
                  {showPassword ? <EyeSlashIcon /> : <EyeIcon />}
                </button>
              </span>
            </label>

            {captchaShown && (
              <div className={`login-field login-captcha-field${state.captchaEnabled === null ? ' is-unknown' : ''}`}>
                <label className="login-label" htmlFor="login-captcha">
                  {t('login.captcha')}
                </label>
                <div className="login-captcha-row">
                  <span className="login-input">
                    <VerifiedIcon />
                    <TextInput
                      ref={captchaInput}
                      id="login-captcha"
                      data-testid="login-captcha"
                      onChange={() => edited('captcha')}
                      placeholder={t('login.captchaPlaceholder')}
                      autoComplete="off"
                      invalid={invalid.includes('captcha')}
                    />
                  </span>
                  {state.captchaImage ? (
                    <img
                      className="login-captcha-image"
                      data-testid="login-captcha-image"
                      src={state.captchaImage}
                      alt={t('login.captchaImageAlt')}
                      title={t('login.captchaReload')}
                      onClick={() => void login.reloadCaptcha()}
                    />
                  ) : (
                    <button
                      type="button"
                      className="login-captcha-image is-placeholder"
                      data-testid="login-captcha-retry"
                      aria-label={state.captchaState === 'failed' ? undefined : t('login.captchaLoading')}
                      onClick={() => void login.reloadCaptcha()}
                    >
                      {state.captchaState === 'failed' ? t('login.captchaLoadFailed') : <SpinnerIcon />}
                    </button>
                  )}
                </div>
              </div>
            )}

            <SubmitButton label={t('login.submit')} busy={state.signingIn} />
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
}

/**
 * The 登录 button: ActionButton's markup and classes (the theme's p-button), with the busy spinner drawn
 * inline instead of the icon font's (see LoginIcons).
 */
function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button type="submit" data-testid="login-submit" disabled={busy} aria-busy={busy || undefined} className={`p-button p-component${busy ? ' p-button-loading p-disabled' : ''} login-submit`}>
      {busy && (
        <span className="p-button-icon p-button-icon-left" aria-hidden="true">
          <SpinnerIcon />
        </span>
      )}
      <span className="p-button-label">{label}</span>
    </button>
  );
}

export default LoginPage;
