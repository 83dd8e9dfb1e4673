import { makeAutoObservable, runInAction } from 'mobx';
import type { SocketStatus } from '../adapters/socket/realtime-socket';
import { failureMessage } from './errors';
import type { LoadState } from './menu';

/**
 * A view fed by one topic of the layout's socket, read again over REST while the socket cannot
 * deliver (down, the subscription refused, or silent too long): the realtime dashboard's figures and
 * a tracking app's live events. The view keeps its own data; this store runs the subscription, the
 * one-second check, the reads and the load state. docs/realtime.md.
 */

/** What a live view needs of the messages store: the layout's socket. */
export interface LiveSocket {
  readonly connection: SocketStatus;
  subscribeLive(topic: string, handler: (frame: Record<string, unknown>) => void): () => void;
}

/** The clock and the repeating timer of a live view (fakes in tests). */
export interface LiveTimers {
  now(): number;
  every(fn: () => void, ms: number): () => void;
}

export const browserTimers: LiveTimers = {
  now: () => Date.now(),
  every: (fn, ms) => {
    const h = setInterval(fn, ms);
    return () => clearInterval(h);
  },
};

/** Where the data on screen came from last. */
export type LiveSource = 'socket' | 'polling';

/** What differs between live views: the topic, the read, and how a frame or an answer shows. */
export interface LiveFeed<Answer> {
  topic: string;
  /** How often the view reads while the socket cannot deliver. */
  pollMs: number;
  /** Given: an open socket also counts as unable to deliver once no frame came for this long (a topic pushed on a beat). */
  silentMs?: number;
  /** Read once when the socket opens again: frames are increments, and those sent while it was down are lost. */
  readOnReopen?: boolean;
  /** Shows what a frame holds for the view (`reading`: a read is on its way); false when it holds nothing for it. */
  showFrame(frame: Record<string, unknown>, reading: boolean): boolean;
  /** The REST read. */
  read(): Promise<Answer>;
  /** Shows a read's answer; false when what is on screen is newer. */
  showAnswer(answer: Answer): boolean;
}

export class LiveTopic<Answer> {
  state: LoadState = 'idle';
  error = '';
  source: LiveSource = 'polling';
  /** The server refused the subscription (no permission): polling only. */
  refused = false;
  private lastFrame = 0;
  private lastRead = 0;
  private reading = false;
  private wasOpen = false;
  private unsubscribe: (() => void) | null = null;
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly feed: LiveFeed<Answer>,
    private readonly socket: LiveSocket | null,
    private readonly timers: LiveTimers = browserTimers,
  ) {
    makeAutoObservable<LiveTopic<Answer>, 'feed' | 'socket' | 'timers' | 'lastFrame' | 'lastRead' | 'reading' | 'wasOpen' | 'unsubscribe' | 'stopTimer'>(
      this,
      { feed: false, socket: false, timers: false, lastFrame: false, lastRead: false, reading: false, wasOpen: false, unsubscribe: false, stopTimer: false },
      { autoBind: true },
    );
  }

  /** Subscribed to the topic (between start and stop, with a socket). */
  get subscribed(): boolean {
    return this.unsubscribe !== null;
  }

  /** The socket is open and the subscription was not refused. */
  get open(): boolean {
    return this.socket !== null && !this.refused && this.socket.connection === 'open';
  }

  /** The socket delivers now: open, and not silent for longer than the feed allows. */
  private delivering(): boolean {
    return this.open && (this.feed.silentMs === undefined || this.timers.now() - this.lastFrame < this.feed.silentMs);
  }

  /** The view became visible: read now, subscribe, poll while the socket cannot deliver. */
  start(): void {
    if (this.stopTimer) return;
    this.wasOpen = this.open;
    void this.poll();
    if (this.socket) this.unsubscribe = this.socket.subscribeLive(this.feed.topic, (frame) => this.onFrame(frame));
    this.stopTimer = this.timers.every(() => this.check(), 1000);
  }

  /** The view was hidden or closed: no frames, no reads. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopTimer?.();
    this.stopTimer = null;
  }

  onFrame(frame: Record<string, unknown>): void {
    if (frame.type === 'subscribe.refused') {
      this.refused = true;
      this.source = 'polling';
      return;
    }
    if (!this.feed.showFrame(frame, this.reading)) return;
    this.lastFrame = this.timers.now();
    this.state = 'ready';
    this.error = '';
    this.source = 'socket';
  }

  /** Every second: read while the socket cannot deliver (every `pollMs`), and once when it reopens if the feed asks. */
  check(): void {
    const open = this.open;
    const reopened = open && !this.wasOpen;
    this.wasOpen = open;
    if (reopened && this.feed.readOnReopen) {
      void this.poll();
      return;
    }
    if (this.delivering()) return;
    if (this.timers.now() - this.lastRead >= this.feed.pollMs) void this.poll();
  }

  /** One REST read (the first load, and the fallback while the socket cannot deliver). */
  async poll(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    this.lastRead = this.timers.now();
    if (this.state !== 'ready') this.state = 'loading';
    try {
      const answer = await this.feed.read();
      runInAction(() => {
        if (this.feed.showAnswer(answer) && !this.delivering()) this.source = 'polling';
        this.state = 'ready';
        this.error = '';
      });
    } catch (err) {
      runInAction(() => {
        this.error = failureMessage(err);
        if (this.state !== 'ready') this.state = 'failed';
      });
    } finally {
      this.reading = false;
    }
  }
}

/**
 * A live view's store: its own data (a subclass field, made observable there) beside the topic's
 * load state, which it reads through, and the topic's start, stop and read.
 */
export abstract class LiveView<Answer> {
  protected abstract readonly topic: LiveTopic<Answer>;

  get state(): LoadState {
    return this.topic.state;
  }

  get error(): string {
    return this.topic.error;
  }

  /** Where the data on screen came from last. */
  get source(): LiveSource {
    return this.topic.source;
  }

  /** The server refused the subscription (no permission): polling only. */
  get refused(): boolean {
    return this.topic.refused;
  }

  // Bound: pages hand start and stop to their visibility hook.
  /** The view became visible: read now, subscribe, poll while the socket cannot deliver. */
  readonly start = (): void => this.topic.start();

  /** The view was hidden or closed: no frames, no reads. */
  readonly stop = (): void => this.topic.stop();

  /** One REST read (the first load, and the fallback while the socket cannot deliver). */
  readonly poll = (): Promise<void> => this.topic.poll();
}
