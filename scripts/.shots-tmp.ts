import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium';

const root = join(process.cwd(), 'dist/storybook');
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
  await page.screenshot({ path: `/tmp/i16c-shots/${id}.png`, fullPage: true });
  console.log('shot', id);
}
await browser.close();
server.close();
