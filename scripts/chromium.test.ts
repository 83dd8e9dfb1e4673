import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, EXTRA_DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './chromium';

/** The `disabledFeatures` list in the installed playwright-core's bundle (its chromium switches). */
function installedPlaywrightList(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  if (!list) throw new Error('playwright-core no longer has a `disabledFeatures = [...]` list where expected: compare its chromium switches with scripts/chromium.ts by hand');
  return [...list.replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
}

describe('Chromium flags', () => {
  it("carry Playwright's own disabled features (Chromium keeps only the last --disable-features)", () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(installedPlaywrightList());
  });

  it('have one --disable-features, with Playwright\'s list and ours', () => {
    const switches = chromiumArgs.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = (switches[0] as string).slice('--disable-features='.length).split(',');
    for (const feature of [...PLAYWRIGHT_DISABLED_FEATURES, ...EXTRA_DISABLED_FEATURES]) expect(features).toContain(feature);
    expect(new Set(features).size).toBe(features.length);
  });
});
