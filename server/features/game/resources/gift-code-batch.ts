import { BATCH_LABELS, batchInput, batchUpdateInput, datetimeInputToIso } from '../../../../contracts/schemas';
import { batchState, deleteBatchCodes, insertBatchCodes, pickStem } from '../domain/gift-codes';
import { dt } from '../../../domain/crud/resource';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, int, listFields, namedCol, readOnlyCol, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const BATCH_COLUMNS = ['game', 'name', 'count', 'prefix', 'stem', 'generator', 'start_time', 'end_time', 'reward', 'status', 'void_time', 'redeemed'];

const STATE_NAMES: Record<string, string> = { pending: '未开始', active: '进行中', expired: '已过期', void: '已作废' };
const GENERATOR_NAMES: Record<string, string> = { short: '短日期+4位随机数', date: '日期+2位随机数' };
const toIso = (v: unknown) => (typeof v === 'string' ? datetimeInputToIso(v) : undefined);

/**
 * game/code: gift-code batches. Creating one generates its codes in the same transaction (a failure
 * leaves no batch and no code); the codes, their export, voiding and redemption are actions
 * (server/domain/game/gift-codes.ts). A batch with redeemed codes cannot be deleted (void it).
 */
export function giftCodeBatchSpec(): ResourceSpec {
  return {
    path: 'code',
    base: '/api/game/code/',
    title: '兑换码批次',
    table: 'gift_code_batches',
    from: 'gift_code_batches t JOIN games g ON g.id = t.game',
    select: selectOf(BATCH_COLUMNS, ['g.name AS game_name', 'g.kind AS game_kind']),
    view: (r) => ({
      ...viewOf(BATCH_COLUMNS)(r),
      start_time: dt(r.start_time),
      end_time: dt(r.end_time),
      void_time: dt(r.void_time),
      game_name: r.game_name,
      game_kind: r.game_kind,
      state: batchState(r as { status: string; start_time: Date; end_time: Date }),
    }),
    fields: listFields({
      game: 'int', game_kind: { sql: 'g.kind', filter: 'exact' }, name: 'icontains', prefix: 'istartswith', generator: 'exact', status: 'exact', reward: 'icontains',
      count: 'sort', redeemed: 'sort', start_time: 'sort', end_time: 'sort',
    }),
    defaultOrder: '-create_datetime',
    search: ['g.name', 't.name', 't.prefix', 't.reward'],
    createSchema: batchInput,
    updateSchema: batchUpdateInput,
    labels: BATCH_LABELS,
    columns: writeColumns(['game', 'name', 'count', 'prefix', 'generator', 'start_time', 'end_time', 'reward'], { start_time: { toDb: toIso }, end_time: { toDb: toIso } }),
    beforeWrite: async ({ tx }, input, values, id) => {
      if (id === null) {
        await requireRow(tx, 'games', input.game, `游戏:id 为 ${String(input.game)} 的游戏不存在。`);
        values.prefix ??= '';
        values.generator ??= 'short';
        values.stem = await pickStem(tx, String(values.prefix), values.generator === 'date' ? 'date' : 'short');
        return;
      }
      if (typeof values.end_time === 'string') {
        const current = (await tx.query<{ start_time: Date }>('SELECT start_time FROM gift_code_batches WHERE id = $1', [id]))[0];
        if (current && new Date(values.end_time).getTime() <= new Date(current.start_time).getTime()) throw new CrudError('结束时间:必须晚于开始时间。');
      }
    },
    afterWrite: async ({ tx }, id, input) => {
      // Only a create carries `count` (the update schema has none): the codes are made once.
      if (typeof input.count !== 'number') return;
      const stem = (await tx.query<{ stem: string }>('SELECT stem FROM gift_code_batches WHERE id = $1', [id]))[0]?.stem ?? '';
      await insertBatchCodes(tx, id, stem, input.count);
    },
    beforeDelete: async ({ tx }, ids) => {
      const used = await tx.query<{ id: number; redeemed: number }>('SELECT id, redeemed FROM gift_code_batches WHERE id = ANY($1::int[]) AND redeemed > 0 ORDER BY id LIMIT 1', [ids]);
      if (used[0]) throw new CrudError(`批次 ${used[0].id} 已有 ${used[0].redeemed} 个兑换码被兑换，不能删除；请改为作废。`);
      await deleteBatchCodes(tx, ids);
    },
    sheet: [
      readOnlyCol('id', '批次ID'),
      readOnlyCol('game_name', '游戏', 20),
      text('name', '批次名称', 20),
      int('count', '数量'),
      readOnlyCol('redeemed', '已兑换'),
      text('prefix', '前缀'),
      namedCol('generator', '生成规则', GENERATOR_NAMES, 20),
      text('reward', '奖励内容', 30),
      datetimeCol('start_time', '开始时间'),
      datetimeCol('end_time', '结束时间'),
      namedCol('state', '状态', STATE_NAMES),
      datetimeCol('create_datetime', '创建时间'),
    ],
  };
}
