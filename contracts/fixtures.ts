import { test as base } from '@playwright/test';
import { captchaResult, captchaStatus, loginResult, refreshResult, settings, type LoginResult } from './schemas';
import { HttpClient, formatLog } from './tests/support/http';
import { expectSuccess } from './tests/support/expect-contract';
import { declaredFlavour, type Flavour } from './known-differences';
import { AREA_NAMES, areaOfTags, loadOffers, probeAreas } from './areas';
import { recordOffers, recordOutcome } from './verdicts/outcomes';

/**
 * The target of the contract suite.
 *
 * - CONTRACT_BASE_URL unset: the embedded reference server is started in this worker
 *   (`startTestServer({ captcha: true })`), and logins solve its captcha through `captchaAnswer(key)`,
 *   the way a harness reads the real back end's database.
 * - CONTRACT_BASE_URL set: the suite aims at that server, signing in with CONTRACT_USERNAME /
 *   CONTRACT_PASSWORD (default superadmin / admin123456) or, when captcha is on there, with
 *   CONTRACT_REFRESH_TOKEN (exchanged for an access token through token/refresh/).
 * - the `standin` project (option `standin: true`): the stand-in of the real back end
 *   (contracts/standin/), the embedded server behind the facts of API-CONTRACT §17 and §18, started
 *   by global-setup.ts (CONTRACT_STANDIN_URL) and tested as an external target (captcha off, plain login).
 */

type TestServer = Awaited<ReturnType<typeof import('../server/testing').startTestServer>>;

export interface Target {
  kind: 'embedded' | 'external';
  /** http(s)://host:port, no trailing slash. */
  baseUrl: string;
  /** ws(s)://host:port, no trailing slash. */
  wsBase: string;
  /**
   * 'reference' when the target answers GET api/captcha/status/ (the reference server), else 'upstream'
   * (the real back end); CONTRACT_FLAVOUR declares it instead.
   */
  flavour: Flavour;
  /** `base.captcha_state` of the target when the worker started. */
  captchaOn: boolean;
  /** The target holds the sample data of a fresh instance (menus 1-17, dictionaries, departments). */
  fixtureData: boolean;
  /** The embedded server (captcha answers, token signing); null for an external target. */
  server: TestServer | null;
  username: string;
  password: string;
  /** A second, non-superuser account (sample: test). */
  otherUsername: string;
  refreshToken: string | null;
}

export interface Session {
  access: string;
  refresh: string;
}

export interface CaptchaFields {
  captcha?: string;
  captchaKey?: number;
}

export interface Auth {
  /**
   * Fields for one login attempt: a solved challenge on the embedded server, nothing when captcha is
   * off. Skips the calling test when the target's captcha is on and cannot be solved here.
   */
  captchaFields(): Promise<CaptchaFields>;
  /** A fresh login with its own tokens (default: the main account). */
  login(username?: string, password?: string): Promise<LoginResult>;
  /** The main account's tokens, shared by the tests of this worker. */
  session(): Promise<Session>;
}

const FRESH_LOGIN_SKIP =
  'This test needs a fresh login, and the target has captcha on, which only the embedded server lets the suite solve. ' +
  'Turn captcha off on the target (system config base.captcha_state, or CAPTCHA=off on a reference server) to run it.';

const SESSION_SKIP =
  'The target has captcha on and no CONTRACT_REFRESH_TOKEN was given, so the suite cannot sign in. ' +
  'Set CONTRACT_REFRESH_TOKEN (sign in once in a browser and copy the refresh token) or turn captcha off on the target.';

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

async function startTarget(standin: boolean): Promise<{ target: Target; stop: () => Promise<void> }> {
  const external = env('CONTRACT_BASE_URL');
  let server: TestServer | null = null;
  let baseUrl: string;
  const standIn = standin;
  if (standin) {
    const url = env('CONTRACT_STANDIN_URL');
    if (!url) throw new Error('the standin project needs the stand-in that global-setup.ts starts (CONTRACT_STANDIN_URL is not set)');
    baseUrl = url;
  } else if (external) {
    baseUrl = external.replace(/\/+$/, '');
  } else {
    const { startTestServer } = await import('../server/testing');
    server = await startTestServer({ captcha: true, env: { JOBS: 'on' } });
    baseUrl = server.baseUrl.replace(/\/+$/, '');
  }
  const stop = async () => {
    if (server) await server.close();
  };
  try {
    const client = new HttpClient(baseUrl);
    const s = expectSuccess(await client.get('api/init/settings/'), settings, 'GET api/init/settings/');
    const status = await client.get('api/captcha/status/');
    const isReference = status.status === 200 && captchaStatus.safeParse((status.json as { data?: unknown } | undefined)?.data).success;
    const target: Target = {
      kind: server ? 'embedded' : 'external',
      baseUrl,
      wsBase: baseUrl.replace(/^http/, 'ws'),
      flavour: declaredFlavour() ?? (server || isReference ? 'reference' : 'upstream'),
      captchaOn: s['base.captcha_state'] === true,
      // The stand-in is the embedded server inside: the sample data of a fresh instance.
      fixtureData: server || standIn ? true : env('CONTRACT_FIXTURE_DATA') !== '0',
      server,
      username: standIn ? 'superadmin' : (env('CONTRACT_USERNAME') ?? 'superadmin'),
      password: standIn ? 'admin123456' : (env('CONTRACT_PASSWORD') ?? 'admin123456'),
      otherUsername: standIn ? 'test' : (env('CONTRACT_OTHER_USERNAME') ?? 'test'),
      refreshToken: server || standIn ? null : (env('CONTRACT_REFRESH_TOKEN') ?? null),
    };
    if (target.kind === 'external') console.log(describeTarget(target));
    return { target, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** One paragraph at the start of an external run: what is tested, and what cannot be. */
function describeTarget(t: Target): string {
  const auth = t.refreshToken
    ? 'CONTRACT_REFRESH_TOKEN'
    : t.captchaOn
      ? 'none possible (captcha on, no CONTRACT_REFRESH_TOKEN): tests that need a session are skipped'
      : `login as ${t.username}`;
  const lines = [
    `contract target: ${t.baseUrl} (${t.flavour === 'reference' ? 'a reference server' : 'the real back end'}${declaredFlavour() ? ', declared by CONTRACT_FLAVOUR' : ''})`,
    `  captcha: ${t.captchaOn ? 'on' : 'off'}; session: ${auth}; sample-data checks: ${t.fixtureData ? 'on' : 'off (CONTRACT_FIXTURE_DATA=0)'}`,
  ];
  if (t.captchaOn) lines.push('  tests that must sign in afresh are skipped: only the embedded server lets the suite solve a captcha');
  lines.push('  tests that need the server\'s signing key (expired token, other secret) run only on the embedded server');
  return lines.join('\n');
}

function makeAuth(target: Target): Auth {
  const client = new HttpClient(target.baseUrl);
  let cached: Session | null = null;

  const captchaFields = async (): Promise<CaptchaFields> => {
    const reply = await client.get('api/captcha/');
    const data = expectSuccess(reply, captchaResult, 'GET api/captcha/');
    if (!('key' in data)) return {};
    if (!target.server) {
      base.skip(true, FRESH_LOGIN_SKIP);
      return {};
    }
    const answer = await target.server.captchaAnswer(data.key);
    if (answer === null) throw new Error(`captchaAnswer(${data.key}) returned null for a key the server just issued`);
    return { captcha: answer, captchaKey: data.key };
  };

  const login = async (username = target.username, password = target.password): Promise<LoginResult> => {
    const fields = await captchaFields();
    const reply = await client.post('api/login/', { json: { username, password, ...fields } });
    return expectSuccess(reply, loginResult, `POST api/login/ as ${username}`);
  };

  const session = async (): Promise<Session> => {
    if (cached) return cached;
    if (target.refreshToken) {
      const reply = await client.post('token/refresh/', { json: { refresh: target.refreshToken } });
      const data = expectSuccess(reply, refreshResult, 'POST token/refresh/ with CONTRACT_REFRESH_TOKEN');
      cached = { access: data.access, refresh: data.refresh };
      return cached;
    }
    if (target.captchaOn && !target.server) base.skip(true, SESSION_SKIP);
    const data = await login();
    cached = { access: data.access, refresh: data.refresh };
    return cached;
  };

  return { captchaFields, login, session };
}

export const test = base.extend<{ api: HttpClient; areaOutcome: void }, { target: Target; auth: Auth; standin: boolean }>({
  /** Aim at the stand-in of the real back end (the `standin` project of playwright.config.ts). */
  standin: [false, { scope: 'worker', option: true }],
  target: [
    async ({ standin }, provide) => {
      const { target, stop } = await startTarget(standin);
      try {
        await provide(target);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  auth: [
    async ({ target }, provide, workerInfo) => {
      const auth = makeAuth(target);
      // The embedded reference server is asked here which areas it offers (global-setup.ts asks the
      // others before the run): it must offer all of them, which its verdict project checks.
      const project = workerInfo.project.name;
      if (target.server && !loadOffers()[project]) {
        const { access } = await auth.session();
        recordOffers(workerInfo.project.outputDir, project, await probeAreas(target.baseUrl, access, AREA_NAMES));
      }
      await provide(auth);
    },
    { scope: 'worker', auto: true },
  ],
  /** Keeps what each test of an area did, for the area's verdict (verdicts/). */
  areaOutcome: [
    // Playwright reads a fixture's dependencies from the destructuring: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      await provide();
      const area = areaOfTags(testInfo.tags);
      if (!area) return;
      recordOutcome(testInfo.project.outputDir, testInfo.project.name, {
        area,
        title: testInfo.title,
        status: testInfo.status ?? 'passed',
        error: testInfo.errors.map((e) => e.message ?? '').join('\n').slice(0, 4000),
        knownDifferences: testInfo.annotations.filter((a) => a.type === 'known-difference').map((a) => a.description ?? ''),
      });
    },
    { auto: true },
  ],
  /** A client for the test; every request and answer is attached to the test's report. */
  api: async ({ target }, provide, testInfo) => {
    const client = new HttpClient(target.baseUrl);
    await provide(client);
    const log = client.takeLog();
    if (log.length > 0) await testInfo.attach('http-exchanges.txt', { body: formatLog(log), contentType: 'text/plain' });
  },
});

export { expect } from '@playwright/test';
