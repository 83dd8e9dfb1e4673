import type { ConsoleApi, RowId } from '../adapters/api';

/** Calls of the user screen beyond its list (an administrator sets another user's password). */
export class UsersStore {
  constructor(private readonly api: ConsoleApi) {}

  /** Sets a user's password (typed twice); the adapter encodes it like the login's. */
  resetPassword(userId: RowId, newPassword: string, newPassword2: string): Promise<void> {
    return this.api.resetPassword(userId, { newPassword, newPassword2 });
  }
}
