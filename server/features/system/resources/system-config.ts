import type { AppContext } from '../../../context';
import type { Row } from '../../../db/db';
import { SYSTEM_CONFIG_LABELS, systemConfigInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, choice, int, listFields, refuseCycle, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const CONFIG_COLUMNS = ['title', 'key', 'value', 'sort', 'status', 'data_options', 'form_item_type', 'rule', 'placeholder', 'setting', 'parent'];
const JSON_COLUMNS = ['value', 'data_options', 'rule', 'setting'];
const FORM_ITEM_TYPES = ['text', 'datetime', 'date', 'textarea', 'select', 'checkbox', 'radio', 'img', 'file', 'switch', 'number', 'array', 'imgs', 'foreignkey', 'manytomany', 'time'];

function configItemView(r: Row): Record<string, unknown> {
  return { ...viewOf(CONFIG_COLUMNS)(r), form_item_type_label: FORM_ITEM_TYPES[Number(r.form_item_type)] ?? 'text' };
}

const SYSTEM_CONFIG_FRAME = { sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true };

/**
 * Settings changed (committed): tell every open socket, on every instance, to reload them. The
 * settings cache itself follows the database's change versions.
 */
export function announceSettingsChange(ctx: AppContext): void {
  void ctx.hub.publish('all', SYSTEM_CONFIG_FRAME).catch(() => ctx.hub.broadcast(SYSTEM_CONFIG_FRAME));
}

/** Settings (/api/system/system_config/): groups and their items, children under upstream's key `chinldern`. */
export function systemConfigSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'system_config',
    title: '系统配置',
    table: 'system_config',
    select: selectOf(CONFIG_COLUMNS),
    view: (r) => ({ ...configItemView(r), chinldern: [] }),
    decorate: async (db, rows) => {
      const children = await db.query(`SELECT ${selectOf(CONFIG_COLUMNS)} FROM system_config t WHERE t.parent = ANY($1::int[]) ORDER BY t.sort, t.id`, [rows.map((r) => r.id)]);
      for (const row of rows) row.chinldern = children.filter((c) => c.parent === row.id).map(configItemView);
    },
    fields: listFields({ title: 'icontains', key: 'icontains', status: 'bool', sort: 'sort', form_item_type: 'int', parent: { filter: 'int', nullable: true } }),
    defaultOrder: 'sort',
    search: ['t.title', 't.key'],
    createSchema: systemConfigInput,
    labels: SYSTEM_CONFIG_LABELS,
    columns: writeColumns(CONFIG_COLUMNS, Object.fromEntries(JSON_COLUMNS.map((c) => [c, { json: true }]))),
    uniques: [{ fields: ['key', 'parent'], message: '键已存在（同一分组下不能重复）。' }],
    beforeWrite: async ({ tx }, input, _values, id) => {
      if (typeof input.parent === 'number') await requireRow(tx, 'system_config', input.parent, '父级:分组不存在。');
      await refuseCycle(tx, 'system_config', id, input.parent, '父级不能是它自己或它的下级。');
    },
    changed: () => announceSettingsChange(ctx),
    sheet: [text('title', '标题'), text('key', '键'), int('parent', '父级ID'), int('sort', '排序'), bool('status', '启用状态'), choice('form_item_type', '表单类型', Object.fromEntries(FORM_ITEM_TYPES.map((t, i) => [i, t]))), text('placeholder', '提示信息')],
    importKey: 'id',
  };
}
