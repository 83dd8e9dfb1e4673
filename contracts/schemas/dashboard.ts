import { z } from 'zod';
import { datetime } from './envelope';

/**
 * The datav calls of the dashboard (API-CONTRACT §14, bodies in §17). Each answers in its own key,
 * not the route's name: users_total → `users_total`, users_login_total → `login_total`,
 * attachment_total → `count` and `occupy_space` (the size as display text, e.g. "39 Bytes").
 */
export const usersTotalResult = z.object({ users_total: z.number().int().min(0) });
export const loginTotalResult = z.object({ login_total: z.number().int().min(0) });
export const attachmentTotalResult = z.object({ count: z.number().int().min(0), occupy_space: z.string().min(1) });
export type AttachmentTotalResult = z.infer<typeof attachmentTotalResult>;

/** Days of the day series (login_user, registered_user): one row per day, oldest first. */
export const DATAV_DAYS = 30;
export const dayCount = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: z.number().int().min(0) });
export type DayCount = z.infer<typeof dayCount>;

/** GET /api/system/datav/login_user/: sign-ins per day over the last 30 days. */
export const loginTrend = z.object({ login_user: z.array(dayCount) });

/** GET /api/system/datav/registered_user/: new users per day over the last 30 days. */
export const registeredUserTrend = z.object({ registered_user_list: z.array(dayCount) });

/** GET /api/system/datav/recent_logins/ (reference server only): the latest sign-ins. */
export const recentLogin = z.object({
  username: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  create_datetime: datetime,
});
export type RecentLogin = z.infer<typeof recentLogin>;
