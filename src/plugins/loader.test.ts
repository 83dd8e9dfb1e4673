import { describe, expect, it, vi } from 'vitest';
import { loadPlugins, pluginFolder } from './loader';
import tenant from './tenant';

describe('plugin loader', () => {
  it('names plugins by folder', () => {
    expect(pluginFolder('./tenant/index.ts')).toBe('tenant');
    expect(pluginFolder('./oauth2/index.tsx')).toBe('oauth2');
    expect(pluginFolder('./x/pages/index.ts')).toBeNull();
  });

  it('loads every folder, skips test_ folders and keeps going past a failing one (logged)', async () => {
    const log = vi.fn();
    const skipped = vi.fn(() => Promise.resolve({ default: { name: 'test_demo' } }));
    const registry = await loadPlugins(
      {
        './tenant/index.ts': () => Promise.resolve({ default: tenant }),
        './broken/index.ts': () => Promise.reject(new Error('syntax error in plugin')),
        './nameless/index.ts': () => Promise.resolve({ default: 42 }),
        './test_demo/index.ts': skipped,
        './login/index.ts': () =>
          Promise.resolve({
            default: { name: 'login', routes: [{ path: '/sso', names: ['sso'], public: true, load: () => Promise.resolve({ default: () => null }) }] },
          }),
      },
      log,
    );
    expect(skipped).not.toHaveBeenCalled();
    expect(registry.names).toEqual(['login', 'tenant']);
    expect(registry.tenantMode).toBe(true);
    expect(registry.routes.map((r) => r.path)).toEqual(['/sso']);
    expect(registry.failed.map((f) => f.name).sort()).toEqual(['broken', 'nameless']);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.map((c) => String(c[0])).sort()).toEqual(['[plugins] broken failed to load', '[plugins] nameless failed to load']);
  });

  it('without the tenant plugin there is no tenant mode', async () => {
    const registry = await loadPlugins({}, vi.fn());
    expect(registry).toMatchObject({ names: [], tenantMode: false, routes: [] });
  });
});
