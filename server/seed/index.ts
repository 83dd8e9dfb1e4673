import type { Db, Queryable } from '../db/db';
import { hashPassword, KNOWN_PASSWORD_COST, SCRYPT_COST, type ScryptCost } from '../auth/password';
import { shanghaiDayStart } from '../domain/time';
import { parseUserAgent } from '../domain/user-agent';
import { DEPTS, ROLES, SEED_PASSWORD, USERS } from './accounts';
import { DICTIONARIES } from './dictionaries';
import { ALL_MENUS, BUTTON_NAMES, adminGrant, buttonApi, publicGrant, type RoleGrant } from './menus';
import { CONFIG_GROUPS } from './settings';
import { seedCatalogue } from './catalogue';
import { seedDeviceProperties, seedTracking } from './tracking';
import { seedAutomation } from './automation';
import { seedPageChecks } from './page-checks';
import type { SecretBox } from '../domain/secret-box';
import { insertRow, seedOnce } from './helpers';

/** Marker row in schema_migrations: the seed runs once per database, in one transaction. */
export const SEED_VERSION = 'seed-001';

const TABLES_WITH_IDS = ['depts', 'roles', 'users', 'menus', 'menu_buttons', 'dictionaries', 'system_config', 'login_log'];

async function seedAccounts(tx: Queryable, passwordHashes: string[]): Promise<void> {
  for (const d of DEPTS) await insertRow(tx, 'depts', d, ['id', 'name', 'key', 'sort', 'parent', 'owner', 'phone', 'email']);
  for (const r of ROLES) await insertRow(tx, 'roles', r, ['id', 'name', 'key', 'sort', 'admin', 'data_range', 'remark']);
  for (const [i, u] of USERS.entries()) {
    await tx.query(
      `INSERT INTO users (id, username, password, name, email, mobile, avatar, gender, user_type, dept, is_superuser, is_staff, dept_belong_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,0,$9,$10,true,$11)`,
      [u.id, u.username, passwordHashes[i], u.name, u.email, u.mobile, u.avatar, u.gender, u.dept, u.isSuperuser, String(u.dept)],
    );
    for (const role of u.roles) await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1,$2)', [u.id, role]);
  }
}

async function seedMenus(tx: Queryable): Promise<Map<string, number>> {
  const buttonIds = new Map<string, number>();
  for (const m of ALL_MENUS) {
    await tx.query(
      `INSERT INTO menus (id, parent, icon, name, sort, is_catalog, web_path, component, component_name, visible, cache)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [m.id, m.parent, m.icon, m.name, m.sort, m.catalog, m.path, m.component, m.componentName, m.visible, m.cache],
    );
    for (const value of m.buttons) {
      const { api, method } = buttonApi(m.api, value);
      const rows = await tx.query<{ id: number }>('INSERT INTO menu_buttons (menu, name, value, api, method) VALUES ($1,$2,$3,$4,$5) RETURNING id', [
        m.id,
        BUTTON_NAMES[value],
        value,
        api,
        method,
      ]);
      buttonIds.set(`${m.id}:${value}`, rows[0]?.id ?? 0);
    }
  }
  return buttonIds;
}

async function grant(tx: Queryable, roleId: number, g: RoleGrant, buttonIds: Map<string, number>): Promise<void> {
  for (const menuId of g.menus) await tx.query('INSERT INTO role_menus (role_id, menu_id) VALUES ($1,$2)', [roleId, menuId]);
  for (const [menuId, value] of g.buttons) {
    const id = buttonIds.get(`${menuId}:${value}`);
    if (!id) throw new Error(`seed: menu ${menuId} has no button ${value}`);
    await tx.query('INSERT INTO role_buttons (role_id, button_id) VALUES ($1,$2)', [roleId, id]);
  }
}

async function seedDictionaries(tx: Queryable): Promise<void> {
  for (const [gi, d] of DICTIONARIES.entries()) {
    await tx.query('INSERT INTO dictionaries (id, label, value, type, sort, is_value) VALUES ($1,$2,$3,0,$4,false)', [d.id, d.label, d.key, gi + 1]);
    for (const [i, e] of d.entries.entries()) {
      await tx.query('INSERT INTO dictionaries (id, label, value, parent, type, color, sort, is_value) VALUES ($1,$2,$3,$4,$5,$6,$7,true)', [
        d.id + 1 + i,
        e.label,
        e.value,
        d.id,
        d.type,
        e.color ?? null,
        i + 1,
      ]);
    }
  }
}

async function seedSettings(tx: Queryable): Promise<void> {
  for (const g of CONFIG_GROUPS) {
    await tx.query('INSERT INTO system_config (id, title, key, sort, form_item_type) VALUES ($1,$2,$3,$4,0)', [g.id, g.title, g.key, g.sort]);
    for (const it of g.items) {
      const rule = it.required ? [{ required: true, message: '必填项不能为空' }] : [];
      await tx.query(
        `INSERT INTO system_config (id, parent, title, key, value, sort, form_item_type, rule, placeholder)
         VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7,$8::jsonb,$9)`,
        [it.id, g.id, it.title, it.key, JSON.stringify(it.value), it.sort, it.formItemType, JSON.stringify(rule), it.placeholder],
      );
    }
  }
}

/** A fixed pseudo-random sequence, so every fresh database gets the same history shape. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SAMPLE_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** ~30 sign-ins spread over the last 7 days, so the dashboard has history from the first start. */
async function seedLoginHistory(tx: Queryable, now: number): Promise<void> {
  const rnd = lcg(20261121);
  const rows = 30;
  for (let i = 0; i < rows; i++) {
    const user = USERS[Math.floor(rnd() * USERS.length)] ?? USERS[0];
    if (!user) continue;
    const ua = SAMPLE_AGENTS[Math.floor(rnd() * SAMPLE_AGENTS.length)];
    const info = parseUserAgent(ua);
    // Inside the dayOffset-th Shanghai day back, and never in the future.
    const dayOffset = i % 7;
    const dayStart = shanghaiDayStart(now, dayOffset);
    const span = dayOffset === 0 ? Math.max(now - dayStart - 60_000, 0) : 86_400_000 - 1;
    const at = new Date(dayStart + Math.floor(rnd() * span));
    const ip = `192.168.${1 + Math.floor(rnd() * 20)}.${2 + Math.floor(rnd() * 250)}`;
    await tx.query(
      `INSERT INTO login_log (username, ip, agent, browser, os, login_type, creator, dept_belong_id, create_datetime, update_datetime)
       VALUES ($1,$2,$3,$4,$5,1,$6,$7,$8::timestamptz,$8::timestamptz)`,
      [user.username, ip, info.agent, info.browser, info.os, user.id, String(user.dept), at.toISOString()],
    );
  }
}

export interface SeedOptions {
  /** Seals the sample shared accounts' secrets (without it they get none). */
  secretBox?: SecretBox;
  /** The sample accounts' password hashed at KNOWN_PASSWORD_COST (test servers), not SCRYPT_COST. */
  fastSamplePasswords?: boolean;
}

/**
 * Fills a fresh database with the sample data. Runs once: the marker insert and all rows share one
 * transaction, so a crash half-way leaves an empty database that seeds again on the next start.
 * Then the game catalogue (seed/catalogue.ts, its own marker and transaction; it also runs on a
 * database seeded before the catalogue existed). Returns true when the first part seeded.
 */
export async function seed(db: Db, now = Date.now(), options: SeedOptions = {}): Promise<boolean> {
  const seeded = await seedBase(db, now, options.fastSamplePasswords ? KNOWN_PASSWORD_COST : SCRYPT_COST);
  await seedCatalogue(db, now, options.secretBox ?? null);
  await seedTracking(db);
  await seedDeviceProperties(db);
  await seedAutomation(db);
  await seedPageChecks(db);
  return seeded;
}

async function seedBase(db: Db, now: number, cost: ScryptCost): Promise<boolean> {
  // Hash outside the transaction (slow KDF, in parallel on the libuv pool).
  const hashes = await Promise.all(USERS.map(() => hashPassword(SEED_PASSWORD, cost)));
  return seedOnce(db, SEED_VERSION, async (tx) => {
    await seedAccounts(tx, hashes);
    const buttonIds = await seedMenus(tx);
    await grant(tx, 1, adminGrant(), buttonIds);
    await grant(tx, 2, publicGrant(), buttonIds);
    await seedDictionaries(tx);
    await seedSettings(tx);
    await seedLoginHistory(tx, now);
    // Explicit ids were inserted: move the sequences past them.
    for (const t of TABLES_WITH_IDS) {
      await tx.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${t}), 1))`);
    }
  });
}

/** Whether the seed has run (cheap check to skip hashing on every start). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [SEED_VERSION]);
  return rows.length > 0;
}
