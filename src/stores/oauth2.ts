import { makeAutoObservable, runInAction } from 'mobx';
import type { OAuth2Config } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';
import { newOAuth2State, type OAuth2StateStore } from '../adapters/oauth2/state';

export type EnabledOAuth2 = Extract<OAuth2Config, { enabled: true }>;

/** Where the /oauth2 page is in the authorization-code flow. */
export type OAuth2Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; config: EnabledOAuth2 }
  | { kind: 'off' }
  | { kind: 'exchanging' }
  /** Signed in: go on to `redirect`. */
  | { kind: 'done'; redirect: string }
  /** `cause`: the provider said no (`detail` its error), the state did not match, or the exchange failed (`detail` the message). */
  | { kind: 'failed'; cause: 'provider' | 'state' | 'exchange'; detail: string };

/** What the /oauth2 page was opened with. */
export interface OAuth2Return {
  code: string | null;
  state: string | null;
  error: string | null;
  /** The page's `redirect` query: where to go after sign-in. */
  redirect: string | null;
}

/** The provider's authorization URL for this console (response_type=code). */
export function authorizationUrl(config: EnabledOAuth2, redirectUri: string, state: string): string {
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

/**
 * The OAuth2 sign-in (plugin oauth2): whether the back end has a provider (the login page's link),
 * leaving for the provider with a fresh state, and coming back: the state is checked, the back end
 * exchanges the code, the adapter stores the session, and the console signs the user in.
 */
export class OAuth2FlowStore {
  phase: OAuth2Phase = { kind: 'loading' };

  constructor(
    private readonly api: ConsoleApi,
    private readonly pending: OAuth2StateStore,
    /** What a sign-in does besides the cookies (the RootStore: forget the last user, load the new one's preferences). */
    private readonly signedIn: () => Promise<void>,
    /** Where to go when the return names no target. */
    private readonly home: string,
  ) {
    makeAutoObservable<OAuth2FlowStore, 'api' | 'pending' | 'signedIn'>(this, { api: false, pending: false, signedIn: false }, { autoBind: true });
  }

  /** Whether the back end has a provider configured (a back end without the call: no). */
  async available(): Promise<boolean> {
    try {
      return (await this.api.oauth2Config()).enabled;
    } catch {
      return false;
    }
  }

  /** The /oauth2 page opened: back from the provider with a code (or its error), or about to offer the provider. */
  async open(back: OAuth2Return, redirectUri: string): Promise<void> {
    this.phase = { kind: 'loading' };
    if (back.error) return this.fail('provider', back.error);
    if (back.code) {
      const pending = this.pending.take();
      if (!pending || pending.state !== back.state) return this.fail('state', '');
      this.phase = { kind: 'exchanging' };
      try {
        await this.api.oauth2Login({ code: back.code, redirectUri });
        await this.signedIn();
        runInAction(() => (this.phase = { kind: 'done', redirect: safeRedirect(pending.redirect, this.home) }));
      } catch (error) {
        this.fail('exchange', error instanceof Error ? error.message : String(error));
      }
      return;
    }
    try {
      const config = await this.api.oauth2Config();
      runInAction(() => (this.phase = config.enabled ? { kind: 'ready', config } : { kind: 'off' }));
    } catch {
      runInAction(() => (this.phase = { kind: 'off' }));
    }
  }

  /** Keeps a fresh state and where to go afterwards; resolves the provider's URL to leave for (null when no provider). */
  begin(redirect: string | null, redirectUri: string): string | null {
    if (this.phase.kind !== 'ready') return null;
    const state = newOAuth2State();
    this.pending.save({ state, redirect: safeRedirect(redirect, this.home) });
    return authorizationUrl(this.phase.config, redirectUri, state);
  }

  private fail(cause: 'provider' | 'state' | 'exchange', detail: string): void {
    this.phase = { kind: 'failed', cause, detail };
  }
}
