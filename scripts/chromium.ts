import { existsSync } from 'node:fs';

/** Debian's Chromium; Playwright never downloads a browser here. CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return '/usr/bin/chromium';
}

/**
 * The features Playwright 1.65 turns off (its own `--disable-features`), copied because Chromium keeps
 * only the **last** `--disable-features` on its command line: ours, added after Playwright's, must
 * carry Playwright's list too or it would switch those back on. scripts/chromium.test.ts compares
 * this copy with the installed Playwright's, so an upgrade that changes the list fails a test.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Off on top of Playwright's: the omnibox popup as a WebUI page. Chromium 156 opens it in its own
 * renderer for every new window, i.e. every fresh browser context here, headless or not, and that
 * renderer compiles the popup's scripts (~200 ms of CPU) while the test's page loads: on two cores it
 * delayed the login page's first paint by ~35 ms (docs/performance.md) and slows every new context.
 * Puppeteer turns it off by default for the same reason.
 */
export const EXTRA_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags that keep Chromium quiet on a machine with no internet. */
export const chromiumArgs = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...EXTRA_DISABLED_FEATURES].join(',')}`,
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
