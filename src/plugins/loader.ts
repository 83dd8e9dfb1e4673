import { EMPTY_PLUGINS, type ConsolePlugin, type PluginRegistry } from './types';

export type PluginModules = Record<string, () => Promise<unknown>>;

/** `./tenant/index.ts` → `tenant`. */
export function pluginFolder(file: string): string | null {
  return /^\.\/([^/]+)\/index\.tsx?$/.exec(file)?.[1] ?? null;
}

function isPlugin(value: unknown): value is ConsolePlugin {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

/**
 * Loads every plugin folder (spec §2.4 plugins): folders starting with `test_` are skipped; a plugin
 * that fails to load is logged to the console and the others load anyway.
 */
export async function loadPlugins(modules: PluginModules, log: (message: string, error: unknown) => void = console.error): Promise<PluginRegistry> {
  const entries = Object.entries(modules)
    .map(([file, load]) => ({ folder: pluginFolder(file), load }))
    .filter((entry): entry is { folder: string; load: () => Promise<unknown> } => entry.folder !== null && !entry.folder.startsWith('test_'))
    .sort((a, b) => a.folder.localeCompare(b.folder));
  const loaded: ConsolePlugin[] = [];
  const failed: { name: string; error: string }[] = [];
  await Promise.all(
    entries.map(async ({ folder, load }) => {
      try {
        const module = (await load()) as { default?: unknown };
        if (!isPlugin(module.default)) throw new Error('the index has no default export with a name');
        loaded.push(module.default);
      } catch (error) {
        log(`[plugins] ${folder} failed to load`, error);
        failed.push({ name: folder, error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  loaded.sort((a, b) => a.name.localeCompare(b.name));
  return {
    ...EMPTY_PLUGINS,
    names: loaded.map((plugin) => plugin.name),
    routes: loaded.flatMap((plugin) => plugin.routes ?? []),
    tenantMode: loaded.some((plugin) => plugin.tenantMode === true),
    loginLinks: loaded.flatMap((plugin) => plugin.loginLinks ?? []),
    failed,
  };
}

/**
 * The plugin folders of this build. Their index files are tiny (a name, routes whose pages load on
 * demand, sign-in links), so they come with the entry chunk: no request of their own before the first
 * render, and the build's prerender sees the same plugins as the browser.
 */
export function discoverPlugins(): PluginModules {
  const modules = import.meta.glob(['./*/index.ts', './*/index.tsx'], { eager: true });
  return Object.fromEntries(Object.entries(modules).map(([file, module]) => [file, () => Promise.resolve(module)]));
}
