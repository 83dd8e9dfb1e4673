import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INDEX_PATH, SYSTEM_NAME_KEY } from '../../config';
import { Logo } from '../../components/Logo';
import { useStore } from '../../components/store-context';
import { MessageBell } from '../../features/messages/components/MessageBell';
import { HeaderToolList } from '../header/HeaderToolList';
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
  const narrow = root.ui.narrow;
  const drawerOpen = root.ui.drawerOpen;
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsRef = useRef<HTMLDivElement>(null);
  const toolsButton = useRef<HTMLButtonElement>(null);
  // Folded tools (narrow viewport): Escape or a press outside closes them.
  useEffect(() => {
    if (!toolsOpen) return;
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setToolsOpen(false);
      toolsButton.current?.focus();
    };
    const down = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!toolsRef.current?.contains(target) && !toolsButton.current?.contains(target) && !(target instanceof Element && target.closest('.p-component-overlay, .p-overlaypanel, .p-menu, .p-dialog'))) setToolsOpen(false);
    };
    document.addEventListener('keydown', key);
    document.addEventListener('mousedown', down);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('mousedown', down);
    };
  }, [toolsOpen]);
  useEffect(() => {
    if (!narrow) setToolsOpen(false);
  }, [narrow]);
  const asideLabel = narrow ? t(drawerOpen ? 'header.closeMenu' : 'header.openMenu') : t(collapsed ? 'header.expandAside' : 'header.collapseAside');
  const asideIcon = narrow ? (drawerOpen ? 'pi-times' : 'pi-bars') : collapsed ? 'pi-angle-double-right' : 'pi-angle-double-left';
  return (
    <header className="console-header">
      <Link href={INDEX_PATH} className="console-brand" aria-label={t(SYSTEM_NAME_KEY)}>
        <Logo size={30} />
        {(!collapsed || narrow) && <span className="console-brand-name">{t(SYSTEM_NAME_KEY)}</span>}
      </Link>
      <button
        type="button"
        className="console-icon-button"
        data-testid="aside-toggle"
        onClick={() => (narrow ? root.ui.setDrawerOpen(!drawerOpen) : root.ui.toggleAside())}
        title={asideLabel}
        aria-label={asideLabel}
        {...(narrow ? { 'aria-expanded': drawerOpen, 'aria-controls': 'console-aside' } : {})}
      >
        <i className={`pi ${asideIcon}`} aria-hidden="true" />
      </button>
      <HeaderMenu />
      {narrow && (
        <button
          ref={toolsButton}
          type="button"
          className="console-icon-button console-tools-toggle"
          data-testid="header-tools-toggle"
          title={t('header.tools')}
          aria-label={t('header.tools')}
          aria-expanded={toolsOpen}
          aria-controls="console-header-tools"
          onClick={() => setToolsOpen(!toolsOpen)}
        >
          <i className="pi pi-sliders-h" aria-hidden="true" />
        </button>
      )}
      <div ref={toolsRef} id="console-header-tools" className={`header-tools${toolsOpen ? ' is-open' : ''}`} data-testid="header-tools">
        <SearchTrigger />
        <HeaderToolList />
      </div>
      <MessageBell />
      <UserMenu />
    </header>
  );
});
