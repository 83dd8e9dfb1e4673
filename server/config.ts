import { resolve } from 'node:path';

/** Everything the server reads from its environment, parsed once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database and the generated JWT secret; null = nothing on disk (tests). */
  dataDir: string | null;
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  databaseUrl: string | null;
  /** HS256 key; null = generated on first start and kept in DATA_DIR/jwt-secret. */
  jwtSecret: string | null;
  /** CAPTCHA=on|off forces base.captcha_state at start; null leaves the stored setting alone. */
  captcha: boolean | null;
  /** Written into index.html for the console: where it finds the API ('' = same origin). */
  apiUrl: string;
  /** Socket path template for the console, `{token}` replaced by the access token. */
  wsPath: string;
  /** Fastify log level (JSON lines with request ids); default info; null = logging off (LOG_LEVEL=off). */
  logLevel: string | null;
  /** PUBLIC_URL: this server's public origin, for absolute file URLs (`?prefix=1`); null = from API_URL or the listening address. */
  publicUrl: string | null;
  /** TRUST_PROXY: Fastify's trustProxy (false, true, a hop count, or addresses/CIDRs) so req.ip is the client's. */
  trustProxy: boolean | number | string;
  /** CORS_ORIGINS: origins allowed to call with credentials besides this server's own; never `null`. */
  corsOrigins: readonly string[];
  /** SIGNIN_RATE_LIMIT: sign-in, captcha and refresh calls per client IP per minute (all instances together). */
  signInPerMinute: number;
  /**
   * REDEEM_PLAYER_PER_MINUTE (default 10) and REDEEM_ADDRESS_PER_MINUTE (default 60): gift-code
   * redemptions per player and per client address per minute (all instances together).
   */
  redeemPerMinute: { player: number; address: number };
  /** Folder of the built console; null = do not serve it. */
  consoleDir: string | null;
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  /** GRAPHQL_UPSTREAM: the REST server the gateway at POST /graphql calls; null = this very server. */
  graphqlUpstream: string | null;
  /** CONSOLE_ADAPTER=rest|graphql: which ConsoleApi the console uses (written into index.html). */
  consoleAdapter: 'rest' | 'graphql';
  /**
   * ACCOUNT_SECRET_KEY: the key shared-account secrets are encrypted with (at least 16 characters);
   * null = generated on first start and kept in DATA_DIR/account-secret-key (see domain/secret-box.ts).
   */
  accountSecretKey: string | null;
  /** Largest upload per purpose (ICON_MAX_MB, default 2; PACKAGE_MAX_MB, default 512), in bytes. */
  uploadMaxBytes: { icon: number; package: number };
  /** ANALYTICS_TZ: the IANA time zone whose calendar days the event analysis counts in (default Asia/Shanghai). */
  analyticsTz: string;
  /**
   * SAMPLE_EVENTS=on|off: on the first start of a fresh database, play the event simulator against
   * this server (default on for `npm start`; tests and in-memory servers leave it off).
   */
  sampleEvents: boolean;
  /**
   * FAST_SAMPLE_PASSWORDS=on|off: a fresh database's sample accounts get their known password hashed at
   * KNOWN_PASSWORD_COST (server/auth/password.ts), so each sign-in of a test costs ~2 ms of CPU, not
   * ~0.2 s. Default off; the test servers turn it on (server/testing.ts). Passwords people set always
   * get the full cost.
   */
  fastSamplePasswords: boolean;
  /**
   * JOBS=on|off: this instance works the job queue (runs jobs, ticks the schedules, heartbeats as a
   * worker). Default on; the test servers leave it off unless a test asks (a queued run then waits).
   */
  jobs: boolean;
  /**
   * PGLITE_THREAD=on|off: run the embedded database in its own worker thread (server/db/pglite-thread.ts).
   * null (unset) = on for a data folder, off for an in-memory database (tests: a snapshot per server).
   */
  pgliteThread: boolean | null;
  /**
   * PAGE_CHECK_ALLOW_HOSTS: `host:port` pairs (comma-separated) the page checks (automation/webElement)
   * may load although they are loopback or private addresses (tests, an intranet staging host). Empty by
   * default: only public addresses are fetched.
   */
  pageCheckAllowHosts: string[];
}

export class ConfigError extends Error {}

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT must be an integer 0-65535, got "${raw}"`);
  return n;
}

function parseHostPorts(name: string, raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const item = part.trim().toLowerCase();
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(item)) throw new ConfigError(`${name} must list host:port pairs separated by commas, got "${part.trim()}"`);
    return item;
  });
}

function parseSwitch(name: string, raw: string | undefined): boolean | null {
  if (raw === undefined || raw === '') return null;
  const v = raw.toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

/** A size in megabytes (decimals allowed, e.g. 0.5) → bytes. */
function parseMegabytes(name: string, raw: string | undefined, fallbackMb: number): number {
  if (raw === undefined || raw === '') return fallbackMb * 1024 * 1024;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 16 * 1024) throw new ConfigError(`${name} must be a number of megabytes above 0 (at most 16384), got "${raw}"`);
  return Math.floor(n * 1024 * 1024);
}

function parseTimeZone(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return 'Asia/Shanghai';
  const tz = raw.trim();
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new ConfigError(`ANALYTICS_TZ must be an IANA time zone (e.g. Asia/Shanghai, UTC), got "${raw}"`);
  }
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) throw new ConfigError(`ANALYTICS_TZ must be an IANA time zone (e.g. Asia/Shanghai, UTC), got "${raw}"`);
  return tz;
}

function parseAdapter(raw: string | undefined): 'rest' | 'graphql' {
  if (raw === undefined || raw === '') return 'rest';
  const v = raw.toLowerCase();
  if (v === 'rest' || v === 'graphql') return v;
  throw new ConfigError(`CONSOLE_ADAPTER must be rest or graphql, got "${raw}"`);
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 120;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new ConfigError(`SIGNIN_RATE_LIMIT must be a whole number of calls per minute, got "${raw}"`);
  return n;
}

function parsePerMinute(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new ConfigError(`${name} must be a whole number of calls per minute, got "${raw}"`);
  return n;
}

function parsePublicUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${raw}"`);
  return url.origin;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '') return false;
  const v = raw.trim().toLowerCase();
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  if (['on', 'true', 'yes'].includes(v)) return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (/^[0-9a-f.:/,\s]+$/.test(v)) return v.split(',').map((s) => s.trim()).filter(Boolean).join(',');
  throw new ConfigError(`TRUST_PROXY must be on, off, a hop count or addresses/CIDRs, got "${raw}"`);
}

function parseOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const text = item.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ConfigError(`CORS_ORIGINS must list http(s) origins, got "${text}"`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') throw new ConfigError(`CORS_ORIGINS must list http(s) origins, got "${text}"`);
    return url.origin;
  });
}

/** Reads the configuration from an environment map (process.env by default). Throws ConfigError on bad values. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): ServerConfig {
  const rawLevel = env.LOG_LEVEL && env.LOG_LEVEL !== '' ? env.LOG_LEVEL.toLowerCase() : 'info';
  const logLevel = rawLevel === 'off' ? null : rawLevel;
  if (logLevel !== null && !LOG_LEVELS.has(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const jwtSecret = env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : null;
  if (jwtSecret !== null && jwtSecret.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters');
  const wsPath = env.WS_PATH && env.WS_PATH !== '' ? env.WS_PATH : 'api/ws/{token}/';
  if (!wsPath.includes('{token}')) throw new ConfigError('WS_PATH must contain {token}');
  const accountSecretKey = env.ACCOUNT_SECRET_KEY && env.ACCOUNT_SECRET_KEY !== '' ? env.ACCOUNT_SECRET_KEY : null;
  if (accountSecretKey !== null && accountSecretKey.length < 16) throw new ConfigError('ACCOUNT_SECRET_KEY must be at least 16 characters');
  return {
    port: parsePort(env.PORT, 8080),
    host: env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1',
    dataDir: resolve(cwd, env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : '.data'),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL !== '' ? env.DATABASE_URL : null,
    jwtSecret,
    captcha: parseSwitch('CAPTCHA', env.CAPTCHA),
    apiUrl: env.API_URL ?? '',
    wsPath,
    logLevel,
    consoleDir: resolve(cwd, env.CONSOLE_DIR && env.CONSOLE_DIR !== '' ? env.CONSOLE_DIR : 'dist'),
    bodyLimit: 1024 * 1024,
    graphqlUpstream: env.GRAPHQL_UPSTREAM && env.GRAPHQL_UPSTREAM !== '' ? env.GRAPHQL_UPSTREAM : null,
    consoleAdapter: parseAdapter(env.CONSOLE_ADAPTER),
    accountSecretKey,
    uploadMaxBytes: { icon: parseMegabytes('ICON_MAX_MB', env.ICON_MAX_MB, 2), package: parseMegabytes('PACKAGE_MAX_MB', env.PACKAGE_MAX_MB, 512) },
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    signInPerMinute: parseLimit(env.SIGNIN_RATE_LIMIT),
    redeemPerMinute: { player: parsePerMinute('REDEEM_PLAYER_PER_MINUTE', env.REDEEM_PLAYER_PER_MINUTE, 10), address: parsePerMinute('REDEEM_ADDRESS_PER_MINUTE', env.REDEEM_ADDRESS_PER_MINUTE, 60) },
    analyticsTz: parseTimeZone(env.ANALYTICS_TZ),
    sampleEvents: parseSwitch('SAMPLE_EVENTS', env.SAMPLE_EVENTS) ?? true,
    fastSamplePasswords: parseSwitch('FAST_SAMPLE_PASSWORDS', env.FAST_SAMPLE_PASSWORDS) ?? false,
    jobs: parseSwitch('JOBS', env.JOBS) ?? true,
    pgliteThread: parseSwitch('PGLITE_THREAD', env.PGLITE_THREAD),
    pageCheckAllowHosts: parseHostPorts('PAGE_CHECK_ALLOW_HOSTS', env.PAGE_CHECK_ALLOW_HOSTS),
  };
}
