import type { OAuth2Config } from '../../../contracts/schemas';

/** The provider's authorization URL for this console (response_type=code). */
export function authorizationUrl(config: Extract<OAuth2Config, { enabled: true }>, redirectUri: string, state: string): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : fallback;
}
