import { useEffect } from 'react';
import type { AutomationStore } from '../stores/automation';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.automation();
/** root.automation() once loaded (null until then): the automation screens' stores, outside the login page's chunk. */
export function useAutomation(): AutomationStore | null {
  return useLoadedStore(load);
}

/** Runs `tick` every `ms` while the document is visible (and once at once when it becomes visible again). */
export function useVisibleInterval(tick: () => void, ms: number, enabled = true): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(tick, ms);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        tick();
        start();
      } else stop();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [tick, ms, enabled]);
}
