import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { insertBatchCodes, pickStem } from '../features/game/domain/gift-codes';
import { seededRandom, stemRange } from '../features/game/domain/code-generator';
import type { SecretBox } from '../domain/secret-box';
import { BUTTON_NAMES, adminGrant, buttonApi, catalogueMenus, publicGrant, type RoleGrant } from './menus';
import { mulberry32 as floats } from './random';
import { seedOnce } from './helpers';

/** Marker row in schema_migrations: the catalogue is seeded once per database, in one transaction. */
export const CATALOGUE_SEED_VERSION = 'seed-030-catalogue';

/** The fixed random seed of the sample catalogue: every fresh database gets the same one. */
export const CATALOGUE_SEED = 20260214;

export const SAMPLE_PARTNERS = [
  { name: '星辰互娱', slug: 'xingchen', contact: '李明', phone: '010-62881234' },
  { name: '蓝鲸游戏', slug: 'lanjing', contact: '王芳', phone: '021-54326677' },
  { name: '青木工作室', slug: 'qingmu', contact: '赵磊', phone: '0571-86781122' },
  { name: '火山互动', slug: 'huoshan', contact: '陈静', phone: '0755-26643390' },
  { name: '北极光网络', slug: 'beijiguang', contact: '刘洋', phone: '028-85213345' },
  { name: '云顶科技', slug: 'yunding', contact: '孙悦', phone: '020-38897766' },
  { name: '赤焰游戏', slug: 'chiyan', contact: '周强', phone: '027-87654321' },
  { name: '银河数娱', slug: 'yinhe', contact: '吴婷', phone: '025-84456678' },
  { name: '白鹭互动', slug: 'bailu', contact: '郑浩', phone: '0592-5567788' },
  { name: '墨竹软件', slug: 'mozhu', contact: '冯雪', phone: '0512-62345566' },
] as const;

export const SAMPLE_TAGS = [
  { name: '热门', color: '#f56c6c' },
  { name: '新品', color: '#409eff' },
  { name: '独家', color: '#e6a23c' },
  { name: '休闲', color: '#67c23a' },
  { name: '角色扮演', color: '#9b59b6' },
  { name: '策略', color: '#34495e' },
  { name: '竞技', color: '#e74c3c' },
  { name: '二次元', color: '#ff85c0' },
  { name: '出海', color: '#13c2c2' },
  { name: '棋牌', color: '#fa8c16' },
  { name: '模拟经营', color: '#52c41a' },
  { name: '女性向', color: '#eb2f96' },
] as const;

type Tag = (typeof SAMPLE_TAGS)[number]['name'];

interface SampleGame {
  name: string;
  slug: string;
  tags: Tag[];
}

const ANDROID: SampleGame[] = [
  { name: '星穹远征', slug: 'xingqiong', tags: ['热门', '角色扮演'] },
  { name: '苍穹之刃', slug: 'cangqiong', tags: ['热门', '竞技'] },
  { name: '龙脉传说', slug: 'longmai', tags: ['角色扮演', '独家'] },
  { name: '王城守卫战', slug: 'wangcheng', tags: ['策略'] },
  { name: '末日方舟', slug: 'fangzhou', tags: ['策略', '出海'] },
  { name: '仙侠问道', slug: 'wendao', tags: ['角色扮演'] },
  { name: '海岛大亨', slug: 'haidao', tags: ['模拟经营'] },
  { name: '疯狂赛车手', slug: 'racer', tags: ['竞技', '休闲'] },
  { name: '三国群英志', slug: 'sanguo', tags: ['策略', '热门'] },
  { name: '机甲风暴', slug: 'jijia', tags: ['竞技', '出海'] },
  { name: '幻境物语', slug: 'huanjing', tags: ['二次元', '角色扮演'] },
  { name: '深海猎人', slug: 'shenhai', tags: ['休闲'] },
  { name: '魔法学院', slug: 'mofa', tags: ['二次元', '女性向'] },
  { name: '战舰指挥官', slug: 'zhanjian', tags: ['策略', '出海'] },
  { name: '山海异闻录', slug: 'shanhai', tags: ['角色扮演', '新品'] },
  { name: '街头篮球王', slug: 'lanqiu', tags: ['竞技', '新品'] },
];

const H5: SampleGame[] = [
  { name: '消消乐园', slug: 'xiaoxiao', tags: ['休闲', '热门'] },
  { name: '开心斗地主', slug: 'doudizhu', tags: ['棋牌'] },
  { name: '跳跳小球', slug: 'ball', tags: ['休闲'] },
  { name: '农场物语', slug: 'farm', tags: ['模拟经营', '女性向'] },
  { name: '成语接龙大会', slug: 'idiom', tags: ['休闲'] },
  { name: '欢乐麻将', slug: 'mahjong', tags: ['棋牌', '热门'] },
  { name: '喵喵餐厅', slug: 'catcafe', tags: ['模拟经营', '新品'] },
  { name: '数独挑战', slug: 'sudoku', tags: ['休闲'] },
  { name: '泡泡射手', slug: 'bubble', tags: ['休闲'] },
  { name: '2048 大师', slug: 'x2048', tags: ['休闲', '独家'] },
];

const MINI: Array<SampleGame & { platform: 'wechat' | 'douyin' | 'alipay' }> = [
  { name: '跳一跳冒险', slug: 'jump', tags: ['休闲', '热门'], platform: 'wechat' },
  { name: '答题王者', slug: 'quiz', tags: ['竞技'], platform: 'wechat' },
  { name: '萌宠消消看', slug: 'pets', tags: ['休闲', '女性向'], platform: 'wechat' },
  { name: '合成大菠萝', slug: 'merge', tags: ['休闲', '新品'], platform: 'douyin' },
  { name: '森林连连看', slug: 'forest', tags: ['休闲'], platform: 'douyin' },
  { name: '飞机大战', slug: 'plane', tags: ['竞技'], platform: 'douyin' },
  { name: '猜歌达人', slug: 'songs', tags: ['休闲'], platform: 'alipay' },
  { name: '像素贪吃蛇', slug: 'snake', tags: ['休闲', '独家'], platform: 'alipay' },
];

const SOFT: Array<SampleGame & { category: string }> = [
  { name: '游戏加速器', slug: 'booster', tags: ['热门'], category: 'tool' },
  { name: '云存档助手', slug: 'cloudsave', tags: [], category: 'tool' },
  { name: '玩家社区', slug: 'community', tags: ['新品'], category: 'social' },
  { name: '直播助手', slug: 'live', tags: [], category: 'media' },
  { name: '账号安全盾', slug: 'shield', tags: ['独家'], category: 'security' },
  { name: '攻略百科', slug: 'wiki', tags: [], category: 'education' },
];

const ANDROID_CHANNELS = ['official', 'huawei', 'xiaomi', 'oppo', 'vivo', 'honor', 'taptap', 'googleplay'];
const STATUSES = ['online', 'online', 'online', 'testing', 'developing', 'offline'] as const;
const DAY = 86_400_000;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Picks `n` distinct items in their original order. */
function pick<T>(rnd: () => number, items: readonly T[], n: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(rnd() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}

const AUDIT = { creator: 1, modifier: '1', dept_belong_id: '1' };

async function insert(tx: Queryable, table: string, row: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(row);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) => row[c]),
  );
  return rows[0]?.id ?? 0;
}

/**
 * The menu buttons and grants of the catalogue screens on a database seeded before they existed (a
 * fresh database already has them from seed-001): buttons the seed menus name but the database lacks
 * are added, and the admin and public roles get their grants of these screens.
 */
async function ensureCatalogueGrants(tx: Queryable): Promise<void> {
  const menus = catalogueMenus();
  const present = new Set((await tx.query<{ id: number }>('SELECT id FROM menus WHERE id = ANY($1::int[])', [menus.map((m) => m.id)])).map((r) => r.id));
  for (const m of menus) {
    if (!present.has(m.id)) continue;
    for (const value of m.buttons) {
      const { api, method } = buttonApi(m.api, value);
      await tx.query('INSERT INTO menu_buttons (menu, name, value, api, method) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (menu, value) DO NOTHING', [m.id, BUTTON_NAMES[value], value, api, method]);
    }
  }
  const ids = new Set(menus.map((m) => m.id));
  const parents = new Set(menus.map((m) => m.parent));
  const grantTo = async (roleId: number, g: RoleGrant) => {
    if ((await tx.query('SELECT 1 FROM roles WHERE id = $1', [roleId])).length === 0) return;
    for (const menuId of g.menus) {
      if (!ids.has(menuId) && !parents.has(menuId)) continue;
      await tx.query('INSERT INTO role_menus (role_id, menu_id) SELECT $1, id FROM menus WHERE id = $2 ON CONFLICT DO NOTHING', [roleId, menuId]);
    }
    for (const [menuId, value] of g.buttons) {
      if (!ids.has(menuId) || !present.has(menuId)) continue;
      await tx.query('INSERT INTO role_buttons (role_id, button_id) SELECT $1, id FROM menu_buttons WHERE menu = $2 AND value = $3 ON CONFLICT DO NOTHING', [roleId, menuId, value]);
    }
  };
  await grantTo(1, adminGrant());
  await grantTo(2, publicGrant());
}

interface SeededGame {
  id: number;
  kind: 'android' | 'h5' | 'mini' | 'soft';
  name: string;
  slug: string;
  status: string;
  packageId: string | null;
  platform: string | null;
  created: number;
}

/** Several releases per game: increasing semantic versions and builds over the last year. */
async function seedReleases(tx: Queryable, rnd: () => number, game: SeededGame, now: number): Promise<void> {
  const n = 2 + Math.floor(rnd() * 5);
  let [major, minor, patch] = [1, 0, 0];
  let build = 100 + Math.floor(rnd() * 200);
  // From a few days after the game was created up to about a week ago.
  let at = game.created + (2 + Math.floor(rnd() * 5)) * DAY;
  const step = Math.max(DAY, Math.floor((now - 7 * DAY - at) / n));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      const r = rnd();
      if (r < 0.1) [major, minor, patch] = [major + 1, 0, 0];
      else if (r < 0.4) [minor, patch] = [minor + 1, 0];
      else patch += 1;
      build += 1 + Math.floor(rnd() * 20);
      at += Math.max(DAY, step - Math.floor(rnd() * step * 0.3));
    }
    const version = `${major}.${minor}.${patch}`;
    const packaged = game.kind === 'android' || game.kind === 'soft';
    const ext = game.kind === 'android' ? 'apk' : 'exe';
    const channels =
      game.kind === 'android'
        ? ['official', ...pick(rnd, ANDROID_CHANNELS.slice(1), 2 + Math.floor(rnd() * 4))]
        : game.kind === 'h5'
          ? ['official', ...pick(rnd, ['wechat', 'douyin'], 1 + Math.floor(rnd() * 2))]
          : game.kind === 'mini'
            ? [game.platform ?? 'wechat']
            : ['official'];
    const last = i === n - 1;
    const draft = last && (game.status === 'developing' || rnd() < 0.2);
    ids.push(
      await insert(tx, 'game_releases', {
        game: game.id,
        version,
        build,
        changelog: i === 0 ? '首个正式版本。' : ['修复已知问题，提升稳定性。', '新增活动玩法与限时礼包。', '优化加载速度与内存占用。', '新增角色与剧情章节。', '适配新机型，修复闪退。'][Math.floor(rnd() * 5)],
        file_name: packaged ? `${game.slug}-${version}.${ext}` : null,
        size: packaged ? (game.kind === 'android' ? 60 : 8) * 1024 * 1024 + Math.floor(rnd() * 400 * 1024 * 1024) : null,
        sha256: packaged ? createHash('sha256').update(`${game.packageId ?? game.slug}-${version}-${build}`).digest('hex') : null,
        channels: JSON.stringify(channels),
        release_time: new Date(Math.min(at, now - DAY)).toISOString(),
        status: draft ? 'draft' : 'published',
        publish_time: draft ? null : new Date(Math.min(at, now - DAY)).toISOString(),
        ...AUDIT,
      }),
    );
  }
  // The newest published release is current, unless it was rolled back (every seventh game).
  const published = await tx.query<{ id: number }>("SELECT id FROM game_releases WHERE game = $1 AND status = 'published' ORDER BY build DESC", [game.id]);
  if (published.length === 0 || game.status === 'developing') return;
  let current = published[0]?.id ?? null;
  if (game.id % 7 === 0 && published.length >= 2) {
    await tx.query("UPDATE game_releases SET status = 'rolled_back' WHERE id = $1", [current]);
    current = published[1]?.id ?? null;
  }
  await tx.query('UPDATE games SET current_release = $2 WHERE id = $1', [game.id, current]);
}

async function seedGames(tx: Queryable, rnd: () => number, now: number): Promise<SeededGame[]> {
  const partners: number[] = [];
  for (const p of SAMPLE_PARTNERS) {
    partners.push(await insert(tx, 'partners', { name: p.name, contact: p.contact, phone: p.phone, email: `bd@${p.slug}.example.com`, ...AUDIT }));
  }
  const tags = new Map<string, number>();
  for (const [i, t] of SAMPLE_TAGS.entries()) tags.set(t.name, await insert(tx, 'tags', { name: t.name, color: t.color, sort: i + 1, ...AUDIT }));
  const out: SeededGame[] = [];
  const add = async (kind: SeededGame['kind'], g: SampleGame, own: Record<string, unknown>, ageDays: number, partnerIndex = Math.floor(rnd() * partners.length)) => {
    const status = STATUSES[Math.floor(rnd() * STATUSES.length)] ?? 'online';
    const created = new Date(now - ageDays * DAY).toISOString();
    const id = await insert(tx, 'games', {
      kind,
      name: g.name,
      status,
      partner: partners[partnerIndex],
      description: null,
      create_datetime: created,
      update_datetime: created,
      ...own,
      ...AUDIT,
    });
    for (const tag of g.tags) await tx.query('INSERT INTO game_tags (game_id, tag_id) VALUES ($1, $2)', [id, tags.get(tag)]);
    const packageId = typeof own.package_id === 'string' ? own.package_id : null;
    const platform = typeof own.platform === 'string' ? own.platform : null;
    out.push({ id, kind, name: g.name, slug: g.slug, status, packageId, platform, created: now - ageDays * DAY });
  };
  let age = 400;
  for (const g of ANDROID) {
    const index = Math.floor(rnd() * SAMPLE_PARTNERS.length);
    const partner = SAMPLE_PARTNERS[index] ?? SAMPLE_PARTNERS[0];
    await add('android', g, { package_id: `com.${partner.slug}.${g.slug}`, min_sdk: [21, 23, 24, 26, 28][Math.floor(rnd() * 5)] }, (age -= 7), index);
  }
  for (const g of H5) await add('h5', g, { url: `https://h5.example.com/games/${g.slug}/index.html`, code: `h5-${g.slug}` }, (age -= 5));
  for (const g of MINI) {
    const id = createHash('sha256').update(`${CATALOGUE_SEED}:${g.slug}`).digest('hex').slice(0, 16);
    const appId = g.platform === 'wechat' ? `wx${id}` : g.platform === 'douyin' ? `tt${id}` : `2021${id.replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10))}`;
    await add('mini', g, { platform: g.platform, app_id: appId }, (age -= 5));
  }
  for (const g of SOFT) await add('soft', g, { category: g.category }, (age -= 6));
  for (const g of out) await seedReleases(tx, rnd, g, now);
  return out;
}

/** A few gift-code batches: running, running with another generator, expired, voided; some codes redeemed. */
async function seedGiftCodes(tx: Queryable, rnd: () => number, games: SeededGame[], now: number): Promise<void> {
  const byName = (name: string) => games.find((g) => g.name === name)?.id ?? games[0]?.id ?? 0;
  const batches = [
    { game: byName('星穹远征'), name: '春节礼包', count: 200, prefix: 'XQ', generator: 'short', start: -20, end: 40, reward: '钻石×100、体力×50', redeem: 37, status: 'active' },
    { game: byName('苍穹之刃'), name: '新手礼包', count: 500, prefix: 'CQ', generator: 'date', start: -60, end: 120, reward: '金币×5000、新手宝箱×1', redeem: 120, status: 'active' },
    { game: byName('消消乐园'), name: '周年庆', count: 100, prefix: 'XX', generator: 'short', start: -70, end: -10, reward: '道具礼包×1', redeem: 60, status: 'active' },
    { game: byName('龙脉传说'), name: '测试补偿', count: 50, prefix: 'LM', generator: 'short', start: -30, end: 30, reward: '补偿钻石×300', redeem: 5, status: 'void' },
  ];
  for (const [i, b] of batches.entries()) {
    const created = now + (b.start - 2) * DAY;
    const random = seededRandom(CATALOGUE_SEED + i);
    const stem = await pickStem(tx, b.prefix, b.generator as 'short' | 'date', created, random);
    const id = await insert(tx, 'gift_code_batches', {
      stem,
      game: b.game,
      name: b.name,
      count: b.count,
      prefix: b.prefix,
      generator: b.generator,
      start_time: new Date(now + b.start * DAY).toISOString(),
      end_time: new Date(now + b.end * DAY).toISOString(),
      reward: b.reward,
      status: b.status,
      void_time: b.status === 'void' ? new Date(now - 3 * DAY).toISOString() : null,
      redeemed: b.redeem,
      create_datetime: new Date(created).toISOString(),
      update_datetime: new Date(created).toISOString(),
      ...AUDIT,
    });
    await insertBatchCodes(tx, id, stem, b.count, random);
    const codes = await tx.query<{ code: string }>('SELECT code FROM gift_codes WHERE code >= $1 AND code < $2 ORDER BY code LIMIT $3', [...stemRange(stem), b.redeem]);
    const players = codes.map(() => `p${100000 + Math.floor(rnd() * 900000)}`);
    const times = codes.map(() => new Date(Math.min(now + (b.start + rnd() * (Math.min(b.end, 0) - b.start)) * DAY, now - 60_000)).toISOString());
    await tx.query(
      `UPDATE gift_codes c SET player = r.player, redeem_time = r.at FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS r(code, player, at) WHERE c.code = r.code`,
      [codes.map((c) => c.code), players, times],
    );
  }
}

async function seedSharedAccounts(tx: Queryable, games: SeededGame[], box: SecretBox | null): Promise<void> {
  const random = seededRandom(CATALOGUE_SEED + 99);
  const accounts = [
    { provider: 'googleplay', name: 'Google Play 开发者账号', account: 'dev@xingchen.example.com', url: 'https://play.google.com/console', games: ['机甲风暴', '末日方舟', '战舰指挥官'] },
    { provider: 'appstore', name: 'App Store Connect', account: 'appstore@xingchen.example.com', url: 'https://appstoreconnect.apple.com', games: ['星穹远征', '苍穹之刃'] },
    { provider: 'huawei', name: '华为应用市场', account: 'agc-lanjing', url: 'https://developer.huawei.com/consumer/cn/service/josp/agc/index.html', games: ['苍穹之刃', '三国群英志', '仙侠问道'] },
    { provider: 'pangle', name: '穿山甲广告', account: '5188001', url: 'https://www.csjplatform.com', games: ['消消乐园', '跳跳小球', '合成大菠萝'] },
    { provider: 'wechatpay', name: '微信支付商户号', account: '1600012345', url: 'https://pay.weixin.qq.com', games: ['跳一跳冒险', '答题王者'] },
    { provider: 'alipay', name: '支付宝开放平台', account: '2021001122334455', url: 'https://open.alipay.com', games: ['猜歌达人', '像素贪吃蛇'] },
  ];
  for (const a of accounts) {
    const secret = box ? box.seal(`sk_${a.provider}_${hex(random(16))}`) : null;
    const id = await insert(tx, 'shared_accounts', { provider: a.provider, name: a.name, account: a.account, url: a.url, secret, ...AUDIT });
    for (const name of a.games) {
      const game = games.find((g) => g.name === name);
      if (game) await tx.query('INSERT INTO shared_account_games (account_id, game_id) VALUES ($1, $2)', [id, game.id]);
    }
  }
}

/**
 * The sample catalogue: 10 partners, 12 tags, 40 games (16 Android, 10 H5, 8 mini, 6 soft)
 * with 2-6 releases each, 4 gift-code batches with some codes redeemed, and 6 shared accounts
 * (secrets sealed with `box`; none without one). Deterministic from CATALOGUE_SEED (times relative to
 * `now`). Runs once per database (marker CATALOGUE_SEED_VERSION), in one transaction; on a database
 * seeded before the catalogue existed it also adds the screens' new buttons and grants.
 */
export async function seedCatalogue(db: Db, now = Date.now(), box: SecretBox | null = null): Promise<boolean> {
  return seedOnce(db, CATALOGUE_SEED_VERSION, async (tx) => {
    await ensureCatalogueGrants(tx);
    const rnd = floats(CATALOGUE_SEED);
    const games = await seedGames(tx, rnd, now);
    await seedGiftCodes(tx, rnd, games, now);
    await seedSharedAccounts(tx, games, box);
  });
}
