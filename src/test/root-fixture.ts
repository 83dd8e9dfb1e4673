import type { ConsoleApi, Notice } from '../adapters/api';
import type { CookieName } from '../adapters/cookies';
import { memoryStorage, type ConsoleStorage } from '../adapters/storage';
import { RootStore } from '../stores/root';

/**
 * A RootStore on a fake api and in-memory storage, recording its side effects. Pass a function to
 * build the fake on the fixture's storage (a fake that, like the adapter, writes the session cookies).
 */
export function rootFixture(api: ConsoleApi | ((storage: ConsoleStorage) => ConsoleApi), cookies: Partial<Record<CookieName, string>> = {}) {
  const storage = memoryStorage(cookies);
  const notices: Notice[] = [];
  const navigations: string[] = [];
  let reloads = 0;
  const root = new RootStore({
    api: typeof api === 'function' ? api(storage) : api,
    storage,
    notify: (notice) => notices.push(notice),
    navigate: (to) => navigations.push(to),
    reload: () => {
      reloads += 1;
    },
    now: () => new Date('2026-11-21T01:05:07Z'), // 09:05:07 on the console's clock (Asia/Shanghai)
    pageUrl: () => 'http://console.test/user?status=1&q=a%20b',
  });
  return { root, storage, notices, navigations, reloads: () => reloads };
}
