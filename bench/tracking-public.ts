/**
 * Event tracking, public keys: (n2) ingestion with the public key (X-Public-Key, no signature; the
 * per-key rate limit counted as in production, its ceiling raised so it never refuses) against signed
 * ingestion (X-App-Key + X-Signature), in the same server process on the embedded database, runs
 * alternating signed / public so both see the same machine load. Batches of 500 events from 4
 * concurrent clients, 50,000 fresh events per run; the target is ≥ 20,000 events/s and public ≥ signed
 * (the signature check is replaced by a cached key lookup, an origin check and one rate-limit statement
 * per request). Reported with the server's CPU per event, since the shared machine's wall clock is not
 * all ours.
 *
 *   npx tsx bench/tracking-public.ts        # standalone; within `npm run bench` too
 */
import { createHmac, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from './server-process';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const PUBLIC_INGEST_TARGET = 20_000;
const BATCH = 500;
const CLIENTS = 4;
const RUN_EVENTS = 50_000;
const PAIRS = 3;
/** A port of this bench's own range (the bench's other parts take free ones). */
const PORT = Number(process.env.BENCH_PUBLIC_PORT ?? 8461);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function json(res: Response): Promise<Envelope> {
  return (await res.json()) as Envelope;
}

interface AppKeys {
  app_key: string;
  secret: string;
  public_key: string;
}

async function keys(baseUrl: string): Promise<AppKeys[]> {
  const login = await json(
    await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) }),
  );
  if (login.code !== 2000) throw new Error(`sign-in: ${login.msg}`);
  const headers = { 'content-type': 'application/json', authorization: `JWT ${(login.data as { access: string }).access}`, 'user-agent': 'bench' };
  const out: AppKeys[] = [];
  for (let game = 1; game <= CLIENTS; game++) {
    const created = await json(await fetch(`${baseUrl}/api/embed_configure/game/`, { method: 'POST', headers, body: JSON.stringify({ game }) }));
    const id =
      created.code === 2000
        ? (created.data as { id: number }).id
        : ((await json(await fetch(`${baseUrl}/api/embed_configure/game/?game=${game}`, { headers }))).data as { data: Array<{ id: number }> }).data[0]?.id;
    const pair = (await json(await fetch(`${baseUrl}/api/embed_configure/game/${id}/regenerate/`, { method: 'POST', headers }))).data as { app_key: string; secret: string };
    const pk = (await json(await fetch(`${baseUrl}/api/embed_configure/game/${id}/public_key/`, { method: 'POST', headers }))).data as { public_key: string };
    out.push({ ...pair, public_key: pk.public_key });
  }
  return out;
}

export interface PublicIngestBench {
  signed: number[];
  public: number[];
  signedMedian: number;
  publicMedian: number;
  /** Server CPU-seconds per 100,000 events, medians. */
  signedCpu: number;
  publicCpu: number;
}

/** One run: RUN_EVENTS fresh events, bodies (and signatures) made before the clock starts. */
async function run(baseUrl: string, apps: AppKeys[], mode: 'signed' | 'public', cpuSeconds: () => number): Promise<{ rate: number; cpuPer100k: number }> {
  const now = Date.now();
  const requests = apps.map((app, c) => {
    const list: Array<{ body: string; headers: Record<string, string> }> = [];
    for (let b = 0; b < RUN_EVENTS / BATCH / CLIENTS; b++) {
      const events = Array.from({ length: BATCH }, (_, i) => ({
        uuid: randomUUID(),
        event: i % 3 === 0 ? 'level_up' : 'login',
        distinct_id: `pk${(i * 31 + b * 17 + c) % 5000}`,
        time: new Date(now - ((i * 997 + b * 13) % 86_400) * 1000).toISOString(),
        properties: i % 3 === 0 ? { level: 1 + (i % 50) } : { channel: 'web' },
      }));
      const body = JSON.stringify({ events });
      list.push({
        body,
        headers:
          mode === 'signed'
            ? { 'content-type': 'application/json', 'x-app-key': app.app_key, 'x-signature': createHmac('sha256', app.secret).update(body).digest('hex') }
            : { 'content-type': 'application/json', 'x-public-key': app.public_key },
      });
    }
    return list;
  });
  const cpu0 = cpuSeconds();
  const started = performance.now();
  let accepted = 0;
  await Promise.all(
    requests.map(async (list) => {
      for (const r of list) {
        const res = await json(await fetch(`${baseUrl}/api/embed/track/`, { method: 'POST', headers: r.headers, body: r.body }));
        if (res.code !== 2000) throw new Error(`track (${mode}): ${res.msg}`);
        accepted += (res.data as { accepted: number }).accepted;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpu0;
  return { rate: Math.round(accepted / seconds), cpuPer100k: (cpu * 100_000) / Math.max(1, accepted) };
}

export async function benchPublicIngest(log: (line: string) => void = () => undefined): Promise<PublicIngestBench> {
  const server = await startServerProcess(ROOT, { port: PORT, env: { SAMPLE_EVENTS: 'off', TRACK_PUBLIC_PER_MINUTE: '1000000' } });
  try {
    const apps = await keys(server.baseUrl);
    // A warm-up of each (the first run brings new players for the upkeep, and JIT).
    await run(server.baseUrl, apps, 'signed', () => server.cpuSeconds());
    await run(server.baseUrl, apps, 'public', () => server.cpuSeconds());
    const signed: number[] = [];
    const pub: number[] = [];
    const signedCpu: number[] = [];
    const publicCpu: number[] = [];
    for (let p = 0; p < PAIRS; p++) {
      for (const mode of p % 2 === 0 ? (['signed', 'public'] as const) : (['public', 'signed'] as const)) {
        const r = await run(server.baseUrl, apps, mode, () => server.cpuSeconds());
        (mode === 'signed' ? signed : pub).push(r.rate);
        (mode === 'signed' ? signedCpu : publicCpu).push(r.cpuPer100k);
        log(`bench: (n2) ${mode} run ${p + 1}: ${r.rate} events/s; server CPU ${r.cpuPer100k.toFixed(2)} s per 100,000 events`);
      }
    }
    return { signed, public: pub, signedMedian: median(signed), publicMedian: median(pub), signedCpu: median(signedCpu), publicCpu: median(publicCpu) };
  } finally {
    await server.stop();
  }
}

/** The rows `npm run bench` prints (bench/run.ts). */
export async function trackingPublicLines(): Promise<Array<{ measure: string; value: string; budget: string; pass: boolean | null }>> {
  try {
    const b = await benchPublicIngest((l) => console.log(l));
    return [
      { measure: '(n2) ingestion with the public key, embedded (median events/s)', value: `${b.publicMedian}`, budget: `≥ ${PUBLIC_INGEST_TARGET}`, pass: b.publicMedian >= PUBLIC_INGEST_TARGET },
      { measure: '  signed, same server, alternating runs (median events/s)', value: `${b.signedMedian}`, budget: 'public ≥ signed', pass: b.publicMedian >= b.signedMedian * 0.95 },
      { measure: '  server CPU per 100,000 events: public / signed', value: `${b.publicCpu.toFixed(2)} s / ${b.signedCpu.toFixed(2)} s`, budget: '', pass: null },
    ];
  } catch (e) {
    return [{ measure: '(n2) ingestion with the public key', value: `not measured: ${e instanceof Error ? e.message : String(e)}`, budget: '', pass: null }];
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const b = await benchPublicIngest((l) => console.log(l));
  console.log(
    `bench: (n2) public key ${b.publicMedian} events/s (runs ${b.public.join(' / ')}), signed ${b.signedMedian} events/s (runs ${b.signed.join(' / ')}); server CPU per 100,000 events ${b.publicCpu.toFixed(2)} s / ${b.signedCpu.toFixed(2)} s`,
  );
}
