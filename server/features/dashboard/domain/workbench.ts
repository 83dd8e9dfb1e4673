import {
  DEFAULT_WORKBENCH,
  WORKBENCH_LOGINS,
  WORKBENCH_SHORTCUTS,
  workbenchWidget,
  type MyLogin,
  type WorkbenchLayout,
  type WorkbenchShortcut,
  type WorkbenchWidget,
} from '../../../../contracts/schemas/dashboard/workbench';
import type { Db } from '../../../db/db';
import { formatDatetime } from '../../../domain/time';

/** Distinct pages kept per user: the least recently opened beyond this are dropped. */
export const VISITS_KEPT = 200;

/**
 * The workbench's rows (migration 054): each user's layout and page opens. Every method takes the
 * signed-in user's id, so a user only ever reads or writes their own.
 */
export class WorkbenchStore {
  constructor(private readonly db: Db) {}

  async layout(userId: number): Promise<WorkbenchLayout> {
    const rows = await this.db.query<{ widgets: unknown; update_datetime: Date }>('SELECT widgets, update_datetime FROM workbench_layouts WHERE user_id = $1', [userId]);
    const row = rows[0];
    if (!row) return defaultLayout();
    // Stored layouts were validated on the way in; a widget a later version no longer knows is skipped.
    const list = Array.isArray(row.widgets) ? row.widgets : [];
    const widgets = list.flatMap((w) => {
      const parsed = workbenchWidget.safeParse(w);
      return parsed.success ? [parsed.data] : [];
    });
    return { widgets, saved: true, update_datetime: formatDatetime(row.update_datetime) };
  }

  /** Replaces the user's layout (already validated) in one statement. */
  async save(userId: number, widgets: WorkbenchWidget[]): Promise<WorkbenchLayout> {
    await this.db.query(
      `INSERT INTO workbench_layouts (user_id, widgets, update_datetime) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (user_id) DO UPDATE SET widgets = EXCLUDED.widgets, update_datetime = now()`,
      [userId, JSON.stringify(widgets)],
    );
    return this.layout(userId);
  }

  /** Forgets the saved layout: the default one applies again. */
  async reset(userId: number): Promise<WorkbenchLayout> {
    await this.db.query('DELETE FROM workbench_layouts WHERE user_id = $1', [userId]);
    return defaultLayout();
  }

  async visit(userId: number, path: string): Promise<void> {
    await this.db.query(
      `INSERT INTO workbench_visits (user_id, path) VALUES ($1, $2)
       ON CONFLICT (user_id, path) DO UPDATE SET visits = workbench_visits.visits + 1, last_visit = now()`,
      [userId, path],
    );
    await this.db.query(
      `DELETE FROM workbench_visits WHERE user_id = $1 AND path IN (
         SELECT path FROM workbench_visits WHERE user_id = $1 ORDER BY last_visit DESC, path OFFSET $2)`,
      [userId, VISITS_KEPT],
    );
  }

  async shortcuts(userId: number, limit = WORKBENCH_SHORTCUTS): Promise<WorkbenchShortcut[]> {
    const rows = await this.db.query<{ path: string; visits: number; last_visit: Date }>(
      'SELECT path, visits, last_visit FROM workbench_visits WHERE user_id = $1 ORDER BY visits DESC, last_visit DESC, path LIMIT $2',
      [userId, limit],
    );
    return rows.map((r) => ({ path: r.path, visits: Number(r.visits), last_visit: formatDatetime(r.last_visit) }));
  }

  /** The user's own latest sign-ins (the login log's rows they created). */
  async myLogins(userId: number, limit = WORKBENCH_LOGINS): Promise<MyLogin[]> {
    const rows = await this.db.query<{ ip: string | null; browser: string | null; os: string | null; create_datetime: Date }>(
      'SELECT ip, browser, os, create_datetime FROM login_log WHERE creator = $1 ORDER BY create_datetime DESC, id DESC LIMIT $2',
      [userId, limit],
    );
    return rows.map((r) => ({ ...r, create_datetime: formatDatetime(r.create_datetime) }));
  }
}

export function defaultLayout(): WorkbenchLayout {
  return { widgets: DEFAULT_WORKBENCH.map((w) => ({ ...w })), saved: false, update_datetime: null };
}
