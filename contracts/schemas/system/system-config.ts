import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS } from './common';

const configFields = {
  form_item_type_label: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.unknown(),
  sort: z.number().int(),
  status: z.boolean(),
  data_options: z.unknown(),
  form_item_type: z.number().int(),
  rule: z.unknown(),
  placeholder: z.string().nullable(),
  setting: z.unknown(),
  parent: z.number().int().nullable(),
};

/** A child item (examples 14-15). */
export const systemConfigItem = z.object({ ...auditRow, ...configFields, chinldern: z.array(z.unknown()).optional() });
/** GET /api/system/system_config/ rows: each with its children under the upstream key `chinldern`. */
export const systemConfigRow = z.object({ ...auditRow, ...configFields, chinldern: z.array(systemConfigItem) });
export type SystemConfigRow = z.infer<typeof systemConfigRow>;

export const systemConfigInput = z.object({
  parent: z.number().int().positive().nullable().optional(),
  title: z.string().min(1).max(50),
  key: z.string().min(1).max(200).regex(/^[A-Za-z0-9_]+$/, '只能包含字母、数字和下划线。'),
  value: z.unknown().optional(),
  sort: z.number().int().optional(),
  status: z.boolean().optional(),
  data_options: z.unknown().optional(),
  form_item_type: z.number().int().min(0).max(15).optional(),
  rule: z.unknown().optional(),
  placeholder: z.string().max(100).nullable().optional(),
  setting: z.unknown().optional(),
  ...auditInput,
});
export type SystemConfigInput = z.infer<typeof systemConfigInput>;

/** PUT /api/system/system_config/save_content/: the items of one group with their new values (example 16). */
export const saveContentItem = z.object({ id: z.number().int().positive(), key: z.string().min(1).max(200).optional(), value: z.unknown() });
export const saveContentInput = z.array(saveContentItem).min(1).max(500);

export const SYSTEM_CONFIG_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  parent: '父级',
  title: '标题',
  key: '键',
  value: '值',
  sort: '排序',
  status: '启用状态',
  data_options: '数据options',
  form_item_type: '表单类型',
  rule: '校验规则',
  placeholder: '提示信息',
  setting: '配置',
};
