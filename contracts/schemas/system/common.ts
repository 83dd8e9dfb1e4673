import { z } from 'zod';
import { datetime } from '../envelope';

/** Audit columns every system row carries (API-CONTRACT §3, CoreModel). */
export const auditRow = {
  id: z.number().int(),
  description: z.string().nullable(),
  creator: z.number().int().nullable(),
  creator_name: z.string().nullable(),
  modifier: z.string().nullable(),
  modifier_name: z.string().nullable(),
  dept_belong_id: z.string().nullable(),
  create_datetime: datetime,
  update_datetime: datetime,
};

/** Audit fields a form may send: remark (max 200) and the owning department (stored as a string id). */
export const auditInput = {
  description: z.string().max(200).nullable().optional(),
  dept_belong_id: z.union([z.string().max(255), z.number().int()]).nullable().optional(),
};

export const AUDIT_LABELS: Record<string, string> = {
  description: '描述',
  dept_belong_id: '数据归属部门',
  creator: '创建人',
  modifier: '修改人',
  create_datetime: '创建时间',
  update_datetime: '修改时间',
};

/** Body of DELETE .../multiple_delete/. */
export const multipleDeleteInput = z.object({ keys: z.array(z.number().int().positive()).min(1).max(999) });
export type MultipleDeleteInput = z.infer<typeof multipleDeleteInput>;

/** Body of POST .../import_data/ when the file was uploaded first: its url (e.g. media/files/...). */
export const importByUrlInput = z.object({ url: z.string().min(1).max(1000) });

/** A failed import: code 4000, data lists each bad row (1-based sheet row number) and its message. */
export const importRowError = z.object({ row: z.number().int(), msg: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;
export const importResult = z.object({ created: z.number().int(), updated: z.number().int() });

/** HTTP method numbers of menu buttons and white-list entries: 0 GET, 1 POST, 2 PUT, 3 DELETE. */
export const httpMethodNumber = z.number().int().min(0).max(3);

const nullableText = (max: number) => z.string().max(max).nullable().optional();
export { nullableText };
