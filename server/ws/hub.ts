import type { WebSocket } from 'ws';
import type { SocketFrame } from '../../contracts/schemas';

/** Who a push goes to: some users, or every open socket. */
export type PushTarget = readonly number[] | 'all';

/**
 * Carries pushes between server instances. The hub hands every push to its broker; the broker
 * delivers it to the hub of each instance (this one included) through `deliver`.
 */
export interface PushBroker {
  publish(target: PushTarget, frame: SocketFrame): Promise<void>;
  close(): Promise<void>;
}

/**
 * Open sockets per user, for pushes (new message, read receipt, settings changed). Also pings every
 * socket periodically and drops the ones that stopped answering.
 */
export class SocketHub {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly timer: NodeJS.Timeout;
  private broker: PushBroker | null = null;
  /** The session (token `sid`) each socket was opened with, so a revoked session's sockets can be closed. */
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private sessionCheck: ((sid: string) => Promise<boolean>) | null = null;

  constructor(pingIntervalMs = 30_000) {
    this.timer = setInterval(() => this.ping(), pingIntervalMs);
    this.timer.unref();
  }

  add(userId: number, socket: WebSocket, sid?: string): void {
    if (sid) this.sessionOf.set(socket, sid);
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(socket);
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.once('close', () => this.remove(userId, socket));
  }

  remove(userId: number, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.byUser.delete(userId);
  }

  /** The users with an open socket on this instance. */
  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  /** Number of open sockets of one user (or of everybody). */
  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  /**
   * Pushes a frame to users (or everybody) on every instance: through the broker when one is
   * attached (PostgreSQL LISTEN/NOTIFY), else straight to this instance's sockets.
   */
  async publish(target: PushTarget, frame: SocketFrame): Promise<void> {
    if (this.broker) await this.broker.publish(target, frame);
    else this.deliver(target, frame);
  }

  /** Uses a broker for `publish` from now on (null: local delivery only). */
  useBroker(broker: PushBroker | null): void {
    this.broker = broker;
  }

  /** Delivers a push to this instance's sockets; resolves to the number of sockets written. */
  deliver(target: PushTarget, frame: SocketFrame): number {
    if (target === 'all') return this.broadcast(frame);
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const userId of new Set(target)) sent += this.sendText(userId, text);
    return sent;
  }

  sendToUser(userId: number, frame: SocketFrame): number {
    return this.sendText(userId, JSON.stringify(frame));
  }

  private sendText(userId: number, text: string): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    let sent = 0;
    for (const s of set) {
      if (s.readyState === s.OPEN) {
        s.send(text);
        sent++;
      }
    }
    return sent;
  }

  broadcast(frame: SocketFrame): number {
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const userId of this.byUser.keys()) sent += this.sendText(userId, text);
    return sent;
  }

  /** Closes this instance's sockets of a session (logout) with 4401 token_not_valid; resolves to how many. */
  closeSession(sid: string, code = 4401): number {
    let closed = 0;
    for (const set of this.byUser.values()) {
      for (const s of set) {
        if (this.sessionOf.get(s) === sid) {
          s.close(code, 'token_not_valid');
          closed++;
        }
      }
    }
    return closed;
  }

  /** At every ping, sockets whose session `check` says is over (revoked by any instance) are closed. */
  useSessionCheck(check: ((sid: string) => Promise<boolean>) | null): void {
    this.sessionCheck = check;
  }

  /** Asks `sessionCheck` about every open socket's session once and closes the ended ones. */
  async sweepSessions(): Promise<number> {
    const check = this.sessionCheck;
    if (!check) return 0;
    const verdicts = new Map<string, Promise<boolean>>();
    let closed = 0;
    for (const set of [...this.byUser.values()]) {
      for (const s of [...set]) {
        const sid = this.sessionOf.get(s);
        if (!sid) continue;
        let verdict = verdicts.get(sid);
        if (!verdict) {
          verdict = check(sid).catch(() => true);
          verdicts.set(sid, verdict);
        }
        if (!(await verdict) && s.readyState === s.OPEN) {
          s.close(4401, 'token_not_valid');
          closed++;
        }
      }
    }
    return closed;
  }

  private ping(): void {
    void this.sweepSessions();
    for (const set of this.byUser.values()) {
      for (const s of set) {
        if (this.alive.get(s) === false) {
          s.terminate();
          continue;
        }
        this.alive.set(s, false);
        if (s.readyState === s.OPEN) s.ping();
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    for (const set of this.byUser.values()) for (const s of set) s.close(1001, 'server shutting down');
    this.byUser.clear();
  }
}
