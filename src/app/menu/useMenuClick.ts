import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from '../../components/store-context';
import { openMenuPath } from './open-menu';

/** The menu click of side menu, header menu and search, bound to this console. */
export function useMenuClick(): (path: string | null | undefined) => void {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return useCallback(
    (path) => {
      openMenuPath(path, {
        navigate: (to) => navigate(to),
        notify: root.notify,
        openWindow: (url) => void window.open(url, '_blank', 'noopener'),
        t: (key) => t(key),
      });
    },
    [root, navigate, t],
  );
}
