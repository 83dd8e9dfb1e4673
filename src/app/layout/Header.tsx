import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH, SYSTEM_NAME_KEY } from '../../config';
import { Logo } from '../../components/Logo';
import { useStore } from '../../components/store-context';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** The top bar: logo and system name, the aside toggle, language and the user dropdown. */
export const Header = observer(function Header() {
  const root = useStore();
  const { t } = useTranslation();
  const collapsed = root.ui.asideCollapsed;
  return (
    <header className="console-header">
      <Link href={INDEX_PATH} className="console-brand" aria-label={t(SYSTEM_NAME_KEY)}>
        <Logo size={30} />
        {!collapsed && <span className="console-brand-name">{t(SYSTEM_NAME_KEY)}</span>}
      </Link>
      <button
        type="button"
        className="console-icon-button"
        onClick={root.ui.toggleAside}
        title={t(collapsed ? 'header.expandAside' : 'header.collapseAside')}
        aria-label={t(collapsed ? 'header.expandAside' : 'header.collapseAside')}
      >
        <i className={`pi ${collapsed ? 'pi-angle-double-right' : 'pi-angle-double-left'}`} aria-hidden="true" />
      </button>
      <div className="console-header-spacer" />
      <LanguageSwitch />
      <UserMenu />
    </header>
  );
});
