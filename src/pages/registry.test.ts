import { describe, expect, it } from 'vitest';
import { createPageRegistry, normaliseComponent, pageKey, pageRegistry, type PageLoader } from './registry';

const loader = (): PageLoader => () => Promise.resolve({ default: () => null });

describe('page registry (spec §2.3)', () => {
  it('normalises component strings with or without /index', () => {
    expect(normaliseComponent('system/user/index')).toBe('system/user');
    expect(normaliseComponent('/system/user')).toBe('system/user');
    expect(normaliseComponent('game/query/')).toBe('game/query');
    expect(normaliseComponent('system/menu.vue')).toBe('system/menu');
  });

  it('keys page files and plugin files', () => {
    expect(pageKey('../features/system/pages/system/user/index.tsx')).toBe('system/user');
    expect(pageKey('../plugins/tenant/pages/list/index.tsx')).toBe('plugins/tenant/list');
    expect(pageKey('./system/user/UserPage.tsx')).toBeNull();
  });

  it('plugin-prefixed components load from the plugin area only', () => {
    const registry = createPageRegistry({ './plugins/tenant/list/index.tsx': loader(), '../features/game/pages/game/query/index.tsx': loader() }, { '../plugins/tenant/pages/list/index.tsx': loader() });
    expect(registry.loader('game/query/index')).not.toBeNull();
    expect(registry.loader('plugins/tenant/list')).not.toBeNull();
    expect(registry.loader('system/user')).toBeNull();
    expect(registry.lazyPage('nope/nothing')).toBeNull();
    // One lazy component per component string, however it is spelt.
    expect(registry.lazyPage('game/query')).toBe(registry.lazyPage('game/query/index'));
  });

  it('the real registry finds the page files under src/features/*/pages', () => {
    expect(pageRegistry.keys()).toContain('dashboard/workbench');
    expect(pageRegistry.loader('dashboard/workbench/index')).not.toBeNull();
  });
});
