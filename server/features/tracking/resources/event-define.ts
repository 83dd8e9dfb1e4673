import { EVENT_DEFINE_LABELS, eventDefineInput, globalEventDefineInput } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, currentRow, listFields, readOnlyCol, remarkAndCreatedCols, requireRow, selectOf, text, viewOf, writeColumns, yesNoCol } from '../../../domain/crud/resource-helpers';

const DEFINE_COLUMNS = ['game', 'event', 'name', 'enabled'];

/** Whether events are stored under a definition (a global one: under any game). One index probe. */
const IN_USE = 'EXISTS (SELECT 1 FROM tracking_hourly h WHERE h.event = t.event AND (t.game IS NULL OR h.game = t.game))';

function propertiesOf(raw: unknown): unknown[] {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(value) ? value : [];
}

/**
 * embed_configure/event_define (per game) and embed_configure/global_event_define (game null, valid
 * for every game; a game's own definition of the same identifier wins for that game). A definition
 * whose events are stored is `in_use`: it can be disabled, not deleted, and its identifier and game
 * stay; a definition a funnel uses cannot be deleted either.
 */
export function eventDefineSpec(global: boolean, onChange: () => void = () => undefined): ResourceSpec {
  const screen = global ? 'global_event_define' : 'event_define';
  return {
    path: screen,
    base: `/api/embed_configure/${screen}/`,
    title: global ? '全局事件' : '事件定义',
    table: 'tracking_event_defines',
    from: 'tracking_event_defines t LEFT JOIN games g ON g.id = t.game',
    baseWhere: global ? 't.game IS NULL' : 't.game IS NOT NULL',
    select: selectOf(DEFINE_COLUMNS, ['t.properties', 'g.name AS game_name', `${IN_USE} AS in_use`]),
    view: (r) => ({
      ...viewOf(DEFINE_COLUMNS)(r),
      game_name: r.game_name ?? null,
      properties: propertiesOf(r.properties),
      in_use: r.in_use === true,
    }),
    fields: listFields({ game: { filter: 'int', nullable: true }, event: 'icontains', name: 'icontains', enabled: 'bool', game_name: { sql: 'g.name' } }),
    defaultOrder: global ? 'event' : 'game,event',
    search: ['t.event', 't.name'],
    createSchema: global ? globalEventDefineInput : eventDefineInput,
    labels: EVENT_DEFINE_LABELS,
    columns: writeColumns([...(global ? [] : ['game']), 'event', 'name', 'properties', 'enabled'], { properties: { json: true } }),
    beforeWrite: async ({ tx }, input, values, id) => {
      const current = await currentRow<{ game: number | null; event: string; in_use: boolean }>(tx, 'tracking_event_defines', id, `t.game, t.event, ${IN_USE} AS in_use`);
      const game = global ? null : typeof input.game === 'number' ? input.game : (current?.game ?? null);
      const event = typeof input.event === 'string' ? input.event : (current?.event ?? '');
      if (current?.in_use && (game !== current.game || event !== current.event)) {
        throw new CrudError('事件已有数据，不能修改事件标识或游戏，只能修改名称、属性或停用。');
      }
      let gameName = '';
      if (game !== null) {
        gameName = (await requireRow<{ name: string }>(tx, 'games', game, `游戏:id 为 ${game} 的游戏不存在。`, 'name')).name;
      }
      const taken = await tx.query('SELECT 1 FROM tracking_event_defines WHERE coalesce(game, 0) = $1 AND event = $2 AND id <> $3', [game ?? 0, event, id ?? 0]);
      if (taken.length > 0) throw new CrudError(game === null ? `全局事件「${event}」已存在。` : `游戏「${gameName}」已定义事件「${event}」。`);
      if (id === null && !('properties' in values)) values.properties = '[]';
    },
    beforeDelete: async ({ tx }, ids) => {
      const rows = await tx.query<{ event: string; game: number | null; in_use: boolean; funnel: string | null }>(
        `SELECT t.event, t.game, ${IN_USE} AS in_use,
           (SELECT f.name FROM tracking_funnels f WHERE (t.game IS NULL OR f.game = t.game)
              AND f.steps @> jsonb_build_array(jsonb_build_object('event', t.event)) ORDER BY f.id LIMIT 1) AS funnel
         FROM tracking_event_defines t WHERE t.id = ANY($1::int[])`,
        [ids],
      );
      if (rows.some((r) => r.in_use)) throw new CrudError('事件已有数据，不能删除，只能停用');
      const used = rows.find((r) => r.funnel !== null);
      if (used) throw new CrudError(`漏斗「${used.funnel ?? ''}」用到事件「${used.event}」，不能删除，只能停用。`);
    },
    changed: onChange,
    sheet: [
      ...(global ? [] : [readOnlyCol('game_name', '游戏', 20)]),
      text('event', '事件标识', 20),
      text('name', '显示名称', 20),
      {
        field: 'properties',
        title: '属性',
        width: 40,
        format: (v) => (Array.isArray(v) ? v.map((p) => `${(p as { name: string }).name}:${(p as { type: string }).type}${(p as { required: boolean }).required ? '*' : ''}`).join(', ') : null),
      },
      bool('enabled', '状态'),
      yesNoCol('in_use', '已有数据'),
      ...remarkAndCreatedCols(),
    ],
  };
}
