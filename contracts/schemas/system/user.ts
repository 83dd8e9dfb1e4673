import { z } from 'zod';
import { datetime } from '../envelope';
import { auditInput, auditRow, AUDIT_LABELS, nullableText } from './common';
import { roleRow } from './role';

/** GET /api/system/user/ rows (examples 46-48): every column but the password, plus dept_name and role_info. */
export const userRow = z.object({
  ...auditRow,
  dept_name: z.string().optional(),
  role_info: z.array(roleRow),
  last_login: datetime.nullable(),
  is_superuser: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  date_joined: datetime,
  username: z.string(),
  employee_no: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  avatar: z.string().nullable(),
  name: z.string(),
  gender: z.number().int().nullable(),
  user_type: z.number().int().nullable(),
  last_token: z.string().nullable(),
  dept: z.number().int().nullable(),
  groups: z.array(z.number().int()),
  user_permissions: z.array(z.number().int()),
  post: z.array(z.number().int()),
  role: z.array(z.number().int()),
});
export type UserRow = z.infer<typeof userRow>;

const userFields = {
  username: z.string().min(1).max(150).regex(/^[\w.@+-]+$/, '只能包含字母、数字和 @/./+/-/_ 字符。'),
  name: z.string().min(1).max(40),
  employee_no: nullableText(150),
  email: z.union([z.email().max(255), z.literal('')]).nullable().optional(),
  mobile: z.union([z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号。'), z.literal('')]).nullable().optional(),
  avatar: nullableText(255),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable().optional(),
  user_type: z.union([z.literal(0), z.literal(1)]).nullable().optional(),
  dept: z.number().int().positive().nullable().optional(),
  role: z.array(z.number().int().positive()).max(100).optional(),
  is_active: z.boolean().optional(),
  ...auditInput,
};

/** POST /api/system/user/: the password is optional (base.default_password when absent). */
export const userCreateInput = z.object({ ...userFields, password: z.string().min(6).max(128).optional() });
export type UserCreateInput = z.infer<typeof userCreateInput>;
/** PUT /api/system/user/{id}/ (the password is changed only through the password actions). */
export const userUpdateInput = z.object(userFields);
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

/** PUT /api/system/user/{id}/reset_password/ (the web client sends md5 hex of both). */
export const resetPasswordInput = z.object({ newPassword: z.string().min(6).max(128), newPassword2: z.string().min(6).max(128) });

export const USER_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  username: '用户账号',
  password: '密码',
  name: '姓名',
  employee_no: '工号',
  email: '邮箱',
  mobile: '电话',
  avatar: '头像',
  gender: '性别',
  user_type: '用户类型',
  dept: '所属部门',
  role: '关联角色',
  is_active: '有效',
  newPassword: '新密码',
  newPassword2: '确认密码',
};
