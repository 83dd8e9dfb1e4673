import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context';
import { startTestServerWithContext, type TestServer } from '../testing';
import { login } from './helpers';
import { startPostgres, type TestPostgres } from './postgres-server';

/** One server instance of a cluster test. */
export interface Instance {
  srv: TestServer;
  ctx: AppContext;
}

/** Two instances on one PostgreSQL database, and the PostgreSQL server under them. */
export interface Cluster {
  pg: TestPostgres;
  a: Instance;
  b: Instance;
}

const SETUP_MS = 120_000;

/**
 * A suite's two server instances on one new PostgreSQL database `database` (on a PostgreSQL server
 * started here on loopback): before its tests, started one after the other (the first migrates and
 * seeds, the second finds the work done) with `env` besides DATABASE_URL and captcha off, and handed
 * to `take`; after its tests, both closed and the PostgreSQL server stopped.
 */
export function twoInstances(database: string, env: Record<string, string>, take: (cluster: Cluster) => void, timeouts: { start?: number; stop?: number } = {}): void {
  let pg: TestPostgres | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
    await pg.psql(`CREATE DATABASE ${database}`);
    const both = { DATABASE_URL: pg.urlFor(database), ...env };
    a = await startTestServerWithContext({ captcha: false, env: both });
    b = await startTestServerWithContext({ captcha: false, env: both });
    take({ pg, a, b });
  }, timeouts.start ?? SETUP_MS);
  afterAll(async () => {
    await a?.srv.close();
    await b?.srv.close();
    await pg?.stop();
  }, timeouts.stop ?? SETUP_MS);
}

/**
 * A suite's server on the embedded database (`kind` 'pglite') or on a new database `database` of a
 * PostgreSQL server started here ('postgres', with `env` besides DATABASE_URL), captcha off, signed in
 * as superadmin: before its tests, handed to `take` with that access token; after them, closed (and
 * the PostgreSQL server stopped). `timeout` bounds the start.
 */
export function serverOn(kind: 'pglite' | 'postgres', database: string, env: Record<string, string>, take: (instance: Instance & { sa: string }) => void, timeout = SETUP_MS): void {
  let pg: TestPostgres | undefined;
  let srv: TestServer | undefined;
  beforeAll(async () => {
    if (kind === 'postgres') {
      pg = await startPostgres();
      await pg.psql(`CREATE DATABASE ${database}`);
    }
    const started = await startTestServerWithContext({ captcha: false, env: pg ? { DATABASE_URL: pg.urlFor(database), ...env } : undefined });
    srv = started.srv;
    take({ ...started, sa: (await login(started.srv, 'superadmin', 'admin123456', false)).access });
  }, timeout);
  afterAll(async () => {
    await srv?.close();
    await pg?.stop();
  }, SETUP_MS);
}
