import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from '../../components/store-context';
import type { Tab } from '../../stores/tabs';

/** The open pages as tabs; the index tab 控制台 is always first and has no close icon. */
export const TabBar = observer(function TabBar() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const title = (tab: Tab) => (tab.meta.titleKey ? t(tab.meta.titleKey) : (tab.meta.title ?? t('route.untitled')));
  const close = (tab: Tab) => {
    const next = root.tabs.close(tab.fullPath);
    if (next) navigate(next);
  };
  return (
    <div className="console-tabs" data-testid="tab-bar" role="tablist">
      {root.tabs.opened.map((tab) => {
        const active = tab.fullPath === root.tabs.current;
        return (
          <div
            key={tab.name}
            role="tab"
            tabIndex={0}
            aria-selected={active}
            className={`console-tab${active ? ' is-active' : ''}`}
            onClick={() => navigate(tab.fullPath)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') navigate(tab.fullPath);
            }}
          >
            <span className="console-tab-dot" aria-hidden="true" />
            <span>{title(tab)}</span>
            {root.tabs.isClosable(tab) && (
              <button
                type="button"
                className="console-tab-close"
                aria-label={t('tabs.close')}
                onClick={(event) => {
                  event.stopPropagation();
                  close(tab);
                }}
              >
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
});
