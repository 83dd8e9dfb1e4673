import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadingCache } from '../domain/cache';
import { classify, DataChanges } from './changes';
import { openPglite, type PgliteDb } from './pglite';

describe('classify: what one statement writes', () => {
  it('reads: SELECT, VALUES, SHOW and WITH without a data-modifying part, whatever the case or leading comments', () => {
    for (const sql of [
      'SELECT 1',
      '  select * from users where id = $1',
      '-- a comment\nSELECT 2',
      '/* x */ SELECT 3',
      'VALUES (1)',
      'SHOW server_version',
      'WITH RECURSIVE sub AS (SELECT id FROM depts WHERE parent = $1 UNION SELECT d.id FROM depts d JOIN sub ON d.parent = sub.id) SELECT id FROM sub',
      "SELECT c.value FROM system_config c WHERE c.key = 'update_datetime'",
    ]) {
      expect(classify(sql), sql).toBeNull();
    }
  });

  it('one write to a leaf table: only its group', () => {
    expect(classify('INSERT INTO operation_log (request_path) VALUES ($1)')).toBe('operation_log');
    expect(classify('delete from captcha where expires_at < now()')).toBe('captcha');
    expect(classify('UPDATE message_center_target_user SET is_read = true WHERE id = $1')).toBe('messages');
    expect(classify('DELETE FROM message_center WHERE id = $1')).toBe('messages');
    expect(classify('INSERT INTO login_log (username) VALUES ($1)')).toBe('login_log');
  });

  it("the job queue's own statements (schema pgboss): group jobs, unless they touch anything else or change the schema", () => {
    expect(classify('WITH defaults as (SELECT $2 as expire_in) INSERT INTO pgboss.job (id, name) SELECT gen_random_uuid(), $1')).toBe('jobs');
    expect(classify("WITH results AS (UPDATE pgboss.job SET state = 'completed' WHERE name = $1 RETURNING *) SELECT COUNT(*) FROM results")).toBe('jobs');
    expect(classify("SET LOCAL lock_timeout = '30s'; DELETE FROM pgboss.archive WHERE archived_on < now(); INSERT INTO pgboss.archive SELECT * FROM pgboss.job")).toBe('jobs');
    expect(classify('WITH x AS (UPDATE pgboss.job SET state = 1 RETURNING id) UPDATE users SET name = 1')).toBe('all');
    expect(classify('CREATE TABLE pgboss.job (id uuid); INSERT INTO pgboss.version VALUES (24)')).toBe('all');
    expect(classify('UPDATE automation_runs SET state = $2 WHERE id = $1')).toBe('automation_runs');
    expect(classify('UPDATE automation_schedules SET enabled = false WHERE id = $1')).toBe('automation_schedules');
  });

  it('a WITH statement whose every write is to one leaf group (the event ingestion): that group', () => {
    const ingest = `WITH ids AS (INSERT INTO tracking_event_ids (uuid, time) SELECT 1, now() ON CONFLICT (uuid) DO NOTHING RETURNING uuid),
      raw AS (INSERT INTO tracking_events (time) SELECT now() FROM ids),
      h AS (INSERT INTO tracking_hourly AS r (game) SELECT 1 ON CONFLICT (game, event, hour) DO UPDATE SET events = r.events + excluded.events)
      SELECT count(*) FROM ids`;
    expect(classify(ingest)).toBe('tracking');
    // One write elsewhere (or a second statement) makes it `all`.
    expect(classify(ingest.replace('tracking_hourly', 'users'))).toBe('all');
    expect(classify(`${ingest}; DELETE FROM users`)).toBe('all');
    expect(classify('WITH x AS (UPDATE users SET name = 1 RETURNING id) INSERT INTO tracking_events (time) SELECT now() FROM x')).toBe('all');
  });

  it('one VACUUM or ANALYZE alone writes nothing any query sees; with another statement it is all', () => {
    for (const sql of ['VACUUM ANALYZE users', 'analyze tracking_daily', 'VACUUM player_upkeep_pending;', 'ANALYZE "public"."orders"']) expect(classify(sql), sql).toBeNull();
    expect(classify('ANALYZE users; DELETE FROM users')).toBe('all');
    expect(classify('VACUUM users; TRUNCATE users')).toBe('all');
  });

  it('anything else: all (other tables, a WITH that writes, several statements, DDL)', () => {
    for (const sql of [
      'UPDATE users SET is_active = false WHERE id = 2',
      'INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])',
      'DELETE FROM depts WHERE id = ANY($1::int[])',
      'WITH gone AS (DELETE FROM captcha RETURNING id) SELECT count(*) FROM gone',
      'INSERT INTO operation_log (request_path) VALUES (1); DELETE FROM users',
      'INSERT INTO operation_log (request_path) SELECT name FROM users; UPDATE roles SET name = name',
      'CREATE TABLE x (id int)',
      'TRUNCATE users',
    ]) {
      expect(classify(sql), sql).toBe('all');
    }
  });
});

describe('DataChanges', () => {
  it('a global move changes every stamp; a leaf move only the stamps that name its table', () => {
    const c = new DataChanges();
    const seen: Array<'all' | string[]> = [];
    c.subscribe((w) => seen.push(w === 'all' ? 'all' : [...w]));
    const users0 = c.stamp(['users']);
    const ops0 = c.stamp(['operation_log']);
    c.afterStatement('INSERT INTO operation_log (request_path) VALUES ($1)');
    expect(c.stamp(['users'])).toBe(users0);
    expect(c.stamp(['operation_log'])).not.toBe(ops0);
    const ops1 = c.stamp(['operation_log']);
    c.afterStatement('SELECT * FROM users');
    expect(c.stamp(['users'])).toBe(users0);
    c.afterTransaction(['SELECT 1', 'UPDATE roles SET name = $2 WHERE id = $1']);
    expect(c.stamp(['users'])).not.toBe(users0);
    expect(c.stamp(['operation_log'])).not.toBe(ops1);
    c.afterTransaction(['SELECT 1']);
    expect(seen).toEqual([['operation_log'], 'all']);
  });
});

describe('the embedded driver reports what ended', () => {
  let db: PgliteDb;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec('CREATE TABLE users (id int PRIMARY KEY, name text); CREATE TABLE operation_log (id serial PRIMARY KEY, request_path text)');
    await db.query("INSERT INTO users VALUES (1, 'a')");
  }, 60_000);
  afterAll(async () => db.close());

  it('statements and transactions move the stamp once they have ended, committed or not; reads do not', async () => {
    const s0 = db.changes.stamp(['users']);
    await db.query('SELECT * FROM users');
    expect(db.changes.stamp(['users'])).toBe(s0);
    await db.query("UPDATE users SET name = 'b' WHERE id = 1");
    const s1 = db.changes.stamp(['users']);
    expect(s1).not.toBe(s0);

    let during = '';
    await db.transaction(async (tx) => {
      await tx.query("UPDATE users SET name = 'c' WHERE id = 1");
      during = db.changes.stamp(['users']);
    });
    expect(during).toBe(s1);
    const s2 = db.changes.stamp(['users']);
    expect(s2).not.toBe(s1);

    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE users SET name = 'd' WHERE id = 1");
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(db.changes.stamp(['users'])).not.toBe(s2);

    const s3 = db.changes.stamp(['users']);
    await db.query("INSERT INTO operation_log (request_path) VALUES ('/x/')");
    expect(db.changes.stamp(['users'])).toBe(s3);
  });

  it('a cache entry loaded while a write ended is not used again; one loaded after it is', async () => {
    let loads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new LoadingCache<'one', string>(
      async () => {
        loads++;
        const [row] = await db.query<{ name: string }>('SELECT name FROM users WHERE id = 1');
        if (loads === 1) await gate;
        return row?.name ?? '';
      },
      60_000,
      { changes: db.changes },
    );
    const first = cache.get('one');
    await db.query("UPDATE users SET name = 'e' WHERE id = 1");
    release();
    expect(await first).not.toBe('e');
    expect(await cache.get('one')).toBe('e');
    expect(await cache.get('one')).toBe('e');
    expect(loads).toBe(2);
  });
});
