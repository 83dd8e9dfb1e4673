import type { FullConfig } from '@playwright/test';
import { probeAreas, requiredAreas, storeOffers, type AreaName } from './areas';
import { isRecord } from './json';
import { HttpClient } from './tests/support/http';

/**
 * Before the run: starts the stand-in of the real back end (when its project runs; its workers use it
 * through CONTRACT_STANDIN_URL), and asks each target that is not started inside a worker which areas
 * it offers (areas.ts). The answers go to the test files through CONTRACT_OFFERS, so that an area a
 * target does not offer is left out of its run and reported once by its verdict project.
 *
 * The embedded reference server is started in its worker (the suite reads its captcha answers and
 * signs tokens with its key there); it offers every area by design, which its verdicts check.
 */

/** The projects named by `--project` on the command line (all when none is). */
function selectedProjects(config: FullConfig): Set<string> {
  const names = config.projects.map((p) => p.name);
  const asked: string[] = [];
  const argv = process.argv;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--project' && argv[i + 1]) asked.push(argv[++i] ?? '');
    else if (arg.startsWith('--project=')) asked.push(arg.slice('--project='.length));
  }
  if (asked.length === 0) return new Set(names);
  return new Set(names.filter((n) => asked.some((a) => a === n || n.startsWith(`${a} `))));
}

/** A session for reading the target's menus, when the target lets the suite sign in. */
async function sessionToken(baseUrl: string, username: string, password: string, refresh: string | null): Promise<string | null> {
  const client = new HttpClient(baseUrl);
  const reply = refresh
    ? await client.post('token/refresh/', { json: { refresh } }).catch(() => null)
    : await client.post('api/login/', { json: { username, password } }).catch(() => null);
  const data = isRecord(reply?.json) && isRecord(reply.json.data) ? reply.json.data : null;
  return typeof data?.access === 'string' ? data.access : null;
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const projects = selectedProjects(config);
  const stops: Array<() => Promise<void>> = [];
  const lines: string[] = [];
  const ask = async (project: string, baseUrl: string, token: string | null, required: AreaName[] | null) => {
    const offers = await probeAreas(baseUrl, token, required);
    storeOffers(project, offers);
    const offered = Object.entries(offers).filter(([, o]) => o.offered).map(([a]) => a);
    const missing = Object.entries(offers).filter(([, o]) => !o.offered).map(([a]) => a);
    lines.push(`${project} (${baseUrl}) offers: ${offered.join(', ') || 'nothing'}${missing.length ? `; not offered: ${missing.join(', ')}` : ''}${required ? ` (CONTRACT_AREAS: ${required.join(', ')})` : ''}`);
  };

  if (projects.has('standin')) {
    const { startStandIn, faultsFromEnv } = await import('./standin');
    const standIn = await startStandIn({ faults: faultsFromEnv(process.env.CONTRACT_STANDIN_FAULTS) });
    stops.push(() => standIn.close());
    process.env.CONTRACT_STANDIN_URL = standIn.baseUrl;
    await ask('standin', standIn.baseUrl, await sessionToken(standIn.baseUrl, 'superadmin', 'admin123456', null), null);
  }
  const external = process.env.CONTRACT_BASE_URL;
  if (projects.has('target') && external) {
    const baseUrl = external.replace(/\/+$/, '');
    const token = await sessionToken(baseUrl, process.env.CONTRACT_USERNAME || 'superadmin', process.env.CONTRACT_PASSWORD || 'admin123456', process.env.CONTRACT_REFRESH_TOKEN || null);
    await ask('target', baseUrl, token, requiredAreas());
  }
  if (lines.length > 0) console.log(`contract areas:\n  ${lines.join('\n  ')}`);

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
