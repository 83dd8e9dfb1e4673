import { reaction, runInAction } from 'mobx';
import { useEffect } from 'react';
import { TABS_DB_KEY } from '../../config';
import type { RootStore } from '../../stores/root';
import { parseStoredTabs, type Tab } from '../../stores/tabs';
import { resolveShellRoute } from '../shell-routes';

/**
 * Per-user persistence of the open tabs (spec §2.4) in the per-user sys area of the local database
 * (read directly, saved through the preferences' tab persistence): restored in their order after a reload, only those whose
 * route still exists; saved on every change once this user's tabs were read, so one user's tabs never
 * overwrite another's. (The aside collapse and transition are preferences of the ui store.)
 */
export function useShellPersistence(root: RootStore, userKey: string, menuReady: boolean): void {
  useEffect(() => {
    // Restoring before the menu is known would drop every menu tab as unknown (and save that).
    if (!userKey || !menuReady) return;
    const persistence = root.preferences.tabsPersistence;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      let saved: unknown = [];
      try {
        // Read from the local database itself (keyed by the uuid cookie now), not from a preferences
        // snapshot that may still hold what an earlier read (another user, or none) returned.
        saved = await root.localDb.get<unknown>('sys', TABS_DB_KEY, { user: true, defaultValue: [] });
      } catch {
        // Nothing stored or storage unavailable: start with the tabs open now.
      }
      if (cancelled) return;
      runInAction(() => {
        if (!root.tabs.restored) root.tabs.restore(parseStoredTabs(saved), (tab: Tab) => resolveShellRoute(root, tab.path) !== null);
      });
      stop = reaction(
        () => (root.tabs.restored ? JSON.stringify(root.tabs.persisted) : null),
        (json) => {
          if (json !== null) void persistence.save(JSON.parse(json) as Tab[]).catch(() => undefined);
        },
        { fireImmediately: true },
      );
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [root, userKey, menuReady]);
}
