import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';

/** One script or stylesheet the login page requested, with its gzip -9 size. */
export interface Asset {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  assets: Asset[];
  jsGzip: number;
  cssGzip: number;
  jsRequests: number;
  cssRequests: number;
}

function kindOf(url: string, contentType: string, resourceType: string): 'js' | 'css' | null {
  const path = new URL(url).pathname;
  if (resourceType === 'script' || contentType.includes('javascript') || /\.m?js$/.test(path)) return 'js';
  if (resourceType === 'stylesheet' || contentType.includes('text/css') || path.endsWith('.css')) return 'css';
  return null;
}

/** Loads /login in a fresh context and weighs every script and stylesheet it actually requested. */
export async function measurePageWeight(browser: Browser, baseUrl: string): Promise<PageWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (res) => {
    if (res.url().startsWith('data:')) return;
    const kind = kindOf(res.url(), res.headers()['content-type'] ?? '', res.request().resourceType());
    if (!kind) return;
    pending.push(
      res
        .body()
        .then((body) => ({ url: new URL(res.url()).pathname, kind, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  try {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
    await page.getByTestId('login-username').waitFor({ state: 'visible', timeout: 30_000 });
    // Anything the page fetches lazily right after first paint still counts.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    const sum = (k: 'js' | 'css') => assets.filter((a) => a.kind === k).reduce((n, a) => n + a.gzipBytes, 0);
    const count = (k: 'js' | 'css') => assets.filter((a) => a.kind === k).length;
    return { assets, jsGzip: sum('js'), cssGzip: sum('css'), jsRequests: count('js'), cssRequests: count('css') };
  } finally {
    await context.close();
  }
}
