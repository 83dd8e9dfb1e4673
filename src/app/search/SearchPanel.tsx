import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_FOCUS_DELAY_MS } from '../../config';
import { useStore } from '../../components/store-context';
import { useMenuClick } from '../menu/useMenuClick';
import { searchStoreOf } from './search-store';

/** True when the key press happens while typing in a field (the hotkey must not fire then). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The button that opens the search panel (for the header). */
export const SearchTrigger = observer(function SearchTrigger() {
  const root = useStore();
  const { t } = useTranslation();
  const search = searchStoreOf(root);
  if (!search.enabled) return null;
  return (
    <button type="button" className="console-icon-button" title={t('shell.searchOpen')} aria-label={t('shell.searchOpen')} data-testid="search-trigger" onClick={search.open}>
      <i className="pi pi-search" aria-hidden="true" />
    </button>
  );
});

/**
 * The search panel (spec §2.4): hotkey s opens it (not while typing in a field), Escape closes it, the
 * field gets focus 500 ms after opening; fuzzy matching over the leaf menu items (full titles joined
 * by ' / '); Enter or a click opens the entry.
 */
export const SearchPanel = observer(function SearchPanel() {
  const root = useStore();
  const { t } = useTranslation();
  const search = searchStoreOf(root);
  const click = useMenuClick();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && search.active) {
        search.close();
        return;
      }
      if ((event.key === 's' || event.key === 'S') && !event.ctrlKey && !event.metaKey && !event.altKey && !search.active && !isTyping(event.target)) {
        event.preventDefault();
        search.open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [search]);

  // The shell's search-active state (spec §2.4) follows the panel.
  useEffect(() => reaction(() => search.active, (active) => root.ui.setSearchActive(active), { fireImmediately: true }), [root, search]);

  useEffect(() => {
    if (!search.active) return;
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search.active, search]);

  if (!search.active) return null;
  const choose = (path: string) => {
    search.close();
    click(path);
  };
  return (
    <div className="console-search" role="dialog" aria-modal="true" aria-label={t('shell.searchPlaceholder')} data-testid="search-panel" onClick={search.close}>
      <div className="console-search-box" onClick={(event) => event.stopPropagation()}>
        <div className="console-search-field">
          <i className="pi pi-search" aria-hidden="true" />
          <input
            ref={input}
            data-testid="search-input"
            value={search.query}
            placeholder={t('shell.searchPlaceholder')}
            aria-label={t('shell.searchPlaceholder')}
            onChange={(event) => search.setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                search.moveSelection(1);
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                search.moveSelection(-1);
              } else if (event.key === 'Enter' && search.current) {
                event.preventDefault();
                choose(search.current.path);
              }
            }}
          />
        </div>
        <ul className="console-search-results" role="listbox">
          {search.results.map((item, index) => (
            <li key={item.id} role="option" aria-selected={index === search.selected}>
              <button type="button" className={index === search.selected ? 'is-selected' : ''} data-testid="search-result" onClick={() => choose(item.path)}>
                <span className="console-search-title">{item.fullTitle}</span>
                <span className="console-search-path">{item.path}</span>
              </button>
            </li>
          ))}
          {search.results.length === 0 && <li className="console-search-empty">{t('shell.searchEmpty')}</li>}
        </ul>
        <p className="console-search-hint">{t('shell.searchHint')}</p>
      </div>
    </div>
  );
});
