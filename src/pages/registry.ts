import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../components/preloadable';
import { PAGE_CHUNK_TIMEOUT_MS } from '../config';

/** A page module: its default export is the page. */
export interface PageModule {
  default: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

/**
 * The page registry (spec §2.3): menu component strings → page files. A feature's pages sit under
 * `src/features/<area>/pages/<component>/index.tsx` (so `data_embed/funnel/index` →
 * `src/features/tracking/pages/data_embed/funnel/index.tsx`); plugin area: component
 * `plugins/<plugin>/<page>` → `src/plugins/<plugin>/pages/<page>/index.tsx`.
 * A component string is accepted with or without a trailing `/index` (and a leading '/').
 */
const PAGE_FILES = import.meta.glob<PageModule>('../features/*/pages/**/index.tsx');
const PLUGIN_FILES = import.meta.glob<PageModule>('../plugins/*/pages/**/index.tsx');

export const PLUGIN_PREFIX = 'plugins/';

/** `system/user/index` / `/system/user` / `system/user.tsx` → `system/user`. */
export function normaliseComponent(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.(tsx|jsx|ts|js|vue)$/, '')
    .replace(/\/+$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/+$/, '');
}

/** Registry keys from glob file names, so tests can check them. */
export function pageKey(file: string): string | null {
  const page = /^\.\.\/features\/[^/]+\/pages\/(.+)\/index\.tsx$/.exec(file);
  if (page?.[1]) return page[1];
  const plugin = /^\.\.\/plugins\/([^/]+)\/pages\/(.+)\/index\.tsx$/.exec(file);
  if (plugin?.[1] && plugin[2]) return `${PLUGIN_PREFIX}${plugin[1]}/${plugin[2]}`;
  return null;
}

function buildIndex(files: Record<string, PageLoader>): Map<string, PageLoader> {
  const index = new Map<string, PageLoader>();
  for (const [file, loader] of Object.entries(files)) {
    const key = pageKey(file);
    if (key) index.set(key, loader);
  }
  return index;
}

export interface PageRegistry {
  /** The loader for a component string, or null when no page file exists for it. */
  loader(component: string): PageLoader | null;
  /**
   * One lazy component per component string (kept, so switching tabs never remounts it), which can be
   * preloaded. Its chunk fails with a PageChunkError when it has not arrived within the timeout or
   * could not load; a failed one is forgotten, so the next call (a retry) loads it afresh.
   */
  lazyPage(component: string): Preloadable<object> | null;
  keys(): string[];
}

export interface PageRegistryOptions {
  /** How long a page chunk may take (spec §8: 120 s); tests pass a short one. */
  chunkTimeoutMs?: number;
}

/** A page chunk that did not arrive in time (`timeout`) or failed to load (`failed`). */
export class PageChunkError extends Error {
  constructor(
    readonly component: string,
    readonly reason: 'timeout' | 'failed',
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(reason === 'timeout' ? `page chunk ${component} did not arrive within ${timeoutMs} ms` : `page chunk ${component} failed to load`, { cause });
    this.name = 'PageChunkError';
  }
}

/** The loader's promise, or a PageChunkError once `ms` have passed or the load failed. */
function withTimeout(component: string, load: PageLoader, ms: number): Promise<PageModule> {
  return new Promise<PageModule>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageChunkError(component, 'timeout', ms)), ms);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new PageChunkError(component, 'failed', ms, error));
      },
    );
  });
}

export function createPageRegistry(pages: Record<string, PageLoader>, plugins: Record<string, PageLoader> = {}, options: PageRegistryOptions = {}): PageRegistry {
  const pageIndex = buildIndex(pages);
  const pluginIndex = buildIndex(plugins);
  const timeoutMs = options.chunkTimeoutMs ?? PAGE_CHUNK_TIMEOUT_MS;
  const lazies = new Map<string, Preloadable<object>>();
  const loader = (component: string): PageLoader | null => {
    const key = normaliseComponent(component);
    if (key.startsWith(PLUGIN_PREFIX)) return pluginIndex.get(key) ?? null;
    return pageIndex.get(key) ?? null;
  };
  return {
    loader,
    lazyPage(component) {
      const key = normaliseComponent(component);
      const cached = lazies.get(key);
      if (cached) return cached;
      const load = loader(component);
      if (!load) return null;
      const page = preloadable(() =>
        withTimeout(component, load, timeoutMs).catch((error: unknown) => {
          // React keeps a lazy's failure for good: drop this one so that a retry gets a fresh load.
          if (lazies.get(key) === page) lazies.delete(key);
          throw error;
        }),
      );
      lazies.set(key, page);
      return page;
    },
    keys: () => [...pageIndex.keys(), ...pluginIndex.keys()].sort(),
  };
}

/** The console's registry over the real page and plugin files. */
export const pageRegistry: PageRegistry = createPageRegistry(PAGE_FILES, PLUGIN_FILES);
