import { z } from 'zod';

export const roleInfo = z.object({ id: z.number().int(), name: z.string(), key: z.string() });
export const deptInfo = z.object({ dept_id: z.number().int(), dept_name: z.string() });

/**
 * POST api/login/ body. `captcha`/`captchaKey` are required only when captcha is on. Problems are named by
 * field, not label: `username:该字段是必填项。` (API-CONTRACT §17), `password:该字段是必填项。` (example 23).
 */
export const loginRequest = z.object({
  username: z.string().min(1, 'username:该字段是必填项。').max(150),
  password: z.string().min(1, 'password:该字段是必填项。').max(128),
  captcha: z.union([z.string(), z.number()]).optional(),
  captchaKey: z.union([z.number().int(), z.string()]).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResult = z.object({
  refresh: z.string(),
  access: z.string(),
  name: z.string(),
  userId: z.number().int(),
  avatar: z.string().nullable(),
  user_type: z.number().int().nullable(),
  dept_info: deptInfo.optional(),
  role_info: z.array(roleInfo),
});
export type LoginResult = z.infer<typeof loginResult>;

export const refreshRequest = z.object({ refresh: z.string().min(1) });
export const refreshResult = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResult = z.infer<typeof refreshResult>;

export const logoutRequest = z.object({ refresh: z.string().optional() });

/** GET api/captcha/: a challenge when captcha is on, `{}` when off. */
export const captchaResult = z.union([
  z.object({ key: z.number().int(), image_base: z.string().startsWith('data:image/png;base64,') }),
  z.object({}).strict(),
]);
export type CaptchaResult = z.infer<typeof captchaResult>;

/** GET api/captcha/status/ (reference server only; the real back end answers 404). */
export const captchaStatus = z.object({ status: z.boolean() });

/** Claims of a JWT issued by the back end. */
export const tokenClaims = z.object({
  token_type: z.enum(['access', 'refresh']),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
  user_id: z.number().int(),
  /** The reference server's session id (revocation, refresh rotation); upstream has none. */
  sid: z.string().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;
