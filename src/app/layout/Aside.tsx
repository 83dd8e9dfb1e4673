import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { INDEX_PATH } from '../../config';
import { menuIconClass } from '../../components/menu-icon';
import { useStore } from '../../components/store-context';

/**
 * The side menu, for now: the fixed 控制台 entry and the top-level titles of the server menu.
 * Sub-menus, routing from menu entries and search come with the next issue.
 */
export const Aside = observer(function Aside() {
  const root = useStore();
  const { t } = useTranslation();
  const [path] = useLocation();
  const collapsed = root.ui.asideCollapsed;
  const entries = root.menu.topLevel;
  return (
    <aside className={`console-aside${collapsed ? ' is-collapsed' : ''}`} data-testid="aside">
      <nav>
        <ul className="console-menu">
          <li>
            <Link href={INDEX_PATH} className={`console-menu-item${path === INDEX_PATH ? ' is-active' : ''}`} title={t('aside.home')}>
              <i className="pi pi-home" aria-hidden="true" />
              {!collapsed && <span>{t('aside.home')}</span>}
            </Link>
          </li>
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="console-menu-item" title={entry.title} data-testid="aside-entry">
                <i className={menuIconClass(entry.icon, entry.is_catalog)} aria-hidden="true" />
                {!collapsed && <span>{entry.title}</span>}
                {!collapsed && root.menu.childrenOf(entry.id).length > 0 && <i className="pi pi-angle-right console-menu-caret" aria-hidden="true" />}
              </span>
            </li>
          ))}
        </ul>
        {entries.length === 0 && !collapsed && <p className="console-aside-empty">{t('aside.noMenu')}</p>}
      </nav>
    </aside>
  );
});
