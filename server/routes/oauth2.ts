import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { oauth2LoginInput, type OAuth2Config } from '../../contracts/schemas';
import { startSession } from '../auth/session-start';
import { fail, ok } from '../http/envelope';
import { parseInput } from '../domain/validation';
import { isRecord } from '../is-record';

/** The provider of the OAuth2 login plugin, from the environment (all URLs required to enable it). */
export interface OAuth2Provider {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Claim of the userinfo answer that holds the local username. */
  usernameClaim: string;
}

export function oauth2ProviderFromEnv(env: Record<string, string | undefined>): OAuth2Provider | null {
  const { OAUTH2_AUTHORIZE_URL, OAUTH2_TOKEN_URL, OAUTH2_USERINFO_URL, OAUTH2_CLIENT_ID, OAUTH2_CLIENT_SECRET } = env;
  if (!OAUTH2_AUTHORIZE_URL || !OAUTH2_TOKEN_URL || !OAUTH2_USERINFO_URL || !OAUTH2_CLIENT_ID || !OAUTH2_CLIENT_SECRET) return null;
  return {
    name: env.OAUTH2_PROVIDER_NAME || 'OAuth2',
    authorizeUrl: OAUTH2_AUTHORIZE_URL,
    tokenUrl: OAUTH2_TOKEN_URL,
    userinfoUrl: OAUTH2_USERINFO_URL,
    clientId: OAUTH2_CLIENT_ID,
    clientSecret: OAUTH2_CLIENT_SECRET,
    scope: env.OAUTH2_SCOPE || 'openid profile',
    usernameClaim: env.OAUTH2_USERNAME_CLAIM || 'preferred_username',
  };
}

const PROVIDER_TIMEOUT_MS = 10_000;

async function providerJson(url: string, init: RequestInit): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * The OAuth2 login plugin's server side (authorization-code flow): the console sends the user to the
 * provider, gets a code back on /oauth2 and posts it here; the server exchanges it with the client
 * secret, reads the user from the userinfo endpoint and signs the matching local user in.
 */
export function oauth2Routes(app: FastifyInstance, ctx: AppContext, provider: OAuth2Provider | null = oauth2ProviderFromEnv(process.env)): void {
  app.get('/api/oauth2/config/', async () => {
    const data: OAuth2Config = provider
      ? { enabled: true, provider: provider.name, authorizeUrl: provider.authorizeUrl, clientId: provider.clientId, scope: provider.scope }
      : { enabled: false };
    return ok(data, '获取成功');
  });

  app.post('/api/oauth2/login/', async (req) => {
    if (!provider) return fail('未配置第三方登录', 400);
    const input = parseInput(oauth2LoginInput, req.body, { code: '授权码', redirectUri: '回调地址' });
    if (!input.ok) return fail(input.msg, 400);
    const token = await providerJson(provider.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.data.code,
        redirect_uri: input.data.redirectUri,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }),
    });
    const accessToken = token?.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') return fail('授权码无效或已过期', 400);
    const profile = await providerJson(provider.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const username = profile?.[provider.usernameClaim];
    if (typeof username !== 'string' || username === '') return fail('无法读取第三方账号信息', 400);
    const found = await ctx.users.findLogin(username);
    if (!found || !found.is_active) return fail('第三方账号未绑定本系统用户', 400);
    ctx.users.invalidate(found.id);
    const account = await ctx.users.account(found.id);
    if (!account) return fail('第三方账号未绑定本系统用户', 400);
    // The same session start as a password login: single_login, last_login, the login log.
    const data = await startSession(ctx, req, account);
    return ok(data, '登录成功');
  });
}
