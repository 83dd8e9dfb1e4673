import { z } from 'zod';
import { datetime, listPage } from './envelope';

/** One row of file_list: the answer of POST api/system/file/ and the rows of its list (API-CONTRACT §11). */
export const fileRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** Relative ('media/files/<h0>/<h1>/<md5><ext>'), or absolute with `?prefix=1` on list/retrieve. */
  url: z.string(),
  file_url: z.string(),
  engine: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  md5sum: z.string(),
  description: z.string().nullable(),
  creator: z.number().int().nullable(),
  creator_name: z.string().nullable(),
  modifier: z.string().nullable(),
  modifier_name: z.string().nullable(),
  dept_belong_id: z.string().nullable(),
  create_datetime: datetime,
  update_datetime: datetime,
});
export type FileRow = z.infer<typeof fileRow>;

export const fileList = listPage(fileRow);

/** Query of the file list: paging, ordering ('-' descending), filters, `prefix=1` for absolute urls. */
export const fileListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(999).default(20),
  ordering: z.enum(['id', '-id', 'name', '-name', 'size', '-size', 'create_datetime', '-create_datetime']).default('-create_datetime'),
  name: z.string().max(200).optional(),
  mime_type: z.string().max(100).optional(),
  prefix: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type FileListQuery = z.infer<typeof fileListQuery>;

/** PUT api/system/file/{id}/: only the name and description can change. */
export const fileUpdateRequest = z.object({
  name: z.string().trim().min(1, 'name:该字段不能为空。').max(200, 'name:请确保这个字段不能超过 200 个字符。'),
  description: z.string().max(255).nullable().optional(),
});

/** The largest upload the reference server accepts (bytes). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
