import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { useLoginStore } from '../../components/login-context';
import { usePlugins } from '../../plugins/context';
import type { LoginLink } from '../../plugins/types';
import { LoginLinkIcon } from './LoginIcons';

/**
 * The plugins' other ways to sign in (e.g. 第三方登录 → /oauth2), under the login form. Each link asks
 * once whether it is available on this back end; the login page's redirect query travels along.
 */
export function LoginLinks() {
  const { loginLinks } = usePlugins();
  const [login] = useLoginStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useRawSearch();
  const [shown, setShown] = useState<readonly LoginLink[]>([]);

  useEffect(() => {
    let live = true;
    const check = async (link: LoginLink) => {
      try {
        return !link.available || (await link.available(login)) ? link : null;
      } catch {
        return null;
      }
    };
    void Promise.all(loginLinks.map(check)).then((links) => {
      if (live) setShown(links.filter((link): link is LoginLink => link !== null));
    });
    return () => {
      live = false;
    };
  }, [loginLinks, login]);

  if (shown.length === 0) return null;
  const target = (path: string) => (search ? `${path}?${search}` : path);
  return (
    <nav className="login-links" aria-label={t('login.otherWays')} data-testid="login-links">
      <span className="login-links-title">{t('login.otherWays')}</span>
      {shown.map((link) => (
        <a
          key={link.path}
          href={target(link.path)}
          className="login-link"
          data-testid="login-link"
          onClick={(event) => {
            event.preventDefault();
            navigate(target(link.path));
          }}
        >
          <LoginLinkIcon icon={link.icon} />
          <span>{t(link.labelKey)}</span>
        </a>
      ))}
    </nav>
  );
}
