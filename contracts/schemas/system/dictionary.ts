import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from './common';

/** GET /api/system/dictionary/ rows (example 56); `?parent=<id>` lists a sub-dictionary. */
export const dictionaryRow = z.object({
  ...auditRow,
  label: z.string().nullable(),
  value: z.string().nullable(),
  type: z.number().int(),
  color: z.string().nullable(),
  is_value: z.boolean(),
  status: z.boolean(),
  sort: z.number().int().nullable(),
  remark: z.string().nullable(),
  parent: z.number().int().nullable(),
});
export type DictionaryRow = z.infer<typeof dictionaryRow>;

export const dictionaryInput = z.object({
  label: z.string().min(1).max(100),
  value: z.string().min(1).max(200),
  parent: z.number().int().positive().nullable().optional(),
  type: z.number().int().min(0).max(7).optional(),
  color: z.string().max(20).nullable().optional(),
  is_value: z.boolean().optional(),
  status: z.boolean().optional(),
  sort: z.number().int().nullable().optional(),
  remark: z.string().max(2000).nullable().optional(),
  ...auditInput,
});
export type DictionaryInput = z.infer<typeof dictionaryInput>;

export const DICTIONARY_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  label: '字典名称',
  value: '字典编号',
  parent: '父级',
  type: '数据值类型',
  color: '颜色',
  is_value: '是否为value值',
  status: '状态',
  sort: '显示排序',
  remark: '备注',
};
