import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throwaway PostgreSQL server on 127.0.0.1 (Debian's package), for integration tests. */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A URL for another database on the same server. */
  urlFor(database: string): string;
  /** Runs SQL through psql as the superuser. */
  psql(sql: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL bin folder, or a clear error naming the package to install. */
export async function postgresBin(): Promise<string> {
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = (await readdir(root)).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  } catch {
    // Not installed.
  }
  if (!versions[0]) throw new Error('PostgreSQL is not installed: run scripts/ensure-system.sh (Debian package postgresql)');
  return join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * initdb into a temp folder and start PostgreSQL on a free loopback port (trust auth, fsync off).
 * PostgreSQL refuses to run as root: as root, the folder is handed to the `postgres` user and the
 * server runs as that user through runuser.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = await postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'console-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const exec = async (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const res = await run(file, argv, { timeout: 60_000, env: { ...process.env, LC_ALL: 'C' } });
    return res.stdout;
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  await exec(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  await exec(join(bin, 'pg_ctl'), [
    '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
    'start',
  ]);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    urlFor,
    psql: (sql) => exec(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc', sql]),
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
