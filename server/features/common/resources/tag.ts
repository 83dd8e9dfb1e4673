import { TAG_LABELS, tagInput } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { int, listFields, readOnlyCol, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const TAG_COLUMNS = ['name', 'color', 'sort'];

/** common/tag: tags with a colour, attached to games (and later players and campaigns). */
export function tagSpec(): ResourceSpec {
  return {
    path: 'tag',
    base: '/api/common/tag/',
    title: '标签',
    table: 'tags',
    select: selectOf(TAG_COLUMNS, ['(SELECT count(*)::int FROM game_tags gt WHERE gt.tag_id = t.id) AS game_count']),
    view: (r) => ({ ...viewOf(TAG_COLUMNS)(r), game_count: r.game_count ?? 0 }),
    fields: listFields({ name: 'icontains', color: 'exact', sort: 'sort', game_count: { sql: '(SELECT count(*) FROM game_tags gt WHERE gt.tag_id = t.id)' } }),
    defaultOrder: 'sort,name',
    search: ['t.name'],
    createSchema: tagInput,
    labels: TAG_LABELS,
    columns: writeColumns(TAG_COLUMNS, { color: { toDb: (v) => String(v).toLowerCase() } }),
    beforeWrite: async ({ tx }, input, _values, id) => {
      if (typeof input.name !== 'string') return;
      const taken = await tx.query('SELECT 1 FROM tags WHERE lower(name) = lower($1) AND id <> $2 LIMIT 1', [input.name, id ?? 0]);
      if (taken.length > 0) throw new CrudError(`标签「${input.name}」已存在，请换一个名称。`);
    },
    sheet: [text('name', '标签名称'), text('color', '颜色'), int('sort', '排序'), readOnlyCol('game_count', '游戏数')],
  };
}
