import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDEX_PATH } from '../../config';
import { menuIconClass } from '../../components/menu-icon';
import type { MenuEntry } from '../../stores/menu';

export interface SideMenuProps {
  entries: readonly MenuEntry[];
  collapsed: boolean;
  /** The current full path (path + query): the entry with exactly this path is highlighted. */
  activePath: string;
  onSelect(path: string): void;
}

/** Ids from the top down to the entry whose path is `path` (empty when none). */
export function ancestorsOf(entries: readonly MenuEntry[], path: string): number[] {
  for (const entry of entries) {
    if (entry.path === path) return [entry.id];
    const below = ancestorsOf(entry.children, path);
    if (below.length > 0) return [entry.id, ...below];
  }
  return [];
}

/**
 * The side menu (spec §2.4): the fixed home link (→ /index), then the entries of the current section
 * with one submenu open at a time per level, the current full path highlighted; 没有侧栏菜单 when
 * there are no entries and the menu is not collapsed. Collapsed, it shows icons and opens a submenu
 * as a flyout.
 */
export function SideMenu({ entries, collapsed, activePath, onSelect }: SideMenuProps) {
  const { t } = useTranslation();
  /** The open submenu chain: open[d] is the id of the open submenu at depth d. */
  const [open, setOpen] = useState<number[]>(() => ancestorsOf(entries, activePath).slice(0, -1));
  const chainKey = ancestorsOf(entries, activePath).slice(0, -1).join(',');
  // Follow the route and the collapse (React's "adjust state while rendering" pattern, no effect).
  const [seen, setSeen] = useState({ chainKey, collapsed });
  if (seen.chainKey !== chainKey || seen.collapsed !== collapsed) {
    setSeen({ chainKey, collapsed });
    if (collapsed && !seen.collapsed) setOpen([]);
    else if (chainKey && seen.chainKey !== chainKey) setOpen(chainKey.split(',').map(Number));
  }

  const toggle = (depth: number, id: number) => setOpen((chain) => (chain[depth] === id ? chain.slice(0, depth) : [...chain.slice(0, depth), id]));

  const renderEntries = (list: readonly MenuEntry[], depth: number) =>
    list.map((entry) => {
      const hasChildren = entry.children.length > 0;
      const isOpen = open[depth] === entry.id;
      const active = entry.path === activePath;
      const label = !collapsed || depth > 0;
      return (
        <li key={entry.id} className={`console-menu-node${isOpen ? ' is-open' : ''}`}>
          <button
            type="button"
            className={`console-menu-item depth-${Math.min(depth, 3)}${active ? ' is-active' : ''}`}
            title={entry.title}
            aria-expanded={hasChildren ? isOpen : undefined}
            aria-current={active ? 'page' : undefined}
            data-testid="aside-entry"
            onClick={() => (hasChildren ? toggle(depth, entry.id) : onSelect(entry.path))}
          >
            <i className={menuIconClass(entry.icon, entry.catalog)} aria-hidden="true" />
            {label && <span className="console-menu-title">{entry.title}</span>}
            {label && hasChildren && <i className={`pi ${isOpen ? 'pi-angle-down' : 'pi-angle-right'} console-menu-caret`} aria-hidden="true" />}
          </button>
          {hasChildren && isOpen && (
            <ul className={`console-menu console-submenu${collapsed && depth === 0 ? ' is-flyout' : ''}`}>
              {renderEntries(entry.children, depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <nav aria-label={t('shell.menu')}>
      <ul className="console-menu">
        <li>
          <button
            type="button"
            className={`console-menu-item depth-0${activePath === INDEX_PATH ? ' is-active' : ''}`}
            title={t('shell.home')}
            aria-current={activePath === INDEX_PATH ? 'page' : undefined}
            data-testid="aside-home"
            onClick={() => onSelect(INDEX_PATH)}
          >
            <i className="pi pi-home" aria-hidden="true" />
            {!collapsed && <span className="console-menu-title">{t('shell.home')}</span>}
          </button>
        </li>
        {renderEntries(entries, 0)}
      </ul>
      {entries.length === 0 && !collapsed && (
        <p className="console-aside-empty" data-testid="aside-empty">
          {t('shell.noMenu')}
        </p>
      )}
    </nav>
  );
}
