/**
 * The tracking SDK (sdk/track): (sdk1) the browser bundle's weight, gzip -9 of dist/track.global.js
 * (budget ≤ 6 KB), and (sdk2) the main-thread cost of one `track` call in Chromium at CPU ×4
 * (budget < 1 ms): a page on a stub server loads the bundle with localStorage and a queue that never
 * drains (the network answers nothing), and times 200 calls × 5 runs, each call alone with its storage write — the median per call, with an
 * empty queue and with 1,000 events waiting (an offline player). `npx tsx bench/tracking-sdk.ts` alone,
 * or within `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SDK_GZIP_BUDGET = 6 * 1024;
export const SDK_TRACK_BUDGET_MS = 1;

export interface SdkBench {
  bytes: number;
  gzip: number;
  /** Median ms per track call at CPU ×4: empty queue, 1,000 queued. */
  trackMs: number;
  trackMsQueued: number;
}

export interface SdkLine {
  measure: string;
  value: string;
  budget: string;
  pass: boolean | null;
}

export async function benchTrackingSdk(): Promise<SdkBench> {
  const { buildSdk } = await import('../sdk/track/build');
  await buildSdk({ types: false, copy: false });
  const bundle = readFileSync(`${ROOT}sdk/track/dist/track.global.js`);
  const gzip = gzipSync(bundle, { level: 9 }).length;
  // A stub origin: the page and the bundle; the ingestion route never answers (the queue keeps growing).
  const server = createServer((req, res) => {
    if (req.url === '/sdk/track.global.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><script src="/sdk/track.global.js"></script></body></html>');
    } else if (req.url?.startsWith('/api/embed/track/')) {
      // held open: nothing is acknowledged
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`http://127.0.0.1:${port}/`);
    const timeCalls = (warm: number) =>
      page.evaluate(async (warm) => {
        const ct = (window as unknown as { ConsoleTrack: { init(o: unknown): void; track(e: string, p: unknown): void } }).ConsoleTrack;
        localStorage.clear();
        ct.init({ host: location.origin, publicKey: 'pk_bench', flushAt: 1_000_000, flushIntervalMs: 3_600_000, maxQueue: 100_000, sessions: false });
        for (let i = 0; i < warm; i++) ct.track('level_up', { level: i, channel: 'official' });
        // Each call alone, its storage write included (the queue writes in a microtask after the call).
        const runs: number[] = [];
        for (let r = 0; r < 5; r++) {
          let spent = 0;
          for (let i = 0; i < 200; i++) {
            const t0 = performance.now();
            ct.track('level_up', { level: i, channel: 'official', score: i * 10 });
            await Promise.resolve();
            spent += performance.now() - t0;
          }
          runs.push(spent / 200);
        }
        runs.sort((a, b) => a - b);
        return runs[2] as number;
      }, warm);
    const trackMs = await timeCalls(0);
    const trackMsQueued = await timeCalls(1000);
    return { bytes: bundle.length, gzip, trackMs, trackMsQueued };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The section's rows for the bench table. */
export async function trackingSdkLines(log: (line: string) => void = console.log): Promise<SdkLine[]> {
  log('bench: (sdk) the tracking SDK: bundle gzip, track() cost at CPU x4');
  const b = await benchTrackingSdk();
  return [
    { measure: 'tracking SDK track.global.js (gzip -9)', value: `${(b.gzip / 1024).toFixed(2)} KiB (${b.gzip} B)`, budget: `≤ ${SDK_GZIP_BUDGET} B`, pass: b.gzip <= SDK_GZIP_BUDGET },
    { measure: 'tracking SDK track() at CPU x4 (median)', value: `${b.trackMs.toFixed(3)} ms`, budget: `< ${SDK_TRACK_BUDGET_MS} ms`, pass: b.trackMs < SDK_TRACK_BUDGET_MS },
    { measure: '  with 1,000 events queued (offline)', value: `${b.trackMsQueued.toFixed(3)} ms`, budget: `< ${SDK_TRACK_BUDGET_MS} ms`, pass: b.trackMsQueued < SDK_TRACK_BUDGET_MS },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lines = await trackingSdkLines();
  for (const l of lines) console.log(`${l.measure}: ${l.value} (budget ${l.budget}) ${l.pass ? 'PASS' : 'FAIL'}`);
}
