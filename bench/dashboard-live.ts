/**
 * Live dashboards: (z) the server's cost of one `dashboard.realtime` frame pushed to 1,000
 * subscribed sockets — the frame serialised once and written to every socket (LiveFeed.push, the
 * work of each tick after the figures are computed): median of 51 pushes, target < 5 ms of CPU of the
 * thread that pushes (the event loop's thread, user + kernel, so the kernel's socket writes count),
 * read from the kernel's per-thread run time (/proc/self/task/<tid>/schedstat, nanoseconds): the
 * server's other threads (the embedded database's thread, the GC helpers, libuv's pool) go on with
 * their own work meanwhile, which `process.cpuUsage` (the whole process, reported too) would add to
 * the push. Wall time is reported too (on a loaded machine it includes waiting for a core). The
 * clients run in this process but read only between pushes, never inside the measured section. Also the
 * figures' computation once per tick (one statement + the revenue function) on the sample data and
 * GET /api/dashboard/monitor/, medians.
 *
 *   npx tsx bench/dashboard-live.ts      # standalone
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { REALTIME_TOPIC } from '../contracts/schemas/dashboard/live';
import { realtimeSnapshot } from '../server/features/dashboard/domain/realtime';
import { issueToken } from '../server/auth/tokens';
import { startTestServerWithContext } from '../server/testing';
import { median } from './page-timing';

export const PUSH_TARGET_MS = 5;
const SOCKETS = 1000;
const PUSHES = 51;

export interface RealtimeBench {
  sockets: number;
  /** Per push: CPU ms of the pushing thread (user + kernel) for the push (serialise once, write to every socket). */
  pushCpuMs: number[];
  /** Per push: CPU ms of the whole process meanwhile (process.cpuUsage: every thread, user + system). */
  pushProcessCpuMs: number[];
  /** The same split: user space (JSON, framing, ws) and kernel (the socket writes). */
  pushUserMs: number[];
  pushSystemMs: number[];
  /** Per push: wall-clock ms of the same (includes waiting for a core on a loaded machine). */
  pushMs: number[];
  /** The same pushes through ws.send per socket (the way before the shared frame), interleaved. */
  sendCpuMs: number[];
  median: { pushProcessCpuMs: number; sendCpuMs: number; sendUserMs: number; sendSystemMs: number; pushCpuMs: number; pushUserMs: number; pushSystemMs: number; pushMs: number; computeMs: number; monitorMs: number; metricsMs: number; metricsCpuMs: number; baselineCpuMs: number };
  frameBytes: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time the calling (main) thread has run, in ms, from the kernel's schedstat (ns; user + kernel). */
const MAIN_THREAD_SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
export function mainThreadCpuMs(): number {
  return Number(readFileSync(MAIN_THREAD_SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('socket: no first frame within 10 s')), 10_000);
    ws.once('message', () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

export async function benchRealtime(log: (s: string) => void = () => undefined): Promise<RealtimeBench> {
  const { srv, ctx } = await startTestServerWithContext({ captcha: false });
  const sockets: WebSocket[] = [];
  try {
    const token = issueToken('access', 1, ctx.jwtSecret).token;
    let received = 0;
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, SOCKETS - i) }, () => open(`${srv.wsUrl}/api/ws/${token}/`)));
      for (const ws of batch) {
        ws.on('message', () => received++);
        ws.send(JSON.stringify({ type: 'subscribe', topic: REALTIME_TOPIC }));
      }
      sockets.push(...batch);
    }
    for (let t = Date.now(); ctx.live.feed.count() < SOCKETS && Date.now() - t < 30_000; ) await sleep(50);
    if (ctx.live.feed.count() !== SOCKETS) throw new Error(`only ${ctx.live.feed.count()} sockets subscribed`);
    log(`bench: ${SOCKETS} sockets subscribed`);
    const computeMs: number[] = [];
    let snapshot = await realtimeSnapshot(ctx.db, ctx.config.analyticsTz);
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      snapshot = await realtimeSnapshot(ctx.db, ctx.config.analyticsTz);
      computeMs.push(performance.now() - t0);
    }
    const pushMs: number[] = [];
    const pushCpuMs: number[] = [];
    const pushProcessCpuMs: number[] = [];
    const pushUserMs: number[] = [];
    const pushSystemMs: number[] = [];
    const sendCpuMs: number[] = [];
    const sendUserMs: number[] = [];
    const sendSystemMs: number[] = [];
    // Pushes alternate: the prebuilt frame (LiveFeed's way) and ws.send per socket (the comparison), so
    // both see the same machine load.
    for (let i = 0; i < PUSHES * 2; i++) {
      const before = received;
      const viaSend = i % 2 === 1;
      const c0 = process.cpuUsage();
      const m0 = mainThreadCpuMs();
      const t0 = performance.now();
      const sent = ctx.live.feed.push(snapshot, viaSend ? 'send' : 'prebuilt');
      const wall = performance.now() - t0;
      const thread = mainThreadCpuMs() - m0;
      const c = process.cpuUsage(c0);
      if (viaSend) {
        sendCpuMs.push(thread);
        sendUserMs.push(c.user / 1000);
        sendSystemMs.push(c.system / 1000);
      } else {
        pushMs.push(wall);
        pushCpuMs.push(thread);
        pushProcessCpuMs.push((c.user + c.system) / 1000);
        pushUserMs.push(c.user / 1000);
        pushSystemMs.push(c.system / 1000);
      }
      if (sent !== SOCKETS) throw new Error(`push wrote ${sent} sockets, not ${SOCKETS}`);
      // Let the frames drain (and the clients read them) before the next push.
      for (let t = Date.now(); received - before < SOCKETS && Date.now() - t < 10_000; ) await sleep(5);
    }
    const monitorMs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      await fetch(`${srv.baseUrl}/api/dashboard/monitor/`, { headers: { authorization: `JWT ${token}` } }).then((r) => r.arrayBuffer());
      monitorMs.push(performance.now() - t0);
    }
    // GET /metrics with the 1,000 sockets open: wall (client side) and this process's
    // CPU per scrape; a 404 on the same server is the baseline (HTTP, fetch and the hooks).
    const scrape = async (path: string) => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 41; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await fetch(`${srv.baseUrl}${path}`, { headers: { authorization: `JWT ${token}` } }).then((r) => r.arrayBuffer());
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      return { wall: median(wall), cpu: median(cpu) };
    };
    const metrics = await scrape('/metrics');
    const baseline = await scrape('/api/no-such-route/');
    const out: RealtimeBench = {
      sockets: SOCKETS,
      pushCpuMs,
      pushProcessCpuMs,
      pushUserMs,
      pushSystemMs,
      pushMs,
      sendCpuMs,
      median: {
        pushProcessCpuMs: median(pushProcessCpuMs),
        sendCpuMs: median(sendCpuMs),
        sendUserMs: median(sendUserMs),
        sendSystemMs: median(sendSystemMs), pushCpuMs: median(pushCpuMs), pushUserMs: median(pushUserMs), pushSystemMs: median(pushSystemMs), pushMs: median(pushMs), computeMs: median(computeMs), monitorMs: median(monitorMs), metricsMs: metrics.wall, metricsCpuMs: metrics.cpu, baselineCpuMs: baseline.cpu },
      frameBytes: JSON.stringify({ type: REALTIME_TOPIC, realtime: snapshot }).length,
    };
    log(`bench: realtime push to ${SOCKETS} sockets: median CPU of the pushing thread ${out.median.pushCpuMs.toFixed(2)} ms (whole process ${out.median.pushProcessCpuMs.toFixed(2)} ms: user ${out.median.pushUserMs.toFixed(2)}, kernel ${out.median.pushSystemMs.toFixed(2)}, split at the kernel's tick accounting), wall ${out.median.pushMs.toFixed(2)} ms (frame ${out.frameBytes} bytes); via ws.send per socket: thread CPU ${out.median.sendCpuMs.toFixed(2)} ms (process user ${out.median.sendUserMs.toFixed(2)}, kernel ${out.median.sendSystemMs.toFixed(2)}); figures computed in ${out.median.computeMs.toFixed(1)} ms; GET monitor ${out.median.monitorMs.toFixed(1)} ms; GET /metrics ${out.median.metricsMs.toFixed(1)} ms wall, CPU ${out.median.metricsCpuMs.toFixed(2)} ms (a 404: ${out.median.baselineCpuMs.toFixed(2)} ms)`);
    return out;
  } finally {
    for (const ws of sockets) ws.terminate();
    await srv.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchRealtime((l) => console.log(l))
    .then((r) => console.log(JSON.stringify(r.median)))
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
}
