import type { Db } from '../db/db';
import { firstRun } from '../jobs/schedule-time';
import { seedOnce, sampleOwner } from './helpers';

/** Marker row in schema_migrations: the page-check samples are seeded once per database. */
export const PAGE_CHECK_SEED_VERSION = 'seed-053-page-checks';

/** What staff check on every H5 game's entry page: the canvas, the start button, the privacy link. */
const LOCATORS = [
  { name: '游戏画布', selector: 'canvas', check_kind: 'exists', attribute: null, expected: null, match: 'contains' },
  { name: '开始按钮', selector: 'button.start, #start', check_kind: 'text', attribute: null, expected: '开始', match: 'contains' },
  { name: '隐私政策链接', selector: 'a.privacy', check_kind: 'attribute', attribute: 'href', expected: 'privacy', match: 'contains' },
] as const;

/**
 * Sample locators on the first three H5 games of the catalogue and a daily check schedule, disabled
 * (the sample games' pages are on h5.example.com: staff enable it for real pages, or run it now).
 */
export async function seedPageChecks(db: Db): Promise<boolean> {
  return seedOnce(db, PAGE_CHECK_SEED_VERSION, async (tx) => {
    const owner = await sampleOwner(tx);
    const games = await tx.query<{ id: number }>("SELECT id FROM games WHERE kind = 'h5' ORDER BY id LIMIT 3");
    for (const g of games) {
      for (const l of LOCATORS) {
        await tx.query(
          `INSERT INTO page_locators (game, name, selector, check_kind, attribute, expected, match, creator) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [g.id, l.name, l.selector, l.check_kind, l.attribute, l.expected, l.match, owner],
        );
      }
    }
    const cron = { expression: '0 9 * * *', timezone: 'Asia/Shanghai' };
    const crontab = (await tx.query<{ id: number }>('INSERT INTO automation_crontabs (expression, timezone, description, creator) VALUES ($1, $2, $3, $4) RETURNING id', [cron.expression, cron.timezone, '每天上午 9 点', owner]))[0]?.id;
    await tx.query(
      `INSERT INTO automation_schedules (name, task, args, crontab, enabled, exclusive, next_run, description, creator)
       VALUES ('H5 页面每日巡检', 'pages.check', '{"game": null, "locator": null}'::jsonb, $1, false, true, $2, '检查所有 H5 游戏的页面元素；失败时通知游戏负责人', $3)`,
      [crontab, firstRun({ expression: cron.expression, timezone: cron.timezone, every: null, period: null }, new Date()), owner],
    );
  });
}
