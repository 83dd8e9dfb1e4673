/** The 8 dictionaries of API-CONTRACT §7; group ids as in the contract, entry ids follow their group. */

export interface SeedDictionary {
  id: number;
  key: string;
  label: string;
  /** Value type of the entries (0 text, 1 number, 6 boolean). */
  type: number;
  entries: Array<{ label: string; value: string; color?: string }>;
}

/** One dictionary a line: id, key, label, value type, and its entries as [label, value, color?]. */
const TABLE: Array<[id: number, key: string, label: string, type: number, entries: Array<[label: string, value: string, color?: string]>]> = [
  [1, 'button_status_bool', '启用/禁用-布尔值', 6, [['启用', 'true'], ['禁用', 'false']]],
  [4, 'system_button', '系统按钮', 0, [
    ['新增', 'Create', 'success'], ['编辑', 'Update', 'primary'], ['删除', 'Delete', 'danger'], ['详情', 'Retrieve', 'info'],
    ['查询', 'Search', 'warning'], ['保存', 'Save', 'success'], ['导入', 'Import', 'primary'], ['导出', 'Export', 'warning'],
  ]],
  [13, 'button_status_number', '启用/禁用-数字值', 1, [['启用', '1'], ['禁用', '0']]],
  [16, 'button_whether_bool', '是/否-布尔值', 6, [['是', 'true'], ['否', 'false']]],
  [19, 'button_whether_number', '是/否-数字值', 1, [['是', '1'], ['否', '2']]],
  [22, 'user_type', '用户类型', 1, [['后台用户', '0'], ['前台用户', '1']]],
  [25, 'config_form_type', '表单类型', 1, [
    ['text', '0'], ['textarea', '3'], ['number', '10'], ['datetime', '1'], ['date', '2'], ['time', '15'], ['select', '4'], ['checkbox', '5'],
    ['radio', '6'], ['switch', '9'], ['文件附件', '8'], ['图片(单张)', '7'], ['图片(多张)', '12'], ['数组', '11'], ['关联表', '13'], ['关联表(多选)', '14'],
  ]],
  [42, 'gender', '性别', 1, [['未知', '0'], ['男', '1'], ['女', '2']]],
];

export const DICTIONARIES: SeedDictionary[] = TABLE.map(([id, key, label, type, entries]) => ({
  id,
  key,
  label,
  type,
  entries: entries.map(([label, value, color]) => (color === undefined ? { label, value } : { label, value, color })),
}));
