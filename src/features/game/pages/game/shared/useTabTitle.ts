import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useRawSearch } from '../../../../../components/useRawSearch';
import { useStore } from '../../../../../components/store-context';

/** Names the current page's tab (e.g. a game's name on its detail tab); nothing while `title` is empty. */
export function useTabTitle(title: string | null | undefined): void {
  const root = useStore();
  const [path] = useLocation();
  const search = useRawSearch();
  const fullPath = search ? `${path}?${search}` : path;
  useEffect(() => {
    if (title) root.tabs.setPageTitle(fullPath, title);
  }, [root, fullPath, title]);
}
