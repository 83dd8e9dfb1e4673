import { ACCOUNT_PROVIDERS, SECRET_MASK, SHARED_ACCOUNT_LABELS, sharedAccountInput, type AccountProvider } from '../../../../contracts/schemas';
import type { Queryable } from '../../../db/db';
import type { SecretBox } from '../../../domain/secret-box';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, listFields, namedCol, namesCol, remarkAndCreatedCols, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const ACCOUNT_COLUMNS = ['provider', 'name', 'account', 'url', 'status'];

const PROVIDER_TYPE_NAMES: Record<string, string> = { store: '应用商店', ads: '广告平台', payment: '支付渠道' };

/** The games an account row carries (parsed json; text on a driver that leaves it raw). */
function gameInfoOf(raw: unknown): Array<{ id: number; name: string; kind: string }> {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(value) ? (value as Array<{ id: number; name: string; kind: string }>).map((g) => ({ id: g.id, name: g.name, kind: g.kind })) : [];
}

/**
 * common/account: shared third-party accounts. The credential is sealed with the configured key
 * (SecretBox) on write, never selected by lists or reads (only whether one exists), and read back only
 * by the reveal action, which has its own button and is written to the operation log.
 */
export function sharedAccountSpec(box: SecretBox): ResourceSpec {
  return {
    path: 'account',
    base: '/api/common/account/',
    title: '公共账号',
    table: 'shared_accounts',
    // The secret column is never selected here: only whether it is set.
    select: selectOf(ACCOUNT_COLUMNS, [
      '(t.secret IS NOT NULL) AS has_secret',
      // The games using the account ride along in the same statement.
      `COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'kind', g.kind) ORDER BY g.name, g.id)
         FROM shared_account_games ag JOIN games g ON g.id = ag.game_id WHERE ag.account_id = t.id), '[]'::json) AS game_info`,
    ]),
    view: (r) => {
      const hasSecret = r.has_secret === true;
      const games = gameInfoOf(r.game_info);
      return {
        ...viewOf(ACCOUNT_COLUMNS)(r),
        provider_type: ACCOUNT_PROVIDERS[r.provider as AccountProvider] ?? 'store',
        has_secret: hasSecret,
        secret_mask: hasSecret ? SECRET_MASK : '',
        games: games.map((g) => g.id),
        game_info: games,
      };
    },
    fields: listFields({
      provider: 'exact',
      provider_type: { sql: `CASE ${Object.entries(ACCOUNT_PROVIDERS).map(([p, type]) => `WHEN t.provider = '${p}' THEN '${type}'`).join(' ')} END`, filter: 'exact' },
      name: 'icontains',
      account: 'icontains',
      status: 'bool',
      game: { sql: 'EXISTS (SELECT 1 FROM shared_account_games ag WHERE ag.account_id = t.id AND ag.game_id = ANY(?::int[]))', filter: 'intAny', sortable: false },
    }),
    defaultOrder: 'provider,name',
    search: ['t.name', 't.account', 't.provider', 't.url'],
    createSchema: sharedAccountInput,
    labels: SHARED_ACCOUNT_LABELS,
    columns: writeColumns(ACCOUNT_COLUMNS),
    uniques: [{ fields: ['provider', 'account'], message: '该平台下已有相同的账号，请勿重复添加。' }],
    beforeWrite: async ({ tx }, input, values) => {
      if ('secret' in input && input.secret !== undefined) values.secret = input.secret === null ? null : box.seal(String(input.secret));
      if (Array.isArray(input.games) && input.games.length > 0) {
        const ids = [...new Set(input.games as number[])];
        const found = await tx.query<{ id: number }>('SELECT id FROM games WHERE id = ANY($1::int[])', [ids]);
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length > 0) throw new CrudError(`使用的游戏:id 为 ${missing.join('、')} 的游戏不存在。`);
      }
    },
    afterWrite: async ({ tx }, id, input) => {
      if (!Array.isArray(input.games)) return;
      await tx.query('DELETE FROM shared_account_games WHERE account_id = $1', [id]);
      const ids = [...new Set(input.games as number[])];
      if (ids.length > 0) await tx.query('INSERT INTO shared_account_games (account_id, game_id) SELECT $1, unnest($2::int[])', [id, ids]);
    },
    // The export never carries a secret.
    sheet: [
      namedCol('provider_type', '类型', PROVIDER_TYPE_NAMES),
      text('provider', '平台'),
      text('name', '名称', 20),
      text('account', '账号', 24),
      { field: 'has_secret', title: '密钥', format: (v) => (v === true ? '已设置' : '未设置') },
      text('url', '后台地址', 30),
      bool('status', '状态'),
      namesCol('game_info', '使用的游戏', 30),
      ...remarkAndCreatedCols(),
    ],
  };
}

/** The stored secret of one account in clear; null when the account does not exist; '' when it has none. */
export async function readSecret(db: Queryable, box: SecretBox, id: number): Promise<string | null> {
  const row = (await db.query<{ secret: string | null }>('SELECT secret FROM shared_accounts WHERE id = $1', [id]))[0];
  if (!row) return null;
  if (row.secret === null) return '';
  return box.open(row.secret);
}
