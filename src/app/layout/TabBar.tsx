import { observer } from 'mobx-react-lite';
import { useCallback, useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from '../../components/store-context';
import type { Tab } from '../../stores/tabs';
import { TabMenu } from '../tabs/TabMenu';
import { useTabCommand } from '../tabs/useTabCommand';

/** Context menu of the index tab, and of any other tab (spec §2.4). */
export const INDEX_TAB_COMMANDS = ['closeAll'] as const;
export const TAB_CONTEXT_COMMANDS = ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
/** Options of the dropdown button (its main click closes all). */
export const DROPDOWN_COMMANDS = ['closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;

interface OpenMenu {
  kind: 'context' | 'dropdown';
  target: string;
  commands: readonly string[];
  left: number;
  top: number;
}

/**
 * The tab bar (spec §2.4): card tabs titled with the meta title (default 未命名); click navigates,
 * the close icon closes, drag reorders; right-click opens the context menu; the dropdown button at the
 * end closes all on its main click and offers close left / right / others / all.
 */
export const TabBar = observer(function TabBar() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  // A page's own title first; a menu tab shows its menu's current title (in the interface language); a kept tab whose menu is gone, the title it had.
  const title = (tab: Tab) => tab.meta.pageTitle || (tab.meta.titleKey ? t(tab.meta.titleKey) : root.menu.routeFor(tab.path)?.meta.title || tab.meta.title || t('route.untitled'));
  const go = (to: string | null) => {
    if (to) navigate(to);
  };

  const run = useTabCommand();

  const openContext = (event: MouseEvent, tab: Tab) => {
    event.preventDefault();
    const commands = root.tabs.isClosable(tab) ? TAB_CONTEXT_COMMANDS : INDEX_TAB_COMMANDS;
    setMenu({ kind: 'context', target: tab.fullPath, commands, left: event.clientX, top: event.clientY });
  };

  const openDropdown = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setMenu({ kind: 'dropdown', target: root.tabs.current, commands: DROPDOWN_COMMANDS, left: Math.max(8, rect.right - 150), top: rect.bottom + 4 });
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) root.tabs.move(dragFrom, index);
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <div className="console-tabs-bar">
      <div className="console-tabs" data-testid="tab-bar" role="tablist">
        {root.tabs.opened.map((tab, index) => {
          const active = tab.fullPath === root.tabs.current;
          const closable = root.tabs.isClosable(tab);
          return (
            <div
              key={tab.fullPath}
              role="tab"
              tabIndex={0}
              aria-selected={active}
              data-testid="tab"
              data-path={tab.fullPath}
              draggable={closable}
              className={`console-tab${active ? ' is-active' : ''}${dropAt === index && dragFrom !== index ? ' is-drop-target' : ''}`}
              onClick={() => navigate(tab.fullPath)}
              onContextMenu={(event) => openContext(event, tab)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') navigate(tab.fullPath);
              }}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', tab.fullPath);
                setDragFrom(index);
              }}
              onDragOver={(event) => {
                if (dragFrom === null || index === 0) return;
                event.preventDefault();
                setDropAt(index);
              }}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => {
                setDragFrom(null);
                setDropAt(null);
              }}
            >
              <span className="console-tab-dot" aria-hidden="true" />
              <span className="console-tab-title">{title(tab)}</span>
              {closable && (
                <button
                  type="button"
                  className="console-tab-close"
                  aria-label={t('shell.tabClose')}
                  data-testid="tab-close"
                  onClick={(event) => {
                    event.stopPropagation();
                    go(root.tabs.close(tab.fullPath));
                  }}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              )}
            </div>
          );
        })}
      </div>
      <div className="console-tabs-dropdown p-buttonset">
        <button type="button" className="console-tabs-main" title={t('shell.tabCloseAll')} aria-label={t('shell.tabCloseAll')} data-testid="tabs-close-all" onClick={() => run('closeAll', root.tabs.current)}>
          <i className="pi pi-times-circle" aria-hidden="true" />
        </button>
        <button type="button" className="console-tabs-more" title={t('shell.tabMore')} aria-label={t('shell.tabMore')} aria-haspopup="menu" data-testid="tabs-more" onClick={openDropdown}>
          <i className="pi pi-chevron-down" aria-hidden="true" />
        </button>
      </div>
      {menu && (
        <TabMenu
          commands={menu.commands}
          position={{ left: menu.left, top: menu.top }}
          testId={menu.kind === 'context' ? 'tab-context-menu' : 'tab-dropdown-menu'}
          onCommand={(command) => run(command, menu.target)}
          onClose={closeMenu}
        />
      )}
    </div>
  );
});
