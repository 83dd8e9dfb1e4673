import type { Db } from '../db/db';
import { LoadingCache } from './cache';

/**
 * System settings as `/api/init/settings/` serves them: a flat map "<group>.<key>" → stored JSON value,
 * enabled items only, ordered by (sort, id). Cached until this process writes to the database (30 s for other writers).
 */
export class SettingsStore {
  private readonly cache: LoadingCache<'all', Record<string, unknown>>;

  constructor(
    private readonly db: Db,
    ttlMs = 30_000,
  ) {
    this.cache = new LoadingCache(() => this.load(), ttlMs, { changes: db.changes });
  }

  all(): Promise<Record<string, unknown>> {
    return this.cache.get('all');
  }

  async captchaOn(): Promise<boolean> {
    return (await this.all())['base.captcha_state'] === true;
  }

  async singleLogin(): Promise<boolean> {
    return (await this.all())['base.single_login'] === true;
  }

  /** Sets one item's value (e.g. base.captcha_state from the CAPTCHA env); the cache follows the write. */
  async set(group: string, key: string, value: unknown): Promise<void> {
    await this.db.query(
      `UPDATE system_config c SET value = $3::jsonb, update_datetime = now()
       FROM system_config p WHERE c.parent = p.id AND p.key = $1 AND c.key = $2`,
      [group, key, JSON.stringify(value)],
    );
  }

  private async load(): Promise<Record<string, unknown>> {
    const rows = await this.db.query<{ group_key: string; key: string; value: unknown }>(
      `SELECT p.key AS group_key, c.key, c.value FROM system_config c JOIN system_config p ON p.id = c.parent
       WHERE c.status AND p.status ORDER BY c.sort, c.id`,
    );
    const out: Record<string, unknown> = {};
    for (const r of rows) out[`${r.group_key}.${r.key}`] = r.value ?? null;
    return out;
  }
}
