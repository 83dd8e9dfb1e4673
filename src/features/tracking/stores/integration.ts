import { action, computed, makeAutoObservable, makeObservable, observable, runInAction } from 'mobx';
import { normaliseOrigin, TRACKING_MAX_ORIGINS } from '../../../../contracts/schemas/tracking/config';
import type { ConsoleApi, TrackLiveEntry } from '../../../adapters/api';
import { liveEntriesOfFrame, TRACKING_LIVE_TOPIC } from '../adapters/tracking';
import { failureMessage } from '../../../stores/errors';
import { browserTimers, LiveTopic, LiveView, type LiveSocket, type LiveTimers } from '../../../stores/live-topic';

/**
 * The 接入 (integrate) panel of a tracking app: its public key (regenerable), its allowed origins
 * (edited as a list, saved together) and the live view of arriving events — pushed on the layout's
 * socket (topic `embed_live`, frames for this app), read again every LIVE_POLL_MS while the socket is
 * down or refused the subscription. docs/tracking.md, "Integrating a game".
 */

/** Entries the panel shows (the server keeps 200 per app). */
export const LIVE_LIMIT = 100;
/** How often the live view reads the list while the socket cannot deliver. */
export const LIVE_POLL_MS = 3000;

export type { LiveSocket, LiveTimers } from '../../../stores/live-topic';

/** The live events of one app while the panel is open. */
export class LiveEventsStore extends LiveView<TrackLiveEntry[]> {
  entries: TrackLiveEntry[] = [];
  protected readonly topic: LiveTopic<TrackLiveEntry[]>;
  /** Entries pushed while a read was on its way (merged with its answer). */
  private pushedDuringPoll: TrackLiveEntry[] = [];

  constructor(
    private readonly api: ConsoleApi,
    readonly app: number,
    socket: LiveSocket | null,
    timers: LiveTimers = browserTimers,
  ) {
    super();
    // Read once when the socket opens again: frames sent while it was down are missed.
    this.topic = new LiveTopic<TrackLiveEntry[]>(
      {
        topic: TRACKING_LIVE_TOPIC,
        pollMs: LIVE_POLL_MS,
        readOnReopen: true,
        showFrame: (frame, reading) => this.showPushed(frame, reading),
        read: () => {
          this.pushedDuringPoll = [];
          return this.api.tracking.live(this.app, LIVE_LIMIT);
        },
        showAnswer: (answer) => this.showAnswer(answer),
      },
      socket,
      timers,
    );
    makeObservable<LiveEventsStore, 'showPushed' | 'showAnswer'>(this, { entries: observable, counts: computed, pushed: computed, showPushed: action, showAnswer: action });
  }

  get counts(): Record<TrackLiveEntry['status'], number> {
    const out = { accepted: 0, rejected: 0, duplicate: 0 };
    for (const e of this.entries) out[e.status]++;
    return out;
  }

  /** Whether entries arrive by the socket now (else by polling). */
  get pushed(): boolean {
    return this.topic.open;
  }

  private showPushed(frame: Record<string, unknown>, reading: boolean): boolean {
    const entries = liveEntriesOfFrame(frame, this.app);
    if (!entries || entries.length === 0) return false;
    if (reading) this.pushedDuringPoll.push(...entries);
    this.entries = [...entries, ...this.entries].slice(0, LIVE_LIMIT);
    return true;
  }

  private showAnswer(answer: TrackLiveEntry[]): boolean {
    // Entries pushed after the server wrote its answer come first; the answer holds everything before.
    const newest = answer[0]?.received ?? '';
    const later = this.pushedDuringPoll.filter((e) => e.received > newest);
    this.entries = [...later, ...answer].slice(0, LIVE_LIMIT);
    this.pushedDuringPoll = [];
    return true;
  }
}

/** The app fields the panel starts from (a row of embed_configure/game). */
export interface IntegrationApp {
  id: number;
  gameName: string;
  appKey: string;
  publicKey: string;
  allowedOrigins: string[];
}

/** Reads the panel's fields from a list row (rows of an older back end without a public key read as empty). */
export function integrationAppOf(row: Record<string, unknown>): IntegrationApp {
  return {
    id: Number(row.id),
    gameName: String(row.game_name ?? row.game ?? ''),
    appKey: String(row.app_key ?? ''),
    publicKey: typeof row.public_key === 'string' ? row.public_key : '',
    allowedOrigins: Array.isArray(row.allowed_origins) ? row.allowed_origins.filter((o): o is string => typeof o === 'string') : [],
  };
}

/** The install snippet of an app: the global build from the platform, init with its public key. */
export function installSnippet(host: string, publicKey: string): string {
  const base = host.replace(/\/+$/, '');
  return [
    `<script src="${base}/sdk/track.global.js"></script>`,
    '<script>',
    `  ConsoleTrack.init({ host: '${base}', publicKey: '${publicKey}' });`,
    "  // ConsoleTrack.identify('player-id');",
    "  // ConsoleTrack.track('level_up', { level: 2 });",
    '</script>',
  ].join('\n');
}

/** The public key and allowed origins of one app, as edited in the panel. */
export class IntegrationStore {
  publicKey: string;
  /** The origins as saved. */
  origins: string[];
  /** The list being edited. */
  draft: string[];
  /** What the origin input holds. */
  input = '';
  /** Why the input cannot be added, or why saving failed. */
  originError = '';
  saving = false;
  regenerating = false;
  keyError = '';

  constructor(
    private readonly api: ConsoleApi,
    readonly app: IntegrationApp,
  ) {
    this.publicKey = app.publicKey;
    this.origins = [...app.allowedOrigins];
    this.draft = [...app.allowedOrigins];
    makeAutoObservable<IntegrationStore, 'api'>(this, { api: false, app: false }, { autoBind: true });
  }

  get dirty(): boolean {
    return this.draft.length !== this.origins.length || this.draft.some((o, i) => o !== this.origins[i]);
  }

  setInput(text: string): void {
    this.input = text;
    this.originError = '';
  }

  /** Adds the input as an origin (normalised: scheme://host[:port]); false with `originError` set when it is not one. */
  addOrigin(): boolean {
    const text = this.input.trim();
    if (text === '') return false;
    const r = normaliseOrigin(text);
    if ('error' in r) {
      this.originError = r.error;
      return false;
    }
    if (this.draft.includes(r.origin)) {
      this.input = '';
      return true;
    }
    if (this.draft.length >= TRACKING_MAX_ORIGINS) {
      this.originError = `最多 ${TRACKING_MAX_ORIGINS} 个允许的来源`;
      return false;
    }
    this.draft = [...this.draft, r.origin];
    this.input = '';
    this.originError = '';
    return true;
  }

  removeOrigin(origin: string): void {
    this.draft = this.draft.filter((o) => o !== origin);
  }

  revert(): void {
    this.draft = [...this.origins];
    this.originError = '';
  }

  async saveOrigins(): Promise<boolean> {
    if (this.saving) return false;
    this.saving = true;
    this.originError = '';
    try {
      const saved = await this.api.tracking.saveAllowedOrigins(this.app.id, this.draft);
      runInAction(() => {
        this.origins = [...saved];
        this.draft = [...saved];
      });
      return true;
    } catch (err) {
      runInAction(() => {
        this.originError = failureMessage(err);
      });
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  async regenerateKey(): Promise<boolean> {
    if (this.regenerating) return false;
    this.regenerating = true;
    this.keyError = '';
    try {
      const key = await this.api.tracking.regeneratePublicKey(this.app.id);
      runInAction(() => {
        this.publicKey = key;
      });
      return true;
    } catch (err) {
      runInAction(() => {
        this.keyError = failureMessage(err);
      });
      return false;
    } finally {
      runInAction(() => {
        this.regenerating = false;
      });
    }
  }
}
