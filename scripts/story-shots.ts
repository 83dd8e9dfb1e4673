/**
 * Screenshots of stories from the built Storybook (dist/storybook, `npm run build`): serves it on a
 * loopback port, opens each story id given in Chromium (1440×900) and writes STORY_SHOTS_DIR/<id>.png
 * (default /tmp/story-shots). Usage: npx tsx scripts/story-shots.ts pages-income-overview--overview …
 */
import { createServer } from 'node:http';
import { mkdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium';

const root = join(process.cwd(), 'dist/storybook');
const OUT = process.env.STORY_SHOTS_DIR ?? '/tmp/story-shots';
await mkdir(OUT, { recursive: true });
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  readFile(join(root, path === '/' ? 'index.html' : path)).then(
    (body) => {
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    },
    () => {
      res.writeHead(404);
      res.end();
    },
  );
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
for (const id of process.argv.slice(2)) {
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`);
  await page.waitForTimeout(4500);
  await page.screenshot({ path: `${OUT}/${id}.png`, fullPage: true });
  console.log('shot', id);
}
await browser.close();
server.close();
