/**
 * Shell navigation measures, used by bench/run.ts:
 *   (e) building the route table, search pool, permissions and the side menu from 2,000 menu items
 *       (target < 10 ms), in this Node process on the console's own builder;
 *   (f) 50 cached tabs open in the built console, then switching between them: the main-thread work of
 *       each switch (the synchronous click → render → commit), target: none over 16 ms;
 *   (g) heap after opening and closing those 50 tabs, after GC, against the start (target within 10%).
 *       Judged on what the page keeps alive — JS objects and DOM/Blink objects from a heap snapshot —
 *       without V8's compiled code (optimised machine code, bytecode, feedback vectors), which keeps
 *       growing for a while as V8 tiers up hot functions and is not retained by the console. The
 *       total V8 heap (Runtime.getHeapUsage) and the DOM counters are reported beside it.
 */
import type { Browser, Page } from 'playwright';
import type { MenuItem } from '../contracts/schemas';
import { buildMenu, buildPermissions, buildSearchPool, sectionOf } from '../src/stores/menu';
import { median } from './page-timing';

export interface ShellBench {
  buildMs: { median: number; max: number; samples: number };
  buildAllMs: { median: number; max: number; samples: number };
  tabs: number;
  switchMs: { median: number; p95: number; max: number; over16: number; samples: number[] };
  heap: { start: HeapFigures; after: HeapFigures; ratio: number; usedRatio: number };
}

/** One heap reading after forced GC. */
export interface HeapFigures {
  /** V8 heap in use (Runtime.getHeapUsage), compiled code included. */
  usedBytes: number;
  /** Heap snapshot: every node's self size except V8 compiled code (type 'code'). */
  retainedBytes: number;
  /** Heap snapshot: V8 compiled code, bytecode and feedback (type 'code'). */
  codeBytes: number;
  domNodes: number;
  listeners: number;
}

/** `count` items: sections of 4 sub-catalogs with 11 leaves each, some hidden, some cached, with buttons, shuffled. */
export function syntheticMenu(count = 2000): MenuItem[] {
  const items: MenuItem[] = [];
  const base = (id: number, parent: number | null, catalog: boolean): MenuItem => ({
    id,
    parent,
    icon: 'cog',
    sort: id,
    path: catalog ? '' : `/area${parent}/page${id}`,
    name: `菜单${id}`,
    title: `菜单${id}`,
    is_link: false,
    is_catalog: catalog,
    web_path: catalog ? '' : `/area${parent}/page${id}`,
    component: catalog ? '' : `area${parent}/page${id}`,
    component_name: catalog ? '' : `page${id}`,
    cache: id % 3 === 0,
    visible: id % 17 !== 0,
    menuPermission: catalog ? [] : ['Search', 'Retrieve', 'Create', 'Update', 'Delete'],
    frame_out: false,
  });
  let id = 1;
  while (items.length < count) {
    const section = id++;
    items.push(base(section, null, true));
    for (let sub = 0; sub < 4 && items.length < count; sub++) {
      const subId = id++;
      items.push(base(subId, section, true));
      for (let leaf = 0; leaf < 11 && items.length < count; leaf++) items.push(base(id++, subId, false));
    }
  }
  // The server sends the list by sort, but parents may come after children: shuffle deterministically.
  return items.map((item, i) => ({ item, key: (i * 7919) % items.length })).sort((a, b) => a.key - b.key).map((x) => x.item);
}

/** (e) route table + side menu from 2,000 items; also with the search pool and permissions added. */
export function benchMenuBuild(runs = 50): { routesAndAside: ShellBench['buildMs']; withSearchAndPermissions: ShellBench['buildMs'] } {
  const items = syntheticMenu(2000);
  const core: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    const t0 = performance.now();
    const built = buildMenu(items);
    const current = built.routes[built.routes.length - 1]?.path ?? '/';
    const aside = sectionOf(built.tree, current)?.children ?? [];
    const t1 = performance.now();
    const pool = buildSearchPool(built.tree);
    const permissions = buildPermissions(items);
    const t2 = performance.now();
    if (built.routes.length === 0 || aside.length === 0 || pool.length === 0 || permissions.size === 0) throw new Error('bench: the synthetic menu built nothing');
    if (i >= 10) {
      core.push(t1 - t0);
      all.push(t2 - t0);
    }
  }
  const stats = (xs: number[]) => ({ median: median(xs), max: Math.max(...xs), samples: xs.length });
  return { routesAndAside: stats(core), withSearchAndPermissions: stats(all) };
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

interface SnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

/** Sums a heap snapshot's self sizes: everything but compiled code, and compiled code. */
export function sumSnapshot(json: SnapshotJson): { retainedBytes: number; codeBytes: number } {
  const fields = json.snapshot.meta.node_fields;
  const types = json.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const code = types.indexOf('code');
  let retainedBytes = 0;
  let codeBytes = 0;
  for (let i = 0; i < json.nodes.length; i += width) {
    const size = json.nodes[i + sizeAt] ?? 0;
    if (json.nodes[i + typeAt] === code) codeBytes += size;
    else retainedBytes += size;
  }
  return { retainedBytes, codeBytes };
}

async function heapFigures(page: Page): Promise<HeapFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const sums = sumSnapshot(JSON.parse(chunks.join('')) as SnapshotJson);
  return { usedBytes: usedSize, ...sums, domNodes: dom.nodes, listeners: dom.jsEventListeners };
}

async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** (f) + (g) in the built console as superadmin, every menu page marked cache. */
export async function benchTabs(browser: Browser, baseUrl: string, username: string, password: string, count = 50): Promise<Omit<ShellBench, 'buildMs' | 'buildAllMs'>> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  try {
    await page.route('**/api/system/menu/web_router/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { data?: Array<{ cache: boolean }> } };
      for (const item of body.data?.data ?? []) item.cache = true;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard').waitFor();
    const paths = await page.evaluate(() => {
      const raw = sessionStorage.getItem('menuData');
      const list = raw ? (JSON.parse(raw) as Array<{ path: string | null; is_catalog: boolean; component: string | null }>) : [];
      return list.filter((m) => !m.is_catalog && m.path && m.component).map((m) => m.path as string);
    });
    const targets = [...new Set(paths)];
    while (targets.length < count) targets.push(`${targets[targets.length % paths.length]}?copy=${targets.length}`);
    targets.length = count;

    // Opening 50 pages takes seconds on a quiet machine and far longer on a busy one: a generous bound.
    const slow = { timeout: 180_000 };
    const openAll = async () => {
      for (const path of targets) await go(page, path);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="tab"]').length === n + 1, count, slow);
      await page.waitForFunction((n) => document.querySelectorAll('.console-page').length === n, count, slow);
    };
    const closeAll = async () => {
      await page.getByTestId('tabs-close-all').click();
      await page.getByTestId('dashboard').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.console-page').length === 1);
      await page.waitForTimeout(300);
    };
    // Warm-up: two rounds, so every page chunk is loaded and V8 has compiled the hot code (a heap
    // snapshot diff shows later growth is almost all compiled code, not retained objects).
    for (let round = 0; round < 2; round++) {
      await openAll();
      await closeAll();
    }
    const start = await heapFigures(page);

    await openAll();

    // Switch: click tabs in a spread order; each sample is the synchronous work of one click.
    const samples = await page.evaluate(async (n) => {
      const out: number[] = [];
      for (let k = 0; k < n * 2; k++) {
        const tabs = document.querySelectorAll<HTMLElement>('[data-testid="tab"]');
        const target = tabs[1 + ((k * 17) % n)];
        if (!target) continue;
        const t0 = performance.now();
        target.click();
        out.push(performance.now() - t0);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }
      return out;
    }, count);

    await closeAll();
    const after = await heapFigures(page);

    return {
      tabs: count,
      switchMs: { median: median(samples), p95: percentile(samples, 0.95), max: Math.max(...samples), over16: samples.filter((s) => s > 16).length, samples },
      heap: { start, after, ratio: after.retainedBytes / start.retainedBytes, usedRatio: after.usedBytes / start.usedBytes },
    };
  } finally {
    await context.close();
  }
}
