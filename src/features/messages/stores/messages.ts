import { makeAutoObservable, runInAction } from 'mobx';
import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage, SocketFrame } from '../../../../contracts/schemas';
import type { ConsoleApi, Notice } from '../../../adapters/api';
import type { RealtimeConnector } from '../../../adapters/socket/connector';
import type { SessionFlags } from '../../../adapters/storage';
import type { RealtimeSocket, SocketStatus, StopReason } from '../../../adapters/socket/realtime-socket';
import { BADGE_MAX, NOTICE_UNTIL_CLOSED_MS, SOCKET_NOTICE_SHORT_MS } from '../../../config';
import type { LoadState } from '../../../stores/menu';

/** Translates the connection texts (the layout passes i18next's t). */
export type TextOf = (key: string) => string;

export interface MessagesStoreDeps {
  api: ConsoleApi;
  notify(notice: Notice): void;
  /** Reloads the server settings (systemConfig frame). */
  reloadSettings(): Promise<void>;
  /** Opens the socket; absent in tests and stories that need none. */
  connector?: RealtimeConnector;
  /** The server's text (a frame's content) in the interface language; default as sent. */
  serverText?: (text: string) => string;
  /** Remembers, for this tab's session, that the unread reminder was shown (shown again on every load without it). */
  flags?: SessionFlags;
}

/** How a frame's contentType shows (spec §4). */
export function frameNotice(frame: SocketFrame): Notice | null {
  if (!frame.content) return null;
  switch (frame.contentType) {
    case 'SYSTEM':
      return { severity: 'success', text: frame.content, life: SOCKET_NOTICE_SHORT_MS };
    case 'ERROR':
      return { severity: 'error', text: frame.content, life: NOTICE_UNTIL_CLOSED_MS };
    case 'INFO':
      return { severity: 'success', text: frame.content, life: NOTICE_UNTIL_CLOSED_MS };
    default:
      return { severity: 'info', text: frame.content, life: SOCKET_NOTICE_SHORT_MS };
  }
}

/** The badge text: the count capped at 99 (99+), nothing at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export interface PagedList<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
  state: LoadState;
}

/** A choice in a target picker. */
export interface TargetOption {
  id: number;
  label: string;
}

export const USER_RESOURCE = '/api/system/user/';
export const ROLE_RESOURCE = '/api/system/role/';
/** How many users a picker search shows. */
const USER_SEARCH_LIMIT = 20;

const rowOption = (row: Record<string, unknown>, sub?: string): TargetOption | null => {
  if (typeof row.id !== 'number') return null;
  const name = typeof row.name === 'string' ? row.name : String(row.id);
  const extra = sub && typeof row[sub] === 'string' ? ` (${row[sub] as string})` : '';
  return { id: row.id, label: `${name}${extra}` };
};

const emptyList = <T>(): PagedList<T> => ({ rows: [], total: 0, page: 1, limit: 10, state: 'idle' });

/**
 * Unread count, newest message and the socket that keeps them current (spec §2.4, §4), plus the
 * message center's lists. Frames: refresh_unread (or refreshUnread) reloads the count, systemConfig
 * reloads the settings, contentType chooses the notification.
 */
export class MessagesStore {
  unread = 0;
  newest: ReceivedMessage | null = null;
  connection: SocketStatus = 'idle';
  stoppedReason: StopReason | null = null;
  received: PagedList<ReceivedMessage> = emptyList();
  sent: PagedList<MessageDetail> = emptyList();
  /** The message open in the reader. */
  current: MessageDetail | ReceivedMessage | null = null;
  /** Target pickers: users found by the last search (plus those already chosen), and all roles. */
  userOptions: TargetOption[] = [];
  roleOptions: TargetOption[] = [];
  private socket: RealtimeSocket | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  /** The next frame is the server's greeting after the session's first open (see connect()). */
  private greetingAhead = false;

  // dashboard realtime+monitor: handlers of the socket's typed frames, by topic.
  private readonly live = new Map<string, Set<(frame: Record<string, unknown>) => void>>();

  constructor(private readonly deps: MessagesStoreDeps) {
    makeAutoObservable<MessagesStore, 'deps' | 'socket' | 'refreshing' | 'refreshAgain' | 'greetingAhead' | 'live'>(
      this,
      { deps: false, socket: false, refreshing: false, refreshAgain: false, greetingAhead: false, live: false },
      { autoBind: true },
    );
  }

  get badge(): string {
    return badgeText(this.unread);
  }

  /**
   * Opens the socket (the layout appeared). `text` translates the connection messages.
   *
   * The server greets every new socket with one frame: 连接成功 (nothing unread) or 请查看您的未读消息~.
   * After the session's first open, a 连接成功 greeting is not shown: it would toast on every page load
   * and says nothing the person needs. The unread reminder (a greeting that refreshes the count) is
   * shown once per tab session, not on every reload; any greeting after a reconnect is shown (it
   * confirms the recovery after 连接已关闭...). docs/realtime.md.
   */
  connect(text: TextOf): void {
    if (this.socket || !this.deps.connector) return;
    this.stoppedReason = null;
    const notify = this.deps.notify;
    this.socket = this.deps.connector({
      frame: (frame) => {
        const greeting = this.greetingAhead;
        this.greetingAhead = false;
        // The greeting as the server sends it: SYSTEM, refresh_unread false, nothing else to do.
        const hello = frame.contentType === 'SYSTEM' && frame.refresh_unread === false && frame.refreshUnread !== true && frame.systemConfig !== true;
        const reminder = frame.contentType === 'SYSTEM' && (frame.refresh_unread === true || frame.refreshUnread === true);
        const remindedBefore = greeting && reminder && this.deps.flags?.take('unread-reminder') === false;
        this.handleFrame(frame, { quiet: (greeting && hello) || remindedBefore });
      },
      open: (reconnected) => {
        this.greetingAhead = !reconnected;
        void this.refreshUnread();
      },
      error: () => notify({ severity: 'error', text: text('messages.socket.error') }),
      closed: () => notify({ severity: 'info', text: text('messages.socket.closed') }),
      stopped: (reason) => {
        runInAction(() => {
          this.stoppedReason = reason;
        });
        notify({ severity: 'error', text: text(reason === 'auth' ? 'messages.socket.stoppedAuth' : 'messages.socket.stoppedHandshake'), life: NOTICE_UNTIL_CLOSED_MS });
      },
      status: (status) =>
        runInAction(() => {
          this.connection = status;
        }),
      // dashboard realtime+monitor: a topic's frame (its `type` names the topic), or a refused subscription.
      typed: (frame) => {
        const topic = frame.type === 'subscribe.refused' && typeof frame.topic === 'string' ? frame.topic : frame.type;
        for (const fn of this.live.get(topic) ?? []) fn(frame);
      },
    });
    for (const topic of this.live.keys()) this.socket.subscribe(topic);
    this.socket.start();
  }

  // dashboard realtime+monitor
  /**
   * Receives a topic's frames over the layout's socket (subscribing on the server now, or when the
   * socket opens, and after every reconnect); the returned function unsubscribes. Frames of type
   * `subscribe.refused` for the topic reach the handler too.
   */
  subscribeLive(topic: string, handler: (frame: Record<string, unknown>) => void): () => void {
    let set = this.live.get(topic);
    if (!set) {
      set = new Set();
      this.live.set(topic, set);
      this.socket?.subscribe(topic);
    }
    set.add(handler);
    return () => {
      const handlers = this.live.get(topic);
      if (!handlers?.delete(handler) || handlers.size > 0) return;
      this.live.delete(topic);
      this.socket?.unsubscribe(topic);
    };
  }

  /** Closes the socket (the layout went away, or logout). */
  disconnect(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.stop();
    this.connection = 'idle';
  }

  /** Acts on a frame; `quiet`: no notification (the first greeting, see connect()). */
  handleFrame(frame: SocketFrame, { quiet = false }: { quiet?: boolean } = {}): void {
    if (frame.refresh_unread === true || frame.refreshUnread === true) void this.refreshUnread();
    if (frame.systemConfig === true) void this.deps.reloadSettings().catch(() => undefined);
    const notice = quiet ? null : frameNotice(frame);
    if (notice) this.deps.notify(this.deps.serverText ? { ...notice, text: this.deps.serverText(notice.text) } : notice);
  }

  setUnread(count: number): void {
    this.unread = Math.max(0, Math.trunc(count));
  }

  /**
   * Reloads the unread count and the newest message. Callers during a run share it, and it runs once
   * more when it ends: the count may have changed after its calls went out (a refresh_unread frame
   * arriving while the socket-open refresh is in flight must not leave the old count).
   */
  refreshUnread(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async () => {
      do {
        this.refreshAgain = false;
        await this.loadUnread();
      } while (this.refreshAgain);
    };
    this.refreshing = run().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async loadUnread(): Promise<void> {
    const [count, newest] = await Promise.allSettled([this.deps.api.messages.unreadCount(), this.deps.api.messages.newest()]);
    runInAction(() => {
      if (count.status === 'fulfilled') this.setUnread(count.value);
      if (newest.status === 'fulfilled') this.newest = newest.value;
    });
  }

  async loadReceived(page = this.received.page, limit = this.received.limit): Promise<void> {
    this.received = { ...this.received, page, limit, state: 'loading' };
    try {
      const res = await this.deps.api.messages.received({ page, limit });
      runInAction(() => {
        this.received = toList(res, page, limit);
      });
    } catch {
      runInAction(() => {
        this.received = { ...this.received, state: 'failed' };
      });
    }
  }

  async loadSent(page = this.sent.page, limit = this.sent.limit): Promise<void> {
    this.sent = { ...this.sent, page, limit, state: 'loading' };
    try {
      const res = await this.deps.api.messages.sent({ page, limit });
      runInAction(() => {
        this.sent = toList(res, page, limit);
      });
    } catch {
      runInAction(() => {
        this.sent = { ...this.sent, state: 'failed' };
      });
    }
  }

  /**
   * Opens a received message: the server marks it read (and pushes a refresh frame); the row and the
   * badge update at once. A back end that refuses the read (the real one does for non-superusers) still
   * lets the person read the text from the list.
   */
  async openReceived(message: ReceivedMessage): Promise<void> {
    this.current = message;
    try {
      const detail = await this.deps.api.messages.open(message.id);
      runInAction(() => {
        this.current = { ...detail, is_read: true };
        if (!message.is_read) {
          this.received = { ...this.received, rows: this.received.rows.map((r) => (r.id === message.id ? { ...r, is_read: true } : r)) };
          this.setUnread(this.unread - 1);
        }
      });
      await this.refreshUnread();
    } catch {
      // Shown by the adapter; the list row stays as it was.
    }
  }

  /** Opens the newest message from the bell's popover (marks it read like opening it in the centre). */
  async readNewest(): Promise<void> {
    const newest = this.newest;
    if (!newest || newest.is_read) return;
    try {
      await this.deps.api.messages.open(newest.id);
      runInAction(() => {
        if (this.newest?.id === newest.id) this.newest = { ...newest, is_read: true };
        this.setUnread(this.unread - 1);
      });
      await this.refreshUnread();
    } catch {
      // Shown by the adapter.
    }
  }

  showSent(message: MessageDetail): void {
    this.current = message;
  }

  closeCurrent(): void {
    this.current = null;
  }

  /** Sends a message; resolves to true when the server accepted it (the sent list reloads). */
  async send(body: MessageCreateRequest): Promise<boolean> {
    try {
      await this.deps.api.messages.send(body);
    } catch {
      return false;
    }
    await this.loadSent(1);
    return true;
  }

  /** Deletes sent messages; resolves to true on success (the sent list reloads). */
  async remove(ids: readonly number[]): Promise<boolean> {
    try {
      await this.deps.api.messages.remove(ids);
    } catch {
      return false;
    }
    const lastPage = Math.max(1, Math.ceil((this.sent.total - ids.length) / this.sent.limit));
    await this.loadSent(Math.min(this.sent.page, lastPage));
    return true;
  }

  /** Searches users for the picker (keeps the chosen ones so their labels stay). */
  async searchUsers(keyword: string, keep: readonly number[] = []): Promise<void> {
    try {
      const page = await this.deps.api.list(USER_RESOURCE, { page: 1, limit: USER_SEARCH_LIMIT, ...(keyword.trim() ? { search: keyword.trim() } : {}) });
      const found = page.rows.map((r) => rowOption(r, 'username')).filter((o): o is TargetOption => o !== null);
      runInAction(() => {
        const kept = this.userOptions.filter((o) => keep.includes(o.id) && !found.some((f) => f.id === o.id));
        this.userOptions = [...kept, ...found];
      });
    } catch {
      // Shown by the adapter; the picker keeps what it had.
    }
  }

  async loadRoles(): Promise<void> {
    try {
      const page = await this.deps.api.list(ROLE_RESOURCE, { page: 1, limit: 999 });
      runInAction(() => {
        this.roleOptions = page.rows.map((r) => rowOption(r, 'key')).filter((o): o is TargetOption => o !== null);
      });
    } catch {
      // Shown by the adapter.
    }
  }

  /** Forgets the user's messages (sign-out) and closes the socket. */
  clear(): void {
    this.disconnect();
    this.unread = 0;
    this.newest = null;
    this.received = emptyList();
    this.sent = emptyList();
    this.current = null;
    this.stoppedReason = null;
    this.userOptions = [];
    this.roleOptions = [];
  }
}

function toList<T>(res: ListPage<T>, page: number, limit: number): PagedList<T> {
  return { rows: res.data, total: res.total, page, limit, state: 'ready' };
}
