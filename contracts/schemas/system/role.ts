import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from './common';

/** GET /api/system/role/ rows (example 52). */
export const roleRow = z.object({
  ...auditRow,
  name: z.string(),
  key: z.string(),
  sort: z.number().int(),
  status: z.boolean(),
  admin: z.boolean(),
  data_range: z.number().int().min(0).max(4),
  remark: z.string().nullable(),
  dept: z.array(z.number().int()),
  menu: z.array(z.number().int()),
  permission: z.array(z.number().int()),
});
export type RoleRow = z.infer<typeof roleRow>;

/**
 * POST /api/system/role/ and PUT /api/system/role/{id}/. The rolePermission screen grants menus,
 * buttons and the data scope with the same PUT: `menu` (menu ids), `permission` (button ids),
 * `data_range` and `dept` (department ids for data_range 4). Arrays left out are not changed.
 */
export const roleInput = z.object({
  name: z.string().min(1).max(64),
  key: z.string().min(1).max(64),
  sort: z.number().int().optional(),
  status: z.boolean().optional(),
  admin: z.boolean().optional(),
  data_range: z.number().int().min(0).max(4).optional(),
  remark: z.string().max(2000).nullable().optional(),
  dept: z.array(z.number().int().positive()).max(10_000).optional(),
  menu: z.array(z.number().int().positive()).max(10_000).optional(),
  permission: z.array(z.number().int().positive()).max(10_000).optional(),
  ...auditInput,
});
export type RoleInput = z.infer<typeof roleInput>;

export const ROLE_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  name: '角色名称',
  key: '权限字符',
  sort: '角色顺序',
  status: '角色状态',
  admin: '是否为admin',
  data_range: '数据权限范围',
  remark: '备注',
  dept: '数据权限-关联部门',
  menu: '关联菜单',
  permission: '关联菜单的接口按钮',
};

/** GET /api/system/role/role_get_menu/: every enabled menu with its buttons, for the grant tree. */
export const roleMenuNode = z.object({
  id: z.number().int(),
  name: z.string(),
  parent: z.number().int().nullable(),
  is_catalog: z.boolean(),
  menuPermission: z.array(z.object({ id: z.number().int(), name: z.string(), value: z.string() })),
});
export type RoleMenuNode = z.infer<typeof roleMenuNode>;

/** GET /api/system/role/data_scope/: the data_range choices the current user may grant. */
export const dataScopeChoice = z.object({ value: z.number().int(), label: z.string() });
