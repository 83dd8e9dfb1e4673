import { z } from 'zod';

/** GET /api/oauth2/config/ data: what the console needs to start the authorization-code flow. */
export const oauth2Config = z.union([
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    provider: z.string(),
    authorizeUrl: z.string(),
    clientId: z.string(),
    scope: z.string(),
  }),
]);
export type OAuth2Config = z.infer<typeof oauth2Config>;

/** POST /api/oauth2/login/ body: the code the provider returned and the redirect URI it was issued for. */
export const oauth2LoginInput = z.object({
  code: z.string().min(1).max(2048),
  redirectUri: z.url().max(2048),
});
export type OAuth2LoginInput = z.infer<typeof oauth2LoginInput>;
