import type { Db, Queryable } from '../db/db';
import { LoadingCache } from './cache';
import {
  MESSAGE_TARGET,
  type Message,
  type MessageCreateRequest,
  type MessageDetail,
  type ReceivedMessage,
} from '../../contracts/schemas';
import type { Account } from './users';
import { formatDatetime } from './time';

/**
 * Message center storage (API-CONTRACT §10): a message, its targets (users, roles, departments or
 * everybody) and one recipient row per resolved user with that user's read state.
 */

interface MessageRow {
  id: number;
  title: string;
  content: string;
  target_type: number;
  target_user: number[] | null;
  target_role: number[] | null;
  target_dept: number[] | null;
  creator: number | null;
  creator_name: string | null;
  modifier: string | null;
  modifier_name: string | null;
  dept_belong_id: string | null;
  description: string | null;
  create_datetime: Date | string;
  update_datetime: Date | string;
  is_read?: boolean;
}

const MESSAGE_COLUMNS = `m.id::int AS id, m.title, m.content, m.target_type, m.creator, cu.name AS creator_name,
  m.modifier, mu.name AS modifier_name, m.dept_belong_id, m.description, m.create_datetime, m.update_datetime,
  COALESCE((SELECT array_agg(t.users ORDER BY t.users) FROM message_center_target_user t WHERE t.messagecenter = m.id), '{}') AS target_user,
  COALESCE((SELECT array_agg(r.role_id ORDER BY r.role_id) FROM message_center_target_role r WHERE r.message_id = m.id), '{}') AS target_role,
  COALESCE((SELECT array_agg(d.dept_id ORDER BY d.dept_id) FROM message_center_target_dept d WHERE d.message_id = m.id), '{}') AS target_dept`;

const MESSAGE_FROM = `FROM message_center m
  LEFT JOIN users cu ON cu.id = m.creator
  LEFT JOIN users mu ON mu.id::text = m.modifier`;

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

function toMessage(row: MessageRow): Message {
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    target_type: row.target_type,
    target_user: ids(row.target_user),
    target_role: ids(row.target_role),
    target_dept: ids(row.target_dept),
    creator: row.creator,
    creator_name: row.creator_name,
    modifier: row.modifier,
    modifier_name: row.modifier_name,
    dept_belong_id: row.dept_belong_id,
    description: row.description,
    create_datetime: formatDatetime(row.create_datetime),
    update_datetime: formatDatetime(row.update_datetime),
  };
}

/** A target id that does not exist: the message DRF gives for an unknown primary key. */
export class UnknownTargetError extends Error {
  constructor(
    readonly label: string,
    readonly id: number,
  ) {
    super(`${label}:无效主键 “${id}” - 对象不存在。`);
  }
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** What a write produced: the message and who must be told. */
export interface Written {
  message: MessageDetail;
  /** Recipients newly added by this write (to be pushed a "new message" frame). */
  added: number[];
}

export class MessageCenter {
  /**
   * Unread counts per user: asked by every console page and every socket's first frame. Kept until
   * this process writes a message table (or anything else), and for 30 s at most for other instances'
   * writes (which the change relay reports within milliseconds).
   */
  private readonly unread: LoadingCache<number, number>;

  constructor(private readonly db: Db) {
    this.unread = new LoadingCache(
      (userId) => this.count('SELECT count(*)::int AS n FROM message_center_target_user WHERE users = $1 AND is_read = false', [userId]),
      30_000,
      { changes: db.changes, tables: ['message_center_target_user'] },
    );
  }

  /** Creates a message from `sender`, resolving its recipients, all in one transaction. */
  async create(sender: Account, body: MessageCreateRequest): Promise<Written> {
    const id = await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO message_center (title, content, target_type, creator, modifier, dept_belong_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
        [body.title, body.content, body.target_type, sender.id, String(sender.id), sender.dept === null ? null : String(sender.dept)],
      );
      const messageId = Number(rows[0]?.id);
      await this.writeTargets(tx, messageId, body);
      return messageId;
    });
    const message = await this.detail(id);
    if (!message) throw new Error('message vanished right after it was created');
    return { message, added: message.target_user };
  }

  /** Replaces title, content and targets; recipients who stay keep their read state. */
  async update(id: number, editor: Account, body: MessageCreateRequest): Promise<Written | null> {
    const before = await this.recipients(id);
    const found = await this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE message_center SET title = $2, content = $3, target_type = $4, modifier = $5, update_datetime = now()
         WHERE id = $1 RETURNING id`,
        [id, body.title, body.content, body.target_type, String(editor.id)],
      );
      if (rows.length === 0) return false;
      await tx.query('DELETE FROM message_center_target_role WHERE message_id = $1', [id]);
      await tx.query('DELETE FROM message_center_target_dept WHERE message_id = $1', [id]);
      await this.writeTargets(tx, id, body);
      return true;
    });
    if (!found) return null;
    const message = await this.detail(id);
    if (!message) return null;
    const old = new Set(before);
    return { message, added: message.target_user.filter((u) => !old.has(u)) };
  }

  /** Deletes messages by id; resolves to the number deleted. */
  async remove(idsToDelete: readonly number[]): Promise<number> {
    const rows = await this.db.query('DELETE FROM message_center WHERE id = ANY($1::bigint[]) RETURNING id', [idsToDelete]);
    return rows.length;
  }

  /** The message with its targets' objects, or null. */
  async detail(id: number): Promise<MessageDetail | null> {
    const rows = await this.db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} ${MESSAGE_FROM} WHERE m.id = $1`, [id]);
    const row = rows[0];
    if (!row) return null;
    return (await this.withInfo([toMessage(row)]))[0] ?? null;
  }

  /** Creator of a message (null when it has none), or undefined when there is no such message. */
  async creatorOf(id: number): Promise<number | null | undefined> {
    const rows = await this.db.query<{ creator: number | null }>('SELECT creator FROM message_center WHERE id = $1', [id]);
    return rows.length === 0 ? undefined : (rows[0]?.creator ?? null);
  }

  /** Ids of the messages among `candidates` that `userId` created. */
  async ownedBy(userId: number, candidates: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id::int AS id FROM message_center WHERE id = ANY($1::bigint[]) AND creator = $2',
      [candidates, userId],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Recipients of a message. */
  async recipients(id: number): Promise<number[]> {
    const rows = await this.db.query<{ users: number }>('SELECT users FROM message_center_target_user WHERE messagecenter = $1', [id]);
    return rows.map((r) => r.users);
  }

  /** Marks the recipient's copy read; resolves to whether `userId` is a recipient at all. */
  async markRead(id: number, userId: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE message_center_target_user SET is_read = true, update_datetime = now()
       WHERE messagecenter = $1 AND users = $2 RETURNING id`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /** Messages `userId` created, newest first. */
  async sent(userId: number, page: number, limit: number): Promise<Page<MessageDetail>> {
    const total = await this.count('SELECT count(*)::int AS n FROM message_center WHERE creator = $1', [userId]);
    const rows = await this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} ${MESSAGE_FROM} WHERE m.creator = $1 ORDER BY m.create_datetime DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, (page - 1) * limit],
    );
    return { rows: await this.withInfo(rows.map(toMessage)), total };
  }

  /** Messages `userId` received, newest first, optionally only read or unread ones. */
  async received(userId: number, page: number, limit: number, isRead?: boolean): Promise<Page<ReceivedMessage>> {
    const filter = isRead === undefined ? '' : 'AND t.is_read = $4';
    const params: unknown[] = [userId, limit, (page - 1) * limit];
    if (isRead !== undefined) params.push(isRead);
    const total = await this.count(
      `SELECT count(*)::int AS n FROM message_center_target_user t WHERE t.users = $1 ${isRead === undefined ? '' : 'AND t.is_read = $2'}`,
      isRead === undefined ? [userId] : [userId, isRead],
    );
    const rows = await this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS}, t.is_read ${MESSAGE_FROM}
       JOIN message_center_target_user t ON t.messagecenter = m.id
       WHERE t.users = $1 ${filter}
       ORDER BY m.create_datetime DESC, m.id DESC LIMIT $2 OFFSET $3`,
      params,
    );
    return { rows: rows.map((r) => ({ ...toMessage(r), is_read: r.is_read === true })), total };
  }

  /** The newest message `userId` received, or null. */
  async newest(userId: number): Promise<ReceivedMessage | null> {
    return (await this.received(userId, 1, 1)).rows[0] ?? null;
  }

  unreadCount(userId: number): Promise<number> {
    return this.unread.get(userId);
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    const rows = await this.db.query<{ n: number }>(sql, params);
    return Number(rows[0]?.n ?? 0);
  }

  /** Records role/dept targets and resolves the recipients into message_center_target_user. */
  private async writeTargets(tx: Queryable, messageId: number, body: MessageCreateRequest): Promise<void> {
    let users: number[];
    switch (body.target_type) {
      case MESSAGE_TARGET.user: {
        const wanted = unique(body.target_user ?? []);
        await requireAll(tx, 'users', wanted, '目标用户');
        users = wanted;
        break;
      }
      case MESSAGE_TARGET.role: {
        const roles = unique(body.target_role ?? []);
        await requireAll(tx, 'roles', roles, '目标角色');
        await tx.query('INSERT INTO message_center_target_role (message_id, role_id) SELECT $1, unnest($2::int[])', [messageId, roles]);
        users = (
          await tx.query<{ id: number }>(
            'SELECT DISTINCT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE ur.role_id = ANY($1::int[]) AND u.is_active',
            [roles],
          )
        ).map((r) => r.id);
        break;
      }
      case MESSAGE_TARGET.dept: {
        const depts = unique(body.target_dept ?? []);
        await requireAll(tx, 'depts', depts, '目标部门');
        await tx.query('INSERT INTO message_center_target_dept (message_id, dept_id) SELECT $1, unnest($2::int[])', [messageId, depts]);
        users = (await tx.query<{ id: number }>('SELECT id FROM users WHERE dept = ANY($1::int[]) AND is_active', [depts])).map((r) => r.id);
        break;
      }
      default:
        users = (await tx.query<{ id: number }>('SELECT id FROM users WHERE is_active')).map((r) => r.id);
    }
    // Recipients who stay keep their row (and read state); the others go; new ones arrive unread.
    await tx.query('DELETE FROM message_center_target_user WHERE messagecenter = $1 AND NOT (users = ANY($2::int[]))', [messageId, users]);
    await tx.query(
      `INSERT INTO message_center_target_user (messagecenter, users) SELECT $1, unnest($2::int[])
       ON CONFLICT (messagecenter, users) DO NOTHING`,
      [messageId, users],
    );
  }

  /** Adds user_info / role_info / dept_info (the targets' objects) to messages. */
  private async withInfo(messages: Message[]): Promise<MessageDetail[]> {
    const userIds = unique(messages.flatMap((m) => m.target_user));
    const roleIds = unique(messages.flatMap((m) => m.target_role));
    const deptIds = unique(messages.flatMap((m) => m.target_dept));
    const [users, roles, depts] = await Promise.all([
      userIds.length ? this.db.query<{ id: number; username: string; name: string }>('SELECT id, username, name FROM users WHERE id = ANY($1::int[])', [userIds]) : [],
      roleIds.length ? this.db.query<{ id: number; name: string; key: string }>('SELECT id, name, key FROM roles WHERE id = ANY($1::int[])', [roleIds]) : [],
      deptIds.length ? this.db.query<{ id: number; name: string }>('SELECT id, name FROM depts WHERE id = ANY($1::int[])', [deptIds]) : [],
    ]);
    const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
    const u = byId(users);
    const r = byId(roles);
    const d = byId(depts);
    const pick = <T>(list: number[], map: Map<number, T>) => list.flatMap((id) => (map.has(id) ? [map.get(id) as T] : []));
    return messages.map((m) => ({ ...m, user_info: pick(m.target_user, u), role_info: pick(m.target_role, r), dept_info: pick(m.target_dept, d) }));
  }
}

function unique(list: readonly number[]): number[] {
  return [...new Set(list)];
}

async function requireAll(tx: Queryable, table: 'users' | 'roles' | 'depts', wanted: number[], label: string): Promise<void> {
  const found = new Set(
    (await tx.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [wanted.filter((n) => n <= 2_147_483_647)])).map((r) => r.id),
  );
  const missing = wanted.find((n) => !found.has(n));
  if (missing !== undefined) throw new UnknownTargetError(label, missing);
}
