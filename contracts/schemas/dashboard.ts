import { z } from 'zod';
import { datetime } from './envelope';

/** GET /api/system/datav/users_total/ and friends: one count. */
export const countResult = z.object({ count: z.number().int().min(0) });

/** GET /api/system/datav/login_user/ (reference server shape): logins per day over the last days. */
export const loginTrend = z.object({
  login_user: z.array(z.object({ day: z.string(), count: z.number().int().min(0) })),
});

/** GET /api/system/datav/recent_logins/ (reference server): the latest sign-ins. */
export const recentLogin = z.object({
  username: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  create_datetime: datetime,
});
export type RecentLogin = z.infer<typeof recentLogin>;
