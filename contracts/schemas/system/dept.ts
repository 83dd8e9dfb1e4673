import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS, nullableText } from './common';

/** GET /api/system/dept/ rows (lazy tree, example 44). */
export const deptRow = z.object({
  ...auditRow,
  status_label: z.string(),
  has_children: z.number().int(),
  hasChild: z.boolean(),
  parent_name: z.string().optional(),
  name: z.string(),
  key: z.string().nullable(),
  sort: z.number().int(),
  owner: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.boolean().nullable(),
  parent: z.number().int().nullable(),
});
export type DeptRow = z.infer<typeof deptRow>;

export const deptInput = z.object({
  name: z.string().min(1).max(64),
  key: nullableText(64),
  sort: z.number().int().optional(),
  owner: nullableText(32),
  phone: nullableText(32),
  email: z.union([z.email().max(32), z.literal('')]).nullable().optional(),
  status: z.boolean().nullable().optional(),
  parent: z.number().int().positive().nullable().optional(),
  ...auditInput,
});
export type DeptInput = z.infer<typeof deptInput>;

export const DEPT_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  name: '部门名称',
  key: '关联字符',
  sort: '显示排序',
  owner: '负责人',
  phone: '联系电话',
  email: '邮箱',
  status: '部门状态',
  parent: '上级部门',
};

/** GET /api/system/dept_lazy_tree/ rows. */
export const deptLazyNode = z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() });
