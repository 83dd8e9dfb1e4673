import type { Db } from '../db/db';
import type { UserInfo } from '../../contracts/schemas';
import { LoadingCache } from './cache';

/** What the server knows of a signed-in user, cached per id. */
export interface Account extends UserInfo {
  is_active: boolean;
}

interface UserRow {
  id: number;
  username: string;
  name: string;
  mobile: string | null;
  user_type: number | null;
  gender: number | null;
  email: string | null;
  avatar: string | null;
  dept: number | null;
  dept_name: string | null;
  is_superuser: boolean;
  is_active: boolean;
}

const USER_SQL = `SELECT u.id, u.username, u.name, u.mobile, u.user_type, u.gender, u.email, u.avatar, u.dept,
  d.name AS dept_name, u.is_superuser, u.is_active
  FROM users u LEFT JOIN depts d ON d.id = u.dept WHERE u.id = $1`;

export class UserDirectory {
  private readonly cache: LoadingCache<number, Account | null>;

  constructor(
    private readonly db: Db,
    ttlMs = 30_000,
  ) {
    this.cache = new LoadingCache((id) => this.loadAccount(id), ttlMs, { changes: db.changes });
  }

  /** The account, or null when there is no such user. Cached. */
  account(id: number): Promise<Account | null> {
    return this.cache.get(id);
  }

  /** Drops the cached account of one user (sign-in reads it afresh, for changes made by another process). */
  invalidate(id: number): void {
    this.cache.delete(id);
  }

  async findLogin(username: string): Promise<{ id: number; password: string; is_active: boolean } | null> {
    const rows = await this.db.query<{ id: number; password: string; is_active: boolean }>(
      'SELECT id, password, is_active FROM users WHERE username = $1',
      [username],
    );
    return rows[0] ?? null;
  }

  private async loadAccount(id: number): Promise<Account | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const row = (await this.db.query<UserRow>(USER_SQL, [id]))[0];
    if (!row) return null;
    const roles = await this.db.query<{ id: number; name: string; key: string }>(
      'SELECT r.id, r.name, r.key FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = $1 ORDER BY r.id',
      [id],
    );
    const account: Account = {
      id: row.id,
      username: row.username,
      name: row.name,
      mobile: row.mobile,
      user_type: row.user_type,
      gender: row.gender,
      email: row.email,
      avatar: row.avatar,
      dept: row.dept,
      is_superuser: row.is_superuser,
      role: roles.map((r) => r.id),
      role_info: roles.map((r) => ({ id: r.id, name: r.name, key: r.key })),
      is_active: row.is_active,
    };
    if (row.dept !== null && row.dept_name !== null) account.dept_info = { dept_id: row.dept, dept_name: row.dept_name };
    return account;
  }
}

/** user_info's data: the contract's keys in the contract's order. */
export function userInfoView(a: Account): UserInfo {
  const out: UserInfo = {
    id: a.id,
    username: a.username,
    name: a.name,
    mobile: a.mobile,
    user_type: a.user_type,
    gender: a.gender,
    email: a.email,
    avatar: a.avatar,
    dept: a.dept,
    is_superuser: a.is_superuser,
    role: a.role,
    role_info: a.role_info,
  };
  if (a.dept_info) {
    // Keep dept_info before role_info as the contract shows it.
    const { role_info, ...rest } = out;
    return { ...rest, dept_info: a.dept_info, role_info };
  }
  return out;
}
