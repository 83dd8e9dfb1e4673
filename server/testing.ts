import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { loadConfig } from './config';
import { signJwt } from './auth/jwt';
import { issueToken } from './auth/tokens';
import { playSampleEvents } from './seed/simulator';
import { captchaAnswer } from './captcha/store';
import type { AppContext } from './context';
import { setStrictTransactions } from './db/tx-guard';
import { loadRunTemplate } from './test/db-template';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** ws://127.0.0.1:<port> */
  wsUrl: string;
  /** The stored answer of a captcha key (null once checked or unknown). */
  captchaAnswer(key: number): Promise<string | null>;
  /**
   * Signs claims with the server's key (or `opts.secret`), header alg `opts.alg` (default HS256; `none`
   * gives an unsigned token). Missing claims default to a valid access token of user 1; pass a claim as
   * undefined to leave it out.
   */
  signToken(claims: Record<string, unknown>, opts?: { alg?: string; secret?: string }): string;
  /** Reads the database directly: for tests that check figures on screen against the raw rows. */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Captcha on (default) or off. */
  captcha?: boolean;
  /** Serve the built console from dist/ (default false). */
  serveConsole?: boolean;
  /** Extra environment (e.g. API_URL, WS_PATH, JWT_SECRET, DATA_DIR, DATABASE_URL). */
  env?: Record<string, string>;
  /** A fixed 127.0.0.1 port (default: any free one), e.g. to name this server in another's CORS_ORIGINS first. */
  port?: number;
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * A seeded reference server on a random 127.0.0.1 port with throwaway data: an in-memory database
 * and key, unless env names a DATA_DIR or DATABASE_URL. Logs off, and the per-IP sign-in limit out of
 * the way (every suite signs in from 127.0.0.1 many times a minute) unless env sets SIGNIN_RATE_LIMIT.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  return (await startTestServerWithContext(opts)).srv;
}

/**
 * PGLITE_THREAD from this process's environment (`PGLITE_THREAD=on npx vitest run …` runs a suite's
 * in-memory servers with the database in its own thread, as a data-folder server runs by default).
 */
function threadFromEnvironment(): Record<string, string> {
  const v = process.env.PGLITE_THREAD;
  return v === undefined || v === '' ? {} : { PGLITE_THREAD: v };
}

/** The same, also handing out the server's internals (database, caches) for the server's own tests. */
export async function startTestServerWithContext(opts: TestServerOptions = {}): Promise<{ srv: TestServer; ctx: AppContext }> {
  // A query around an open transaction fails loudly in every suite (unit, contracts, e2e) instead of hanging.
  setStrictTransactions(true);
  const env = opts.env ?? {};
  const config = loadConfig({ CAPTCHA: opts.captcha === false ? 'off' : 'on', LOG_LEVEL: 'off', SIGNIN_RATE_LIMIT: '100000', REDEEM_PLAYER_PER_MINUTE: '100000', REDEEM_ADDRESS_PER_MINUTE: '100000', SAMPLE_EVENTS: 'off', JOBS: 'off', FAST_SAMPLE_PASSWORDS: 'on', ...threadFromEnvironment(), ...env, PORT: String(opts.port ?? 0), HOST: '127.0.0.1' }, REPO_ROOT);
  if (env.DATA_DIR === undefined) config.dataDir = null;
  if (!opts.serveConsole) config.consoleDir = null;
  // In-memory servers of a test run start from the run's migrated, seeded template (test/db-template.ts),
  // unless a test names its own secrets key (the template's sample secrets are sealed with the run's).
  if (config.dataDir === null && config.databaseUrl === null && config.accountSecretKey === null) await loadRunTemplate();
  const server = await buildServer(config);
  const baseUrl = await server.listen();
  const secret = server.ctx.jwtSecret;
  // SAMPLE_EVENTS=on: the event simulator's first-start sample, through this server's ingestion API.
  if (env.SAMPLE_EVENTS === 'on') await playSampleEvents(server.ctx.db, baseUrl, (id) => issueToken('access', id, secret).token);
  const srv: TestServer = {
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    captchaAnswer: (key) => captchaAnswer(server.ctx.db, key),
    signToken(claims, o = {}) {
      const now = Math.floor(Date.now() / 1000);
      const defaults = { token_type: 'access', exp: now + 3600, iat: now, jti: randomBytes(16).toString('hex'), user_id: 1 };
      return signJwt({ ...defaults, ...claims }, o.secret ?? secret, o.alg ?? 'HS256');
    },
    query: (sql, params) => server.ctx.db.query(sql, params),
    close: () => server.close(),
  };
  return { srv, ctx: server.ctx };
}
