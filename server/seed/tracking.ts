import type { Db } from '../db/db';
import type { PropertyDefine } from '../../contracts/schemas';
import { seedOnce } from './helpers';

/** Marker row in schema_migrations: the tracking configuration is seeded once per database. */
export const TRACKING_SEED_VERSION = 'seed-041-tracking';
/** Marker of the device properties added to the global register/login definitions. */
export const DEVICE_PROPERTIES_SEED_VERSION = 'seed-046-device-properties';

/** What the simulator (and game SDKs) send about the device on register and login. */
export const DEVICE_PROPERTIES: readonly PropertyDefine[] = [
  { name: 'device_id', type: 'string', required: false },
  { name: 'device_model', type: 'string', required: false },
  { name: 'os', type: 'string', required: false },
  { name: 'os_version', type: 'string', required: false },
];

/** The global events every game may send. */
export const GLOBAL_EVENTS: ReadonlyArray<{ event: string; name: string; properties: PropertyDefine[]; description: string }> = [
  {
    event: 'register',
    name: '注册',
    properties: [
      { name: 'channel', type: 'string', required: false },
      { name: 'platform', type: 'string', required: false },
      ...DEVICE_PROPERTIES,
    ],
    description: '玩家首次注册账号',
  },
  { event: 'login', name: '登录', properties: [{ name: 'channel', type: 'string', required: false }, ...DEVICE_PROPERTIES], description: '玩家登录游戏' },
  { event: 'session_start', name: '会话开始', properties: [], description: '进入游戏（前台）' },
  { event: 'session_end', name: '会话结束', properties: [{ name: 'duration', type: 'number', required: false }], description: '离开游戏（后台或退出），duration 为秒数' },
  {
    event: 'pay',
    name: '付费',
    properties: [
      { name: 'amount', type: 'number', required: true },
      { name: 'currency', type: 'string', required: true },
      { name: 'order_id', type: 'string', required: false },
    ],
    description: '玩家完成一笔支付，amount 为最小货币单位（分）',
  },
  { event: 'level_up', name: '升级', properties: [{ name: 'level', type: 'number', required: true }], description: '玩家等级提升' },
];

/** Games (by id order) the sample funnels and the sample events use. */
export const SAMPLE_TRACKED_GAMES = 3;

/** Sample funnels of the first tracked game(s): what the funnel screen shows on a fresh start. */
const SAMPLE_FUNNELS = [
  {
    name: '新手转化：注册 → 登录 → 升级 → 付费',
    steps: [{ event: 'register' }, { event: 'login' }, { event: 'level_up' }, { event: 'pay' }],
    window_seconds: 7 * 86_400,
    description: '注册后 7 天内依次登录、升级、付费',
  },
  {
    name: '会话到付费（1 天）',
    steps: [{ event: 'session_start' }, { event: 'level_up', filters: [{ property: 'level', op: 'gte', value: 3 }] }, { event: 'pay' }],
    window_seconds: 86_400,
    description: '一天内：进入游戏 → 升到 3 级及以上 → 付费',
  },
];

/**
 * The global event definitions and two sample funnels (on the first game by id), in one transaction
 * with the marker; also on a database made before tracking existed.
 */
export async function seedTracking(db: Db): Promise<boolean> {
  return seedOnce(db, TRACKING_SEED_VERSION, async (tx) => {
    for (const e of GLOBAL_EVENTS) {
      await tx.query(
        `INSERT INTO tracking_event_defines (game, event, name, properties, description, creator, modifier, dept_belong_id)
         VALUES (NULL, $1, $2, $3::jsonb, $4, 1, '1', '1') ON CONFLICT DO NOTHING`,
        [e.event, e.name, JSON.stringify(e.properties), e.description],
      );
    }
    const game = (await tx.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 1'))[0];
    if (game) {
      for (const f of SAMPLE_FUNNELS) {
        await tx.query(
          `INSERT INTO tracking_funnels (game, name, steps, window_seconds, description, creator, modifier, dept_belong_id)
           VALUES ($1, $2, $3::jsonb, $4, $5, 1, '1', '1')`,
          [game.id, f.name, JSON.stringify(f.steps), f.window_seconds, f.description],
        );
      }
    }
  });
}

/**
 * Adds the device properties to the global register and login definitions of a database seeded
 * before they existed (once, with its marker; properties a staff user already added are kept as they are).
 */
export async function seedDeviceProperties(db: Db): Promise<boolean> {
  return seedOnce(db, DEVICE_PROPERTIES_SEED_VERSION, async (tx) => {
    const rows = await tx.query<{ id: number; properties: PropertyDefine[] }>(
      "SELECT id, properties FROM tracking_event_defines WHERE game IS NULL AND event IN ('register', 'login') FOR UPDATE",
    );
    for (const row of rows) {
      const have = new Set(row.properties.map((p) => p.name));
      const add = DEVICE_PROPERTIES.filter((p) => !have.has(p.name));
      if (add.length === 0) continue;
      await tx.query('UPDATE tracking_event_defines SET properties = $2::jsonb WHERE id = $1', [row.id, JSON.stringify([...row.properties, ...add])]);
    }
  });
}
