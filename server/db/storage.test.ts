import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { ALL_MENUS } from '../seed/menus';
import { isSeeded, seed } from '../seed';
import { migrate, listMigrations } from './migrate';
import { openPglite } from './pglite';
import type { Db } from './db';

describe('migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  }, SERVER_TIMEOUT_MS);

  it('applies every numbered file once, in order, and records it', async () => {
    const files = await listMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort());
    expect(await migrate(db)).toEqual(files.map((f) => f.version));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
  });

  it('rolls a failing migration back completely and does not record it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    try {
      await writeFile(join(dir, '001_ok.sql'), 'CREATE TABLE t_ok (id int);');
      await writeFile(join(dir, '002_bad.sql'), 'CREATE TABLE t_half (id int); SELECT no_such_function();');
      const fresh = await openPglite('memory://');
      try {
        await expect(migrate(fresh, dir)).rejects.toThrow();
        const recorded = await fresh.query<{ version: string }>('SELECT version FROM schema_migrations');
        expect(recorded.map((r) => r.version)).toEqual(['001_ok']);
        const half = await fresh.query("SELECT 1 FROM information_schema.tables WHERE table_name = 't_half'");
        expect(half).toEqual([]);
      } finally {
        await fresh.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);

  it('seeds once: a second run adds nothing', async () => {
    expect(await isSeeded(db)).toBe(false);
    expect(await seed(db)).toBe(true);
    expect(await seed(db)).toBe(false);
    const count = async (t: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]?.n;
    expect(await count('users')).toBe(3);
    expect(await count('menus')).toBe(ALL_MENUS.length);
    expect(await count('login_log')).toBe(30);
    expect(await count('system_config')).toBe(13);
    expect(await count('dictionaries')).toBe(45);
    // Sequences moved past the explicit ids: a new row gets a free id.
    const [row] = await db.query<{ id: number }>("INSERT INTO depts (name) VALUES ('新部门') RETURNING id");
    expect(row?.id).toBe(4);
  });

  it('stores passwords as scrypt hashes', async () => {
    const rows = await db.query<{ password: string }>('SELECT password FROM users');
    for (const r of rows) expect(r.password).toMatch(/^scrypt\$/);
  });
});

describe('a server on a data folder', () => {
  it('keeps data and the JWT key across restarts; CAPTCHA env forces the setting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'server-data-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, PORT: '0', CAPTCHA: 'off', LOG_LEVEL: 'off' });
      config.consoleDir = null;
      const first = await buildServer(config);
      await first.ctx.db.query("INSERT INTO depts (name) VALUES ('持久部门')");
      const secret = first.ctx.jwtSecret;
      expect(await first.ctx.settings.captchaOn()).toBe(false);
      await first.close();

      const keyFile = join(dir, 'jwt-secret');
      expect(((await stat(keyFile)).mode & 0o777).toString(8)).toBe('600');
      expect((await readFile(keyFile, 'utf8')).trim()).toBe(secret);

      const second = await buildServer({ ...config, captcha: true });
      try {
        expect(second.ctx.jwtSecret).toBe(secret);
        const kept = await second.ctx.db.query("SELECT 1 FROM depts WHERE name = '持久部门'");
        expect(kept).toHaveLength(1);
        expect(await second.ctx.settings.captchaOn()).toBe(true);
        const users = await second.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        expect(users[0]?.n).toBe(3);
      } finally {
        await second.close();
      }

      // CAPTCHA unset leaves the stored value alone.
      const third = await buildServer({ ...config, captcha: null });
      try {
        expect(await third.ctx.settings.captchaOn()).toBe(true);
      } finally {
        await third.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);

  it('refuses to start on an unusable key file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'server-badkey-'));
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'jwt-secret'), 'short\n', { mode: 0o600 });
      const config = loadConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'off' });
      config.consoleDir = null;
      await expect(buildServer(config)).rejects.toThrow(/no usable key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, SERVER_TIMEOUT_MS);
});
