/** The 8 dictionaries of API-CONTRACT §7; group ids as in the contract, entry ids follow their group. */

export interface SeedDictionary {
  id: number;
  key: string;
  label: string;
  /** Value type of the entries (0 text, 1 number, 6 boolean). */
  type: number;
  entries: Array<{ label: string; value: string; color?: string }>;
}

export const DICTIONARIES: SeedDictionary[] = [
  {
    id: 1,
    key: 'button_status_bool',
    label: '启用/禁用-布尔值',
    type: 6,
    entries: [
      { label: '启用', value: 'true' },
      { label: '禁用', value: 'false' },
    ],
  },
  {
    id: 4,
    key: 'system_button',
    label: '系统按钮',
    type: 0,
    entries: [
      { label: '新增', value: 'Create', color: 'success' },
      { label: '编辑', value: 'Update', color: 'primary' },
      { label: '删除', value: 'Delete', color: 'danger' },
      { label: '详情', value: 'Retrieve', color: 'info' },
      { label: '查询', value: 'Search', color: 'warning' },
      { label: '保存', value: 'Save', color: 'success' },
      { label: '导入', value: 'Import', color: 'primary' },
      { label: '导出', value: 'Export', color: 'warning' },
    ],
  },
  {
    id: 13,
    key: 'button_status_number',
    label: '启用/禁用-数字值',
    type: 1,
    entries: [
      { label: '启用', value: '1' },
      { label: '禁用', value: '0' },
    ],
  },
  {
    id: 16,
    key: 'button_whether_bool',
    label: '是/否-布尔值',
    type: 6,
    entries: [
      { label: '是', value: 'true' },
      { label: '否', value: 'false' },
    ],
  },
  {
    id: 19,
    key: 'button_whether_number',
    label: '是/否-数字值',
    type: 1,
    entries: [
      { label: '是', value: '1' },
      { label: '否', value: '2' },
    ],
  },
  {
    id: 22,
    key: 'user_type',
    label: '用户类型',
    type: 1,
    entries: [
      { label: '后台用户', value: '0' },
      { label: '前台用户', value: '1' },
    ],
  },
  {
    id: 25,
    key: 'config_form_type',
    label: '表单类型',
    type: 1,
    entries: [
      { label: 'text', value: '0' },
      { label: 'textarea', value: '3' },
      { label: 'number', value: '10' },
      { label: 'datetime', value: '1' },
      { label: 'date', value: '2' },
      { label: 'time', value: '15' },
      { label: 'select', value: '4' },
      { label: 'checkbox', value: '5' },
      { label: 'radio', value: '6' },
      { label: 'switch', value: '9' },
      { label: '文件附件', value: '8' },
      { label: '图片(单张)', value: '7' },
      { label: '图片(多张)', value: '12' },
      { label: '数组', value: '11' },
      { label: '关联表', value: '13' },
      { label: '关联表(多选)', value: '14' },
    ],
  },
  {
    id: 42,
    key: 'gender',
    label: '性别',
    type: 1,
    entries: [
      { label: '未知', value: '0' },
      { label: '男', value: '1' },
      { label: '女', value: '2' },
    ],
  },
];
