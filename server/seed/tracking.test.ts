import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDefine } from '../../contracts/schemas';
import { openPglite } from '../db/pglite';
import { migrate } from '../db/migrate';
import type { Db } from '../db/db';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { seed } from '.';
import { DEVICE_PROPERTIES, DEVICE_PROPERTIES_SEED_VERSION, seedDeviceProperties } from './tracking';

/** Register and login define the device properties, on fresh databases and on ones seeded before. */
describe('device properties of the global events', () => {
  let db: Db;
  const defined = async (event: string) =>
    (await db.query<{ properties: PropertyDefine[] }>('SELECT properties FROM tracking_event_defines WHERE game IS NULL AND event = $1', [event]))[0]?.properties.map((p) => p.name);
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
    await seed(db);
  }, SERVER_TIMEOUT_MS * 2);
  afterAll(async () => {
    await db.close();
  }, SERVER_TIMEOUT_MS);

  it('a fresh database has them (optional strings) on register and login', async () => {
    expect(await defined('register')).toEqual(['channel', 'platform', 'device_id', 'device_model', 'os', 'os_version']);
    expect(await defined('login')).toEqual(['channel', 'device_id', 'device_model', 'os', 'os_version']);
    expect(DEVICE_PROPERTIES.every((p) => p.type === 'string' && !p.required)).toBe(true);
    expect(await seedDeviceProperties(db)).toBe(false);
  });

  it('a database seeded before the device properties existed gets them once (its marker), keeping what staff added', async () => {
    await db.query("UPDATE tracking_event_defines SET properties = $1::jsonb WHERE game IS NULL AND event = 'register'", [
      JSON.stringify([{ name: 'channel', type: 'string', required: false }, { name: 'os', type: 'number', required: true }]),
    ]);
    await db.query("UPDATE tracking_event_defines SET properties = '[]'::jsonb WHERE game IS NULL AND event = 'login'");
    await db.query('DELETE FROM schema_migrations WHERE version = $1', [DEVICE_PROPERTIES_SEED_VERSION]);
    expect(await seedDeviceProperties(db)).toBe(true);
    const reg = (await db.query<{ properties: PropertyDefine[] }>("SELECT properties FROM tracking_event_defines WHERE game IS NULL AND event = 'register'"))[0]?.properties;
    expect(reg).toEqual([
      { name: 'channel', type: 'string', required: false },
      { name: 'os', type: 'number', required: true },
      { name: 'device_id', type: 'string', required: false },
      { name: 'device_model', type: 'string', required: false },
      { name: 'os_version', type: 'string', required: false },
    ]);
    expect(await defined('login')).toEqual(['device_id', 'device_model', 'os', 'os_version']);
    expect(await seedDeviceProperties(db)).toBe(false);
  });
});
