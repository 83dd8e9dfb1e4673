import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS, httpMethodNumber, nullableText } from './common';

/** GET /api/system/menu/ rows (lazy list, example 54). */
export const menuRow = z.object({
  ...auditRow,
  menuPermission: z.array(z.string()).nullable(),
  hasChild: z.boolean(),
  icon: z.string().nullable(),
  name: z.string(),
  sort: z.number().int().nullable(),
  is_link: z.boolean(),
  is_catalog: z.boolean(),
  web_path: z.string().nullable(),
  component: z.string().nullable(),
  component_name: z.string().nullable(),
  status: z.boolean(),
  frame_out: z.boolean(),
  cache: z.boolean(),
  visible: z.boolean(),
  parent: z.number().int().nullable(),
});
export type MenuRow = z.infer<typeof menuRow>;

export const menuInput = z.object({
  parent: z.number().int().positive().nullable().optional(),
  icon: nullableText(64),
  name: z.string().min(1).max(64),
  sort: z.number().int().nullable().optional(),
  is_link: z.boolean().optional(),
  is_catalog: z.boolean().optional(),
  web_path: nullableText(128),
  component: nullableText(128),
  component_name: nullableText(50),
  status: z.boolean().optional(),
  frame_out: z.boolean().optional(),
  cache: z.boolean().optional(),
  visible: z.boolean().optional(),
  ...auditInput,
});
export type MenuInput = z.infer<typeof menuInput>;

export const MENU_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  parent: '上级菜单',
  icon: '菜单图标',
  name: '菜单名称',
  sort: '显示排序',
  is_link: '是否外链',
  is_catalog: '是否目录',
  web_path: '路由地址',
  component: '组件地址',
  component_name: '组件名称',
  status: '菜单状态',
  frame_out: '是否主框架外',
  cache: '是否页面缓存',
  visible: '侧边栏中是否显示',
};

/** GET /api/system/menu_button/ rows (example 55, §17): only these keys, no audit columns. */
export const menuButtonRow = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  api: z.string(),
  method: z.number().int().nullable(),
  menu: z.number().int(),
});
export type MenuButtonRow = z.infer<typeof menuButtonRow>;

export const menuButtonInput = z.object({
  menu: z.number().int().positive(),
  name: z.string().min(1).max(64),
  value: z.string().min(1).max(64),
  api: z.string().min(1).max(200),
  method: httpMethodNumber.nullable().optional(),
  ...auditInput,
});
export type MenuButtonInput = z.infer<typeof menuButtonInput>;

export const MENU_BUTTON_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  menu: '关联菜单',
  name: '名称',
  value: '权限值',
  api: '接口地址',
  method: '接口请求方法',
};

/** GET /api/system/menu_button/get_btn_permission/: "<web_path>:<value>" strings (example 66). */
export const btnPermissionList = z.array(z.string());
