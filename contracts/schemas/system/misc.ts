import { z } from 'zod';
import { auditInput, auditRow, AUDIT_LABELS, httpMethodNumber } from './common';

/** GET /api/system/api_white_list/ rows (example 59). */
export const apiWhiteListRow = z.object({
  ...auditRow,
  url: z.string(),
  method: z.number().int().nullable(),
  enable_datasource: z.boolean(),
  /** Reference server only: a write method opened to every user must say so. */
  open_write: z.boolean().optional(),
});
export type ApiWhiteListRow = z.infer<typeof apiWhiteListRow>;
export const apiWhiteListInput = z.object({
  url: z.string().min(1).max(200).regex(/^\//, '请以 / 开头。'),
  method: httpMethodNumber.nullable().optional(),
  enable_datasource: z.boolean().optional(),
  open_write: z.boolean().optional(),
  ...auditInput,
});
export type ApiWhiteListInput = z.infer<typeof apiWhiteListInput>;
export const API_WHITE_LIST_LABELS: Record<string, string> = { ...AUDIT_LABELS, url: 'url', method: '接口请求方法', enable_datasource: '激活数据权限', open_write: '允许所有用户写操作' };

/** GET /api/system/area/ rows (examples 57-58, §17): `pcode_count` = number of children (there is no `hasChild`). */
export const areaRow = z.object({
  ...auditRow,
  pcode_count: z.number().int().min(0),
  name: z.string(),
  code: z.string(),
  level: z.number().int(),
  pinyin: z.string(),
  initials: z.string(),
  enable: z.boolean(),
  pcode: z.string().nullable(),
});
export type AreaRow = z.infer<typeof areaRow>;
export const areaInput = z.object({
  name: z.string().min(1).max(100),
  code: z.string().min(1).max(20).regex(/^\d+$/, '只能包含数字。'),
  level: z.number().int().min(1).max(4),
  pinyin: z.string().min(1).max(255),
  initials: z.string().min(1).max(20),
  enable: z.boolean().optional(),
  pcode: z.string().max(20).nullable().optional(),
  ...auditInput,
});
export type AreaInput = z.infer<typeof areaInput>;
export const AREA_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  name: '名称',
  code: '地区编码',
  level: '地区层级',
  pinyin: '拼音',
  initials: '首字母',
  enable: '是否启用',
  pcode: '父地区编码',
};

/** GET /api/system/login_log/ rows (example 60). */
export const loginLogRow = z.object({
  ...auditRow,
  username: z.string().nullable(),
  ip: z.string().nullable(),
  agent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  continent: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  isp: z.string().nullable(),
  area_code: z.string().nullable(),
  country_english: z.string().nullable(),
  country_code: z.string().nullable(),
  longitude: z.string().nullable(),
  latitude: z.string().nullable(),
  login_type: z.number().int(),
});
export type LoginLogRow = z.infer<typeof loginLogRow>;

/** GET /api/system/operation_log/ rows (example 61). */
export const operationLogRow = z.object({
  ...auditRow,
  request_modular: z.string().nullable(),
  request_path: z.string().nullable(),
  request_body: z.string().nullable(),
  request_method: z.string().nullable(),
  request_msg: z.string().nullable(),
  request_ip: z.string().nullable(),
  request_browser: z.string().nullable(),
  response_code: z.string().nullable(),
  request_os: z.string().nullable(),
  json_result: z.string().nullable(),
  status: z.boolean(),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

/** GET /api/system/file/ rows (example 63). */
export const fileListRow = z.object({
  ...auditRow,
  name: z.string().nullable(),
  url: z.string().nullable(),
  file_url: z.string(),
  engine: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  md5sum: z.string(),
});
export type FileListRow = z.infer<typeof fileListRow>;
export const fileListInput = z.object({ name: z.string().min(1).max(200), ...auditInput });
export const FILE_LIST_LABELS: Record<string, string> = { ...AUDIT_LABELS, name: '名称' };
