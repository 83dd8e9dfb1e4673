import { FUNNEL_DEFINE_LABELS, funnelDefineInput, type FunnelStep } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, currentRow, listFields, readOnlyCol, remarkAndCreatedCols, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const FUNNEL_COLUMNS = ['game', 'name', 'window_seconds', 'enabled'];

function stepsOf(raw: unknown): unknown[] {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(value) ? value : [];
}

/**
 * embed_configure/funnel_define: funnels of one game, 2..10 ordered steps (an event each, with
 * optional property filters) and a conversion window of 1 minute .. 30 days. Every step's event must
 * be defined for the game (its own or a global definition).
 */
export function funnelDefineSpec(): ResourceSpec {
  return {
    path: 'funnel_define',
    base: '/api/embed_configure/funnel_define/',
    title: '漏斗定义',
    table: 'tracking_funnels',
    from: 'tracking_funnels t JOIN games g ON g.id = t.game',
    select: selectOf(FUNNEL_COLUMNS, ['t.steps', 'g.name AS game_name']),
    view: (r) => ({ ...viewOf(FUNNEL_COLUMNS)(r), game_name: r.game_name, steps: stepsOf(r.steps) }),
    fields: listFields({ game: 'int', name: 'icontains', enabled: 'bool', window_seconds: 'int' }),
    defaultOrder: '-create_datetime',
    search: ['t.name', 'g.name'],
    createSchema: funnelDefineInput,
    labels: FUNNEL_DEFINE_LABELS,
    columns: writeColumns(['game', 'name', 'steps', 'window_seconds', 'enabled'], { steps: { json: true } }),
    beforeWrite: async ({ tx }, input, _values, id) => {
      const current = await currentRow<{ game: number; steps: unknown }>(tx, 'tracking_funnels', id, 'game, steps');
      const game = typeof input.game === 'number' ? input.game : (current?.game ?? 0);
      const steps = (Array.isArray(input.steps) ? input.steps : stepsOf(current?.steps)) as FunnelStep[];
      const g = await requireRow<{ name: string }>(tx, 'games', game, `游戏:id 为 ${game} 的游戏不存在。`, 'name');
      const events = [...new Set(steps.map((s) => s.event))];
      const known = await tx.query<{ event: string }>('SELECT DISTINCT event FROM tracking_event_defines WHERE (game = $1 OR game IS NULL) AND event = ANY($2::text[])', [game, events]);
      const missing = events.filter((e) => !known.some((k) => k.event === e));
      if (missing.length > 0) throw new CrudError(`步骤:游戏「${g.name}」没有定义事件 ${missing.map((e) => `「${e}」`).join('、')}。`);
    },
    sheet: [
      readOnlyCol('game_name', '游戏', 20),
      text('name', '漏斗名称', 20),
      { field: 'steps', title: '步骤', width: 40, format: (v) => (Array.isArray(v) ? v.map((s) => (s as { event: string }).event).join(' → ') : null) },
      readOnlyCol('window_seconds', '转化窗口（秒）'),
      bool('enabled', '状态'),
      ...remarkAndCreatedCols(),
    ],
  };
}
