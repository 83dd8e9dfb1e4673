import { z } from 'zod';

/** PUT /api/system/user/update_user_info/ body: the signed-in user's own profile (every field optional). */
export const profileUpdateInput = z
  .object({
    name: z.string().trim().min(1).max(40).optional(),
    email: z.union([z.email().max(255), z.literal('')]).nullable().optional(),
    mobile: z
      .union([z.string().regex(/^\+?[0-9][0-9 -]{4,19}$/, '手机号格式不正确。'), z.literal('')])
      .nullable()
      .optional(),
    gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable().optional(),
    /** Avatar URL, e.g. the url of POST api/system/file/. */
    avatar: z.string().max(255).nullable().optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

/** PUT /api/system/user/{id}/change_password/ body (md5 hex or plain, like login). */
export const changePasswordInput = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(6).max(128),
  newPassword2: z.string().min(6).max(128),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const PROFILE_LABELS: Record<string, string> = {
  name: '姓名',
  email: '邮箱',
  mobile: '手机号',
  gender: '性别',
  avatar: '头像',
  oldPassword: '旧密码',
  newPassword: '新密码',
  newPassword2: '确认密码',
};
