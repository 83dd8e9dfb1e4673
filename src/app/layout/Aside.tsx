import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../components/useRawSearch';
import { useStore } from '../../components/store-context';
import { SideMenu } from '../menu/SideMenu';
import { useMenuClick } from '../menu/useMenuClick';

/**
 * The aside: the side menu of the current section (spec §2.4), 200px or collapsed to 65px. On a narrow
 * viewport it is a drawer over the page (never collapsed): the header's menu button opens it, the
 * focus moves into it, and Escape, the backdrop or a chosen page close it.
 */
export const Aside = observer(function Aside() {
  const root = useStore();
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const drawer = root.ui.narrow;
  const open = drawer && root.ui.drawerOpen;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current;
    box?.querySelector<HTMLElement>('a, button')?.focus();
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') root.ui.setDrawerOpen(false);
    };
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('keydown', key);
      if (opener?.isConnected && (document.activeElement === document.body || box?.contains(document.activeElement))) opener.focus();
    };
  }, [open, root]);
  const [path] = useLocation();
  const search = useRawSearch();
  const click = useMenuClick();
  const collapsed = root.ui.asideCollapsed && !drawer;
  const fullPath = search ? `${path}?${search}` : path;
  return (
    <aside
      ref={ref}
      id="console-aside"
      className={`console-aside${collapsed ? ' is-collapsed' : ''}${drawer ? ' is-drawer' : ''}${open ? ' is-open' : ''}`}
      data-testid="aside"
      aria-label={t('header.sideMenu')}
      // A closed drawer is out of sight and out of the Tab order.
      inert={drawer && !open}
    >
      <SideMenu entries={root.menu.asideEntries(path)} collapsed={collapsed} activePath={fullPath} onSelect={click} />
    </aside>
  );
});
