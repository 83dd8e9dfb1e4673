import { test } from '@playwright/test';
import { isRecord } from './json';
import { HttpClient, type Reply } from './tests/support/http';

/**
 * The areas of the contract: what a target may offer. The real back end (django-vue-admin 2.x) is the
 * system API only; the reference server adds the platform's areas (GAME-AREAS.md). Before a run the
 * suite asks each target which areas it offers (global-setup.ts, or the worker for the embedded
 * reference server): from its menus (`web_router`, the components under each area's folders) and one
 * probe route per area, asked without a token. An area whose probe answers the envelope (any code:
 * `身份认证信息未提供。` counts) is offered; Django's HTML 404, or any answer that is not the envelope,
 * means it is not.
 *
 * An area's tests run only on a target that offers it (or that CONTRACT_AREAS names, see below); for
 * any other target they are left out of the run, and the verdict project of that target reports the
 * area once, skipped with the reason (verdicts/verdicts.spec.ts).
 */
export const AREAS = {
  auth: { title: 'sign-in, captcha, tokens, public settings', probe: 'api/init/settings/', menus: [] },
  system: { title: 'system management (users, roles, menus, departments, dictionaries, logs, datav)', probe: 'api/system/user/', menus: ['system/'] },
  messages: { title: 'message center and its socket', probe: 'api/system/message_center/', menus: ['system/messageCenter/'] },
  files: { title: 'attachments', probe: 'api/system/file/', menus: ['system/fileList/'] },
  game: { title: 'game catalogue and gift codes', probe: 'api/game/android/', menus: ['game/'] },
  common: { title: 'shared accounts, tags, partners', probe: 'api/common/tag/', menus: ['common/'] },
  tracking: { title: 'tracking apps, events, funnels and sessions', probe: 'api/embed_configure/game/', menus: ['embed_configure/', 'data_embed/'] },
  players: { title: 'player accounts and devices', probe: 'api/center_users/accounts/', menus: ['center_users/'] },
  income: { title: 'income (orders and payments)', probe: 'api/center_income/details/', menus: ['center_income/'] },
  advertising: { title: 'ad campaigns and attribution', probe: 'api/advertisement/campaign/', menus: ['advertisement/'] },
  cooperate: { title: 'partner settlement reports', probe: 'api/cooperate/reports/', menus: ['cooperate/'] },
  reports: { title: 'data reports', probe: 'api/data_reports/user_stats/', menus: ['data_reports/'] },
  automation: { title: 'background jobs and schedules', probe: 'api/automation/task/', menus: ['automation/'] },
  dashboard: { title: 'workbench, realtime and monitor', probe: 'api/dashboard/realtime/', menus: ['dashboard/'] },
} as const satisfies Record<string, { title: string; probe: string; menus: readonly string[] }>;

export type AreaName = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as AreaName[];

/** What a target answered for one area. */
export interface AreaOffer {
  offered: boolean;
  /** Forced by CONTRACT_AREAS (or by design, for the reference server): the area must be offered. */
  required: boolean;
  /** One sentence: the probe's answer and the menus, e.g. `GET api/game/android/ answered HTML 404 …`. */
  evidence: string;
}

export type TargetOffers = Record<AreaName, AreaOffer>;

/** The env variable global-setup.ts fills: project name → what its target offers. */
const OFFERS_ENV = 'CONTRACT_OFFERS';

/** CONTRACT_AREAS=system,game,…: the areas a target must offer (then a missing one fails loudly). */
export function requiredAreas(value = process.env.CONTRACT_AREAS): AreaName[] | null {
  if (value === undefined || value.trim() === '') return null;
  if (value.trim() === 'all') return [...AREA_NAMES];
  return value.split(',').map((v) => {
    const name = v.trim();
    if (!(AREA_NAMES as string[]).includes(name)) throw new Error(`CONTRACT_AREAS: unknown area ${JSON.stringify(name)} (known: ${AREA_NAMES.join(', ')})`);
    return name as AreaName;
  });
}

function describeAnswer(reply: Reply | null, error: string | null): { envelope: boolean; text: string } {
  if (!reply) return { envelope: false, text: `did not answer (${error ?? 'no answer'})` };
  const body = reply.json;
  if (isRecord(body) && typeof body.code === 'number' && 'msg' in body) return { envelope: true, text: `answered the envelope (HTTP ${reply.status}, code ${body.code})` };
  const type = String(reply.headers['content-type'] ?? '');
  if (reply.status === 404 && type.includes('text/html')) return { envelope: false, text: 'answered HTML 404' };
  return { envelope: false, text: `answered HTTP ${reply.status} ${type || 'without a content type'}, not the envelope` };
}

/**
 * Asks a target which areas it offers. `token`, when there is one, reads the menus (web_router);
 * the probes go without a token, as the real back end's router answers an unknown path before any
 * permission check.
 */
export async function probeAreas(baseUrl: string, token: string | null, required: readonly AreaName[] | null): Promise<TargetOffers> {
  const client = new HttpClient(baseUrl);
  let components: string[] | null = null;
  if (token) {
    const menus = await client.get('api/system/menu/web_router/', { token }).catch(() => null);
    const rows = isRecord(menus?.json) && isRecord(menus.json.data) && Array.isArray(menus.json.data.data) ? menus.json.data.data : null;
    if (rows) components = rows.map((r) => (isRecord(r) && typeof r.component === 'string' ? r.component : '')).filter((c) => c !== '');
  }
  const offers = {} as TargetOffers;
  for (const name of AREA_NAMES) {
    const area = AREAS[name];
    let reply: Reply | null = null;
    let error: string | null = null;
    try {
      reply = await client.get(area.probe);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const answer = describeAnswer(reply, error);
    const menuText =
      area.menus.length === 0
        ? ''
        : components === null
          ? '; menus not read (no session)'
          : `; web_router: ${components.filter((c) => area.menus.some((p) => c.startsWith(p))).length} of ${components.length} menus under ${area.menus.join(', ')}`;
    offers[name] = { offered: answer.envelope, required: required?.includes(name) ?? false, evidence: `GET ${area.probe} ${answer.text}${menuText}` };
  }
  return offers;
}

/** The sentence for an area the target does not offer. */
export function notOfferedReason(area: AreaName, offer: AreaOffer): string {
  return `target does not offer the ${area} area: ${offer.evidence}`;
}

export function storeOffers(project: string, offers: TargetOffers): void {
  const all = loadOffers();
  all[project] = offers;
  process.env[OFFERS_ENV] = JSON.stringify(all);
}

/** Every target asked before the run (global-setup.ts): project name → offers. */
export function loadOffers(): Record<string, TargetOffers> {
  const raw = process.env[OFFERS_ENV];
  if (!raw) return {};
  const parsed = JSON.parse(raw) as unknown;
  return isRecord(parsed) ? (parsed as Record<string, TargetOffers>) : {};
}

/** Tag that leaves a test out of a project's run (playwright.config.ts: grepInvert). */
export const notOfferedTag = (project: string): string => `@not-offered-by-${project}`;

/**
 * Declares the tests of an area (the first name; the others are areas the tests also need, e.g. a
 * player test plays a game through the tracking API). They carry the tag `@area:<name>` (the verdict
 * reads it) and, for each target asked before the run that does not offer one of these areas, the tag
 * that leaves them out of that target's run: the verdict then reports the area once, with the reason.
 */
export function areaTests(areas: AreaName | readonly [AreaName, ...AreaName[]], body: () => void): void {
  const list: readonly AreaName[] = typeof areas === 'string' ? [areas] : areas;
  const main = list[0] ?? 'system';
  const tags = [`@area:${main}`];
  for (const [project, offers] of Object.entries(loadOffers())) {
    if (list.some((a) => offers[a] && !offers[a].offered && !offers[a].required)) tags.push(notOfferedTag(project));
  }
  test.describe(`area ${main}`, { tag: tags }, body);
}

/** The area of a test, from its tags. */
export function areaOfTags(tags: readonly string[]): AreaName | null {
  for (const t of tags) {
    const m = /^@area:(.+)$/.exec(t);
    if (m && (AREA_NAMES as string[]).includes(m[1] ?? '')) return m[1] as AreaName;
  }
  return null;
}
