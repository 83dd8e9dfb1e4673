import { useEffect } from 'react';
import type { DashboardLiveStore } from '../stores/dashboard-live';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.dashboardLive();
/** root.dashboardLive() once loaded (null until then): outside the login page's chunk. */
export function useDashboardLive(): DashboardLiveStore | null {
  return useLoadedStore(load);
}

/**
 * Runs `start` while the page is visible: mounted in the active console tab (a hidden tab's effects
 * are cleaned up by React's Activity) and the browser tab shown; `stop` otherwise.
 */
export function useWhileVisible(start: (() => void) | null, stop: (() => void) | null): void {
  useEffect(() => {
    if (!start || !stop) return;
    const apply = () => (typeof document !== 'undefined' && document.visibilityState === 'hidden' ? stop() : start());
    apply();
    document.addEventListener('visibilitychange', apply);
    return () => {
      document.removeEventListener('visibilitychange', apply);
      stop();
    };
  }, [start, stop]);
}
