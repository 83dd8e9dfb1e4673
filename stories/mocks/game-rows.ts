import { z } from 'zod';
import {
  batchRow,
  gameDetail,
  gameRow,
  giftCodeRow,
  h5Preview,
  partnerRow,
  releaseRow,
  sharedAccountRow,
  tagRow,
  uploadLimits,
  type BatchRow,
  type GameDetail,
  type GameKind,
  type GameRow,
  type GiftCodeRow,
  type ReleaseRow,
} from '../../contracts/schemas';
import { audit } from './system-rows';

/**
 * Rows of the game catalogue for the stories, every one passed through its contract schema
 * (contracts/schemas/game, common), so a change of the wire shapes breaks the mocks instead of
 * letting them drift.
 */

export const partners = z.array(partnerRow).parse(
  ['星辰互娱', '蓝鲸游戏', '青木工作室', '火山互动'].map((name, i) => ({ ...audit(200 + i), id: i + 1, name, contact: '李明', phone: '010-62881234', email: null, status: true, game_count: 3 })),
);

export const tags = z.array(tagRow).parse(
  [
    ['热门', '#f56c6c', 7],
    ['新品', '#409eff', 5],
    ['休闲', '#67c23a', 14],
    ['角色扮演', '#9b59b6', 5],
  ].map(([name, color, n], i) => ({ ...audit(220 + i), id: i + 1, name, color, sort: i + 1, game_count: n })),
);

const tagInfo = (ids: number[]) => tags.filter((t) => ids.includes(t.id)).map((t) => ({ id: t.id, name: t.name, color: t.color }));

const game = (id: number, kind: GameKind, name: string, own: Partial<GameRow>, extra: Partial<GameRow> = {}): GameRow =>
  gameRow.parse({
    ...audit(id),
    kind,
    name,
    icon: null,
    status: 'online',
    partner: 1,
    partner_name: '星辰互娱',
    tags: [1],
    tag_info: tagInfo([1]),
    package_id: null,
    min_sdk: null,
    url: null,
    code: null,
    platform: null,
    app_id: null,
    category: null,
    current_release: 100 + id,
    current_version: '1.2.0',
    current_build: 120,
    release_count: 3,
    ...own,
    ...extra,
  });

export const games: Record<GameKind, GameRow[]> = {
  android: [
    game(1, 'android', '星穹远征', { package_id: 'com.xingchen.xingqiong', min_sdk: 24 }, { tags: [1, 4], tag_info: tagInfo([1, 4]) }),
    game(2, 'android', '苍穹之刃', { package_id: 'com.lanjing.cangqiong', min_sdk: 26 }, { status: 'testing', partner: 2, partner_name: '蓝鲸游戏' }),
    game(3, 'android', '一个名字很长很长的大型多人在线角色扮演游戏国际版', { package_id: 'com.qingmu.very.long.package.name.for.the.international.edition', min_sdk: 21 }, { status: 'developing', current_release: null, current_version: null, current_build: null, release_count: 0, tags: [], tag_info: [] }),
  ],
  h5: [
    game(11, 'h5', '消消乐园', { url: 'https://h5.example.com/games/xiaoxiao/index.html', code: 'h5-xiaoxiao' }, { tags: [3], tag_info: tagInfo([3]) }),
    game(12, 'h5', '开心斗地主', { url: 'https://h5.example.com/games/doudizhu/index.html', code: 'h5-doudizhu' }, { status: 'offline' }),
  ],
  mini: [
    game(21, 'mini', '跳一跳冒险', { platform: 'wechat', app_id: 'wx0123456789abcdef' }),
    game(22, 'mini', '合成大菠萝', { platform: 'douyin', app_id: 'tt0123456789abcdef' }, { tags: [2], tag_info: tagInfo([2]) }),
  ],
  soft: [game(31, 'soft', '游戏加速器', { category: 'tool' }), game(32, 'soft', '玩家社区', { category: 'social' }, { status: 'testing' })],
};

export const allGames = Object.values(games).flat();

const SHA = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

export const releases: ReleaseRow[] = z.array(releaseRow).parse(
  [
    [101, 1, '1.2.0', 120, 'published', true, ['official', 'huawei', 'xiaomi']],
    [102, 1, '1.1.0', 110, 'published', false, ['official', 'huawei']],
    [103, 1, '1.3.0-beta.1', 130, 'draft', false, ['official']],
    [104, 1, '1.0.0', 100, 'rolled_back', false, ['official']],
    [111, 11, '2.0.1', 201, 'published', true, ['wechat', 'douyin']],
  ].map(([id, gameId, version, build, status, current, channels]) => {
    const g = allGames.find((x) => x.id === gameId);
    const packaged = g?.kind === 'android';
    return {
      ...audit(Number(id)),
      game: gameId,
      game_name: g?.name,
      game_kind: g?.kind,
      version,
      build,
      changelog: '优化加载速度与内存占用。',
      file: packaged ? Number(id) : null,
      file_url: packaged ? `media/files/a/b/${SHA(Number(id)).slice(0, 32)}.apk` : null,
      file_name: packaged ? `xingqiong-${String(version)}.apk` : null,
      size: packaged ? 316_669_952 : null,
      sha256: packaged ? SHA(Number(id)) : null,
      channels,
      release_time: `2026-${String(Number(id) % 12 + 1).padStart(2, '0')}-05 10:00:00`,
      status,
      publish_time: status === 'draft' ? null : `2026-${String(Number(id) % 12 + 1).padStart(2, '0')}-05 12:00:00`,
      is_current: current,
    };
  }),
);

export const batches: BatchRow[] = z.array(batchRow).parse(
  [
    [1, 1, '春节礼包', 200, 37, 'XQ', 'XQ2611021234', 'short', 'active', 'active'],
    [2, 2, '新手礼包', 500, 120, 'CQ', 'CQ2026092317425001', 'date', 'active', 'active'],
    [3, 11, '周年庆', 100, 60, 'XX', 'XX2609131454', 'short', 'active', 'expired'],
    [4, 1, '测试补偿', 50, 5, 'LM', 'LM2610232521', 'short', 'void', 'void'],
  ].map(([id, gameId, name, count, redeemed, prefix, stem, generator, status, state]) => ({
    ...audit(240 + Number(id)),
    id,
    game: gameId,
    game_name: allGames.find((x) => x.id === gameId)?.name,
    game_kind: allGames.find((x) => x.id === gameId)?.kind,
    name,
    count,
    redeemed,
    prefix,
    stem,
    generator,
    start_time: '2026-11-01 00:00:00',
    end_time: state === 'expired' ? '2026-11-10 00:00:00' : '2027-01-01 00:00:00',
    reward: '钻石×100、体力×50',
    status,
    state,
    void_time: status === 'void' ? '2026-11-20 10:00:00' : null,
  })),
);

const TAIL = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The codes of a batch: its stem and an 8-character tail; the first `redeemed` ones redeemed. */
export function codesOf(batch: BatchRow): GiftCodeRow[] {
  const idle = batch.state === 'void' ? 'void' : batch.state === 'expired' ? 'expired' : 'unused';
  return z.array(giftCodeRow).parse(
    Array.from({ length: batch.count }, (_, i) => {
      const tail = Array.from({ length: 8 }, (_, c) => TAIL[(i * 7 + c * 13 + batch.id) % 32]).join('');
      const used = i < batch.redeemed;
      return { code: `${batch.stem}${tail}`, status: used ? 'redeemed' : idle, player: used ? `p${100000 + i * 37}` : null, redeem_time: used ? `2026-11-${String(2 + (i % 20)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00` : null };
    }).sort((a, b) => (a.code < b.code ? -1 : 1)),
  );
}

export const accounts = z.array(sharedAccountRow).parse(
  [
    [1, 'googleplay', 'store', 'Google Play 开发者账号', 'dev@xingchen.example.com', [1, 2]],
    [2, 'pangle', 'ads', '穿山甲广告', '5188001', [11]],
    [3, 'wechatpay', 'payment', '微信支付商户号', '1600012345', [21]],
    [4, 'stripe', 'payment', 'Stripe（海外）', 'acct_1Example', []],
  ].map(([id, provider, type, name, account, gameIds]) => ({
    ...audit(260 + Number(id)),
    id,
    provider,
    provider_type: type,
    name,
    account,
    url: 'https://console.example.com',
    status: true,
    games: gameIds,
    game_info: allGames.filter((g) => (gameIds as number[]).includes(g.id)).map((g) => ({ id: g.id, name: g.name, kind: g.kind })),
    has_secret: id !== 4,
    secret_mask: id !== 4 ? '••••••••' : '',
  })),
);

/** The detail of a game (1: an Android game with releases, channels and codes). */
export function detailOf(id: number): GameDetail | null {
  const g = allGames.find((x) => x.id === id);
  if (!g) return null;
  const own = releases.filter((r) => r.game === id);
  const current = own.find((r) => r.is_current) ?? null;
  const channelRows = [...new Set(own.filter((r) => r.status === 'published').flatMap((r) => r.channels))].map((channel) => {
    const r = own.filter((x) => x.status === 'published' && x.channels.includes(channel)).sort((a, b) => Number(b.is_current) - Number(a.is_current) || b.build - a.build)[0];
    return { channel, version: r?.version ?? '', build: r?.build ?? 0, release_time: r?.release_time ?? '2026-01-01 00:00:00', is_current: r?.is_current ?? false };
  });
  const ownBatches = batches.filter((b) => b.game === id);
  return gameDetail.parse({
    ...g,
    current,
    releases: { total: own.length, published: own.filter((r) => r.status !== 'draft').length, drafts: own.filter((r) => r.status === 'draft').length },
    channels: channelRows,
    codes: { batches: ownBatches.length, total: ownBatches.reduce((s, b) => s + b.count, 0), redeemed: ownBatches.reduce((s, b) => s + b.redeemed, 0), active_batches: ownBatches.filter((b) => b.state === 'active').length },
    summary: { revenue_today: 0, revenue_30d: 0, players: 0, paying_players: 0, currency: 'CNY' },
  });
}

export const previewOf = (code: string) => {
  const g = games.h5.find((x) => x.code?.toLowerCase() === code.toLowerCase());
  return g ? h5Preview.parse({ id: g.id, code: g.code, name: g.name, url: g.url, icon: g.icon, status: g.status, version: g.current_version, build: g.current_build }) : null;
};

export const limits = uploadLimits.parse({
  icon: { extensions: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'webp'], max_bytes: 2 * 1024 * 1024 },
  package: { extensions: ['apk', 'aab', 'ipa', 'zip', 'exe', 'msi', 'dmg', 'pkg', 'deb', 'rpm'], max_bytes: 512 * 1024 * 1024 },
});

/**
 * The rows a screen's game picker reads (GET /api/game/detail/, gameRow): online games with only an
 * id, name and kind, for the mock back ends of the analytics and report screens.
 */
export function pickerGameRows(list: ReadonlyArray<readonly [number, string] | readonly [number, string, GameKind]>): GameRow[] {
  return z.array(gameRow).parse(
    list.map(([id, name, kind = 'android']) => ({
      ...audit(id),
      kind,
      name,
      icon: null,
      status: 'online',
      partner: null,
      partner_name: null,
      tags: [],
      tag_info: [],
      package_id: null,
      min_sdk: null,
      url: null,
      code: null,
      platform: null,
      app_id: null,
      category: null,
      current_release: null,
      current_version: null,
      current_build: null,
      release_count: 0,
    })),
  );
}
