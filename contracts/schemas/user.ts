import { z } from 'zod';
import { deptInfo, roleInfo } from './auth';

/** GET /api/system/user/user_info/ data. */
export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  user_type: z.number().int().nullable(),
  gender: z.number().int().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  dept: z.number().int().nullable(),
  is_superuser: z.boolean(),
  role: z.array(z.number().int()),
  dept_info: deptInfo.optional(),
  role_info: z.array(roleInfo),
  tenant_name: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;
