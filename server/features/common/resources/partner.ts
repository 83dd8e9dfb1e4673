import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, listFields, readOnlyCol, selectOf, text, viewOf } from '../../../domain/crud/resource-helpers';

const PARTNER_COLUMNS = ['name', 'contact', 'phone', 'email', 'status'];

/**
 * The co-operators games belong to, read-only at /api/common/partner/ (the game forms choose from it;
 * the cooperate area will manage them).
 */
export function partnerSpec(): ResourceSpec {
  return {
    path: 'partner',
    base: '/api/common/partner/',
    title: '合作方',
    table: 'partners',
    select: selectOf(PARTNER_COLUMNS, ['(SELECT count(*)::int FROM games g WHERE g.partner = t.id) AS game_count']),
    view: (r) => ({ ...viewOf(PARTNER_COLUMNS)(r), game_count: r.game_count ?? 0 }),
    fields: listFields({ name: 'icontains', status: 'bool' }),
    defaultOrder: 'name',
    search: ['t.name', 't.contact'],
    labels: { name: '合作方名称', status: '状态' },
    columns: {},
    readOnly: true,
    sheet: [text('name', '合作方名称'), text('contact', '联系人'), text('phone', '电话'), text('email', '邮箱'), bool('status', '状态'), readOnlyCol('game_count', '游戏数')],
  };
}
