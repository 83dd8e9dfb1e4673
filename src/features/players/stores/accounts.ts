import { makeAutoObservable, runInAction } from 'mobx';
import type { AccountDetail, ConsoleApi, GameUserDetail, GameUserDevices, PlayerSessions, PlayerTrackPage } from '../../../adapters/api';
import { BAN_REASON_MAX_LENGTH, GAME_USER_DEFAULT_DAYS, GAME_USER_VIEW_PAGE_SIZE } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { lastDays } from '../../../stores/analytics/range';

/**
 * The accounts and game-user screens' state (center_users/accounts, game_users). The two
 * lists are generic resources (CRUD page); these stores hold the drawers: an account's detail with ban and
 * unban, and a game player's four views (detail, behaviour track, device profile, sessions), each loaded
 * when first shown, under a generation guard (a late answer of an older request is dropped).
 */

/** The generic lists (both adapters). */
export const ACCOUNTS_API = { accounts: '/api/center_users/accounts/', gameUsers: '/api/center_users/game_users/' } as const;

/** One value loaded from the api: state, result, error text; only the latest request lands, a failure keeps the last value. */
const loaded = <T>() => new QueryStore<T>({ keepOnFailure: true });

/** What the ban form checks before sending (the server checks it again). */
export type BanProblem = 'reasonRequired' | 'reasonTooLong' | 'expiryPast' | null;
export function banProblem(reason: string, expiresAt: Date | null, now: Date = new Date()): BanProblem {
  if (reason.trim() === '') return 'reasonRequired';
  if (reason.trim().length > BAN_REASON_MAX_LENGTH) return 'reasonTooLong';
  if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) return 'expiryPast';
  return null;
}

/** 平台账号's drawer: one account's detail, ban and unban. */
export class AccountPanel {
  distinctId: string | null = null;
  readonly detail = loaded<AccountDetail>();
  saving = false;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<AccountPanel, 'api'>(this, { api: false, detail: false }, { autoBind: true });
  }

  open(distinctId: string): Promise<void> {
    this.distinctId = distinctId;
    return this.detail.load(() => this.api.accounts.detail(distinctId));
  }

  close(): void {
    this.distinctId = null;
    this.detail.clear(true);
  }

  /** Bans (reason required, expiry in the future or none); true when done. Refusals are toasted by the adapter. */
  async ban(distinctId: string, reason: string, expiresAt: Date | null): Promise<boolean> {
    if (banProblem(reason, expiresAt) !== null) return false;
    return this.write(() => this.api.accounts.ban({ distinct_id: distinctId, reason: reason.trim(), expires_at: expiresAt ? expiresAt.toISOString() : null }));
  }

  async unban(distinctId: string, reason: string): Promise<boolean> {
    return this.write(() => this.api.accounts.unban({ distinct_id: distinctId, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
  }

  private async write(fn: () => Promise<AccountDetail>): Promise<boolean> {
    this.saving = true;
    try {
      const detail = await fn();
      runInAction(() => {
        if (this.distinctId === detail.distinct_id) void this.detail.load(() => Promise.resolve(detail));
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }
}

export type GameUserTab = 'detail' | 'track' | 'devices' | 'sessions';
export interface DayRange {
  start: string;
  end: string;
}

/** 游戏用户's drawer: one player of one game and its four views. */
export class GameUserPanel {
  key: { game: number; distinct_id: string } | null = null;
  tab: GameUserTab = 'detail';
  readonly detail = loaded<GameUserDetail>();
  readonly track = loaded<PlayerTrackPage>();
  readonly devices = loaded<GameUserDevices>();
  readonly sessions = loaded<PlayerSessions>();
  trackEvent: string | null = null;
  /** null = every day. */
  trackRange: DayRange | null = null;
  trackPage = 1;
  sessionRange: DayRange;
  sessionPage = 1;
  readonly limit = GAME_USER_VIEW_PAGE_SIZE;

  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {
    this.sessionRange = lastDays(this.today(), GAME_USER_DEFAULT_DAYS);
    makeAutoObservable<GameUserPanel, 'api' | 'today'>(this, { api: false, today: false, detail: false, track: false, devices: false, sessions: false, limit: false }, { autoBind: true });
  }

  open(game: number, distinctId: string): Promise<void> {
    this.key = { game, distinct_id: distinctId };
    this.tab = 'detail';
    this.trackEvent = null;
    this.trackRange = null;
    this.trackPage = 1;
    this.sessionRange = lastDays(this.today(), GAME_USER_DEFAULT_DAYS);
    this.sessionPage = 1;
    for (const l of [this.track, this.devices, this.sessions]) l.clear(true);
    return this.detail.load(() => this.api.accounts.gameUser({ game, distinct_id: distinctId }));
  }

  close(): void {
    this.key = null;
    for (const l of [this.detail, this.track, this.devices, this.sessions]) l.clear(true);
  }

  /** Shows a view, loading it the first time. */
  setTab(tab: GameUserTab): Promise<void> {
    this.tab = tab;
    if (tab === 'track' && this.track.state === 'idle') return this.loadTrack();
    if (tab === 'devices' && this.devices.state === 'idle') return this.loadDevices();
    if (tab === 'sessions' && this.sessions.state === 'idle') return this.loadSessions();
    return Promise.resolve();
  }

  filterTrack(event: string | null, range: DayRange | null): Promise<void> {
    this.trackEvent = event;
    this.trackRange = range;
    this.trackPage = 1;
    return this.loadTrack();
  }
  setTrackPage(page: number): Promise<void> {
    this.trackPage = Math.max(1, page);
    return this.loadTrack();
  }
  loadTrack(): Promise<void> {
    const key = this.key;
    if (!key) return Promise.resolve();
    const q = { ...key, page: this.trackPage, limit: this.limit, ...(this.trackEvent !== null ? { event: this.trackEvent } : {}), ...(this.trackRange ?? {}) };
    return this.track.load(() => this.api.accounts.track(q));
  }

  loadDevices(): Promise<void> {
    const key = this.key;
    if (!key) return Promise.resolve();
    return this.devices.load(() => this.api.accounts.devices(key));
  }

  setSessionRange(range: DayRange): Promise<void> {
    this.sessionRange = range;
    this.sessionPage = 1;
    return this.loadSessions();
  }
  setSessionPage(page: number): Promise<void> {
    this.sessionPage = Math.max(1, page);
    return this.loadSessions();
  }
  loadSessions(): Promise<void> {
    const key = this.key;
    if (!key) return Promise.resolve();
    const q = { ...key, ...this.sessionRange, page: this.sessionPage, limit: this.limit };
    return this.sessions.load(() => this.api.accounts.sessions(q));
  }
}

/** root.accounts(): makes the two screens' drawer stores (loaded with those screens). */
export class AccountsStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  accountPanel(): AccountPanel {
    return new AccountPanel(this.api);
  }

  gameUserPanel(): GameUserPanel {
    return new GameUserPanel(this.api, this.today);
  }
}
