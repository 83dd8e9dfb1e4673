import type { Db } from '../db/db';
import type { MenuItem } from '../../contracts/schemas';
import { LoadingCache } from './cache';

interface MenuRow {
  id: number;
  parent: number | null;
  icon: string | null;
  sort: number | null;
  name: string;
  is_link: boolean;
  is_catalog: boolean;
  web_path: string | null;
  component: string | null;
  component_name: string | null;
  cache: boolean;
  visible: boolean;
  frame_out: boolean;
}

const MENU_COLUMNS = 'm.id, m.parent, m.icon, m.sort, m.name, m.is_link, m.is_catalog, m.web_path, m.component, m.component_name, m.cache, m.visible, m.frame_out';

function toItem(m: MenuRow, permission: string[] | null): MenuItem {
  return {
    id: m.id,
    parent: m.parent,
    icon: m.icon,
    sort: m.sort,
    path: m.web_path,
    name: m.name,
    title: m.name,
    is_link: m.is_link,
    is_catalog: m.is_catalog,
    web_path: m.web_path,
    component: m.component,
    component_name: m.component_name,
    cache: m.cache,
    visible: m.visible,
    menuPermission: permission,
    frame_out: m.frame_out,
  };
}

export interface MenuUser {
  id: number;
  is_superuser: boolean;
}

/**
 * `web_router`: a superuser gets every enabled menu with all its button values; anyone else the union
 * of their enabled roles' menus with the buttons those roles grant (null when none). Flat, by sort.
 * Cached per user until this process writes to the database (30 s for other writers).
 */
export class MenuStore {
  private readonly cache: LoadingCache<string, MenuItem[]>;

  constructor(
    private readonly db: Db,
    ttlMs = 30_000,
  ) {
    this.cache = new LoadingCache((k) => this.load(k), ttlMs, { changes: db.changes });
  }

  webRouter(user: MenuUser): Promise<MenuItem[]> {
    return this.cache.get(user.is_superuser ? 'superuser' : `user:${user.id}`);
  }

  private async load(key: string): Promise<MenuItem[]> {
    if (key === 'superuser') {
      const rows = await this.db.query<MenuRow & { buttons: string[] }>(
        `SELECT ${MENU_COLUMNS},
           COALESCE((SELECT json_agg(b.value ORDER BY b.id) FROM menu_buttons b WHERE b.menu = m.id), '[]'::json) AS buttons
         FROM menus m WHERE m.status ORDER BY m.sort, m.id`,
      );
      return rows.map((r) => toItem(r, r.buttons));
    }
    const userId = Number(key.slice('user:'.length));
    const rows = await this.db.query<MenuRow & { buttons: string[] | null }>(
      `WITH my_roles AS (
         SELECT r.id FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = $1 AND r.status
       )
       SELECT ${MENU_COLUMNS},
         (SELECT json_agg(b.value ORDER BY b.id) FROM menu_buttons b
           WHERE b.menu = m.id
             AND EXISTS (SELECT 1 FROM role_buttons rb WHERE rb.button_id = b.id AND rb.role_id IN (SELECT id FROM my_roles))
         ) AS buttons
       FROM menus m
       WHERE m.status AND EXISTS (SELECT 1 FROM role_menus rm WHERE rm.menu_id = m.id AND rm.role_id IN (SELECT id FROM my_roles))
       ORDER BY m.sort, m.id`,
      [userId],
    );
    return rows.map((r) => toItem(r, r.buttons));
  }
}
