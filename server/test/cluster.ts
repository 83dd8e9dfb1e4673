import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context';
import { startTestServerWithContext, type TestServer } from '../testing';
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
