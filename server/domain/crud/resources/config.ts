import type { AppContext } from '../../../context';
import type { Row } from '../../../db/db';
import {
  API_WHITE_LIST_LABELS,
  AREA_LABELS,
  DICTIONARY_LABELS,
  MENU_BUTTON_LABELS,
  MENU_LABELS,
  SYSTEM_CONFIG_LABELS,
  apiWhiteListInput,
  areaInput,
  dictionaryInput,
  menuButtonInput,
  menuInput,
  systemConfigInput,
} from '../../../../contracts/schemas';
import { permissionsOf } from '../../permissions';
import { auditView } from '../resource';
import { CrudError, type ResourceSpec } from '../spec';
import { refuseCycle } from './accounts';
import { auditFields, bool, choice, int, selectOf, text, viewOf } from './helpers';

const MENU_COLUMNS = ['icon', 'name', 'sort', 'is_link', 'is_catalog', 'web_path', 'component', 'component_name', 'status', 'frame_out', 'cache', 'visible', 'parent'];

function menusChanged(ctx: AppContext): void {
  ctx.menus.invalidate();
  permissionsOf(ctx).invalidate();
}

export function menuSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'menu',
    title: '菜单',
    table: 'menus',
    select: selectOf(MENU_COLUMNS, [
      'EXISTS (SELECT 1 FROM menus c WHERE c.parent = t.id) AS has_child',
      '(SELECT json_agg(b.value ORDER BY b.id) FROM menu_buttons b WHERE b.menu = t.id) AS menu_permission',
    ]),
    view: (r) => ({ ...viewOf(MENU_COLUMNS)(r), menuPermission: r.menu_permission ?? null, hasChild: r.has_child === true }),
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      sort: { sql: 't.sort' },
      status: { sql: 't.status', filter: 'bool' },
      visible: { sql: 't.visible', filter: 'bool' },
      is_catalog: { sql: 't.is_catalog', filter: 'bool' },
      is_link: { sql: 't.is_link', filter: 'bool' },
      web_path: { sql: 't.web_path', filter: 'icontains' },
      component: { sql: 't.component', filter: 'icontains' },
      parent: { sql: 't.parent', filter: 'int', nullable: true },
    },
    defaultOrder: 'sort',
    search: ['t.name', 't.web_path', 't.component'],
    listShape: 'plain',
    lazyParent: 'parent',
    createSchema: menuInput,
    labels: MENU_LABELS,
    columns: Object.fromEntries(MENU_COLUMNS.map((c) => [c, { column: c }])),
    beforeWrite: async ({ tx }, input, _values, id) => refuseCycle(tx, 'menus', id, input.parent, '上级菜单不能是它自己或它的下级菜单。'),
    changed: () => menusChanged(ctx),
    sheet: [text('name', '菜单名称'), text('icon', '菜单图标'), int('sort', '显示排序'), int('parent', '上级菜单ID'), bool('is_catalog', '是否目录', '是', '否'), text('web_path', '路由地址'), text('component', '组件地址'), text('component_name', '组件名称'), bool('status', '菜单状态'), bool('visible', '侧边栏中是否显示', '显示', '隐藏')],
    importKey: 'id',
  };
}

const BUTTON_COLUMNS = ['name', 'value', 'api', 'method', 'menu'];
const METHODS = { 0: 'GET', 1: 'POST', 2: 'PUT', 3: 'DELETE' };

export function menuButtonSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'menu_button',
    title: '菜单按钮',
    table: 'menu_buttons',
    select: selectOf(BUTTON_COLUMNS),
    // Issue 13: the real back end's rows are only these keys, no audit columns (API-CONTRACT example 55, §17).
    view: (r) => ({ id: r.id, ...Object.fromEntries(BUTTON_COLUMNS.map((c) => [c, r[c] ?? null])) }),
    fields: {
      ...auditFields(),
      menu: { sql: 't.menu', filter: 'int' },
      name: { sql: 't.name', filter: 'icontains' },
      value: { sql: 't.value', filter: 'exact' },
      api: { sql: 't.api', filter: 'icontains' },
      method: { sql: 't.method', filter: 'int' },
    },
    defaultOrder: '-name',
    search: ['t.name', 't.value', 't.api'],
    createSchema: menuButtonInput,
    labels: MENU_BUTTON_LABELS,
    columns: Object.fromEntries(BUTTON_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['menu', 'value'], message: '该菜单下已有相同的权限值。' }],
    beforeWrite: async ({ tx }, input) => {
      if (typeof input.menu === 'number' && (await tx.query('SELECT 1 FROM menus WHERE id = $1', [input.menu])).length === 0) throw new CrudError('关联菜单:菜单不存在。');
    },
    changed: () => menusChanged(ctx),
    sheet: [int('menu', '关联菜单ID'), text('name', '名称'), text('value', '权限值'), text('api', '接口地址', 40), choice('method', '接口请求方法', METHODS)],
    importKey: 'id',
  };
}

const DICT_COLUMNS = ['label', 'value', 'type', 'color', 'is_value', 'status', 'sort', 'remark', 'parent'];

export function dictionarySpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'dictionary',
    title: '字典',
    table: 'dictionaries',
    select: selectOf(DICT_COLUMNS),
    view: viewOf(DICT_COLUMNS),
    fields: {
      ...auditFields(),
      label: { sql: 't.label', filter: 'icontains' },
      value: { sql: 't.value', filter: 'icontains' },
      type: { sql: 't.type', filter: 'int' },
      is_value: { sql: 't.is_value', filter: 'bool' },
      status: { sql: 't.status', filter: 'bool' },
      sort: { sql: 't.sort' },
      parent: { sql: 't.parent', filter: 'int', nullable: true },
    },
    defaultOrder: 'sort',
    search: ['t.label', 't.value'],
    createSchema: dictionaryInput,
    labels: DICTIONARY_LABELS,
    columns: Object.fromEntries(DICT_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['parent', 'value'], message: '字典编号已存在（同一父级下不能重复）。' }],
    beforeWrite: async ({ tx }, input, values, id) => {
      if (typeof input.parent === 'number' && (await tx.query('SELECT 1 FROM dictionaries WHERE id = $1', [input.parent])).length === 0) throw new CrudError('父级:字典不存在。');
      await refuseCycle(tx, 'dictionaries', id, input.parent, '父级不能是它自己或它的下级。');
      if (id === null && 'parent' in input && input.parent !== null && input.is_value === undefined) values.is_value = true;
    },
    changed: () => ctx.dictionaries.invalidate(),
    sheet: [text('label', '字典名称'), text('value', '字典编号'), int('parent', '父级ID'), choice('type', '数据值类型', { 0: 'text', 1: 'number', 2: 'date', 3: 'datetime', 4: 'time', 5: 'files', 6: 'boolean', 7: 'images' }), text('color', '颜色'), bool('status', '状态'), int('sort', '显示排序'), text('remark', '备注')],
    importKey: 'id',
  };
}

const CONFIG_COLUMNS = ['title', 'key', 'value', 'sort', 'status', 'data_options', 'form_item_type', 'rule', 'placeholder', 'setting', 'parent'];
const JSON_COLUMNS = new Set(['value', 'data_options', 'rule', 'setting']);
export const FORM_ITEM_TYPES = ['text', 'datetime', 'date', 'textarea', 'select', 'checkbox', 'radio', 'img', 'file', 'switch', 'number', 'array', 'imgs', 'foreignkey', 'manytomany', 'time'];

export function configItemView(r: Row): Record<string, unknown> {
  return { ...viewOf(CONFIG_COLUMNS)(r), form_item_type_label: FORM_ITEM_TYPES[Number(r.form_item_type)] ?? 'text' };
}

export const SYSTEM_CONFIG_FRAME = { sender: 'system', contentType: 'SYSTEM', content: '系统配置有变化~', systemConfig: true };

/** Settings changed: drop the cache and tell every open socket, on every instance, to reload them. */
export function configChanged(ctx: AppContext): void {
  ctx.settings.invalidate();
  void ctx.hub.publish('all', SYSTEM_CONFIG_FRAME).catch(() => ctx.hub.broadcast(SYSTEM_CONFIG_FRAME));
}

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
    fields: {
      ...auditFields(),
      title: { sql: 't.title', filter: 'icontains' },
      key: { sql: 't.key', filter: 'icontains' },
      status: { sql: 't.status', filter: 'bool' },
      sort: { sql: 't.sort' },
      form_item_type: { sql: 't.form_item_type', filter: 'int' },
      parent: { sql: 't.parent', filter: 'int', nullable: true },
    },
    defaultOrder: 'sort',
    search: ['t.title', 't.key'],
    createSchema: systemConfigInput,
    labels: SYSTEM_CONFIG_LABELS,
    columns: Object.fromEntries(CONFIG_COLUMNS.map((c) => [c, { column: c, json: JSON_COLUMNS.has(c) }])),
    uniques: [{ fields: ['key', 'parent'], message: '键已存在（同一分组下不能重复）。' }],
    beforeWrite: async ({ tx }, input, _values, id) => {
      if (typeof input.parent === 'number' && (await tx.query('SELECT 1 FROM system_config WHERE id = $1', [input.parent])).length === 0) throw new CrudError('父级:分组不存在。');
      await refuseCycle(tx, 'system_config', id, input.parent, '父级不能是它自己或它的下级。');
    },
    changed: () => configChanged(ctx),
    sheet: [text('title', '标题'), text('key', '键'), int('parent', '父级ID'), int('sort', '排序'), bool('status', '启用状态'), choice('form_item_type', '表单类型', Object.fromEntries(FORM_ITEM_TYPES.map((t, i) => [i, t]))), text('placeholder', '提示信息')],
    importKey: 'id',
  };
}

const WHITE_COLUMNS = ['url', 'method', 'enable_datasource'];

export function apiWhiteListSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'api_white_list',
    title: '接口白名单',
    table: 'api_white_list',
    select: selectOf(WHITE_COLUMNS),
    view: viewOf(WHITE_COLUMNS),
    fields: {
      ...auditFields(),
      url: { sql: 't.url', filter: 'icontains' },
      method: { sql: 't.method', filter: 'int' },
      enable_datasource: { sql: 't.enable_datasource', filter: 'bool' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.url'],
    createSchema: apiWhiteListInput,
    labels: API_WHITE_LIST_LABELS,
    columns: Object.fromEntries(WHITE_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['url', 'method'], message: '该接口地址和请求方法已在白名单中。' }],
    changed: () => permissionsOf(ctx).invalidate(),
    sheet: [text('url', 'url', 40), choice('method', '接口请求方法', METHODS), bool('enable_datasource', '激活数据权限', '是', '否')],
    importKey: 'id',
  };
}

const AREA_COLUMNS = ['name', 'code', 'level', 'pinyin', 'initials', 'enable', 'pcode'];

export function areaSpec(): ResourceSpec {
  return {
    path: 'area',
    title: '地区',
    table: 'areas',
    select: selectOf(AREA_COLUMNS, ['(SELECT count(*)::int FROM areas c WHERE c.pcode = t.code) AS pcode_count']),
    // Issue 13: children are told by `pcode_count` alone, as on the real back end (no `hasChild`, API-CONTRACT §17).
    view: (r) => ({ ...auditView(r), pcode_count: r.pcode_count ?? 0, ...Object.fromEntries(AREA_COLUMNS.map((c) => [c, r[c] ?? null])), level: Number(r.level) }),
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      code: { sql: 't.code', filter: 'exact' },
      level: { sql: 't.level', filter: 'int' },
      pinyin: { sql: 't.pinyin', filter: 'icontains' },
      initials: { sql: 't.initials', filter: 'exact' },
      enable: { sql: 't.enable', filter: 'bool' },
      pcode: { sql: 't.pcode', filter: 'exact', nullable: true },
    },
    defaultOrder: 'code',
    search: ['t.name', 't.pinyin', 't.code'],
    createSchema: areaInput,
    labels: AREA_LABELS,
    columns: Object.fromEntries(AREA_COLUMNS.map((c) => [c, { column: c, toDb: c === 'pcode' ? (v: unknown) => (v === '' ? null : v) : undefined }])),
    uniques: [{ fields: ['code'], message: '地区编码已存在，请换一个。' }],
    beforeWrite: async ({ tx }, input) => {
      if (typeof input.pcode === 'string' && input.pcode !== '' && (await tx.query('SELECT 1 FROM areas WHERE code = $1', [input.pcode])).length === 0) throw new CrudError('父地区编码:地区不存在。');
    },
    sheet: [text('name', '名称'), text('code', '地区编码'), int('level', '地区层级'), text('pinyin', '拼音'), text('initials', '首字母'), bool('enable', '是否启用', '是', '否'), text('pcode', '父地区编码')],
    importKey: 'id',
  };
}
