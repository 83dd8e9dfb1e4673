import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH, SYSTEM_NAME_KEY } from '../../config';
import { Logo } from '../../components/Logo';
import { useStore } from '../../components/store-context';
import { MessageBell } from '../header/MessageBell';
import { ColorPicker } from '../header/ColorPicker';
import { Fullscreen } from '../header/Fullscreen';
import { LanguageMenu } from '../header/LanguageMenu';
import { LayoutSettings } from '../header/LayoutSettings';
import { LogIndicator } from '../header/LogIndicator';
import { SizeMenu } from '../header/SizeMenu';
import { ThemeButton } from '../header/ThemeButton';
import { UserMenu } from '../header/UserMenu';
import { HeaderMenu } from '../menu/HeaderMenu';
import { SearchTrigger } from '../search/SearchPanel';
import '../header/header.css';

/**
 * The top bar (spec §2.4): logo and system name, the aside toggle, then the header tools — log
 * indicator, fullscreen, theme, size, colour, layout, language — and the user dropdown.
 * It ships with the lazy layout chunk, never with the login page.
 */
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
      <HeaderMenu />
      <div className="header-tools">
        <SearchTrigger />
        <LogIndicator />
        <Fullscreen />
        <ThemeButton />
        <SizeMenu />
        <ColorPicker />
        <LayoutSettings />
        <LanguageMenu />
      </div>
      <MessageBell />
      <UserMenu />
    </header>
  );
});
