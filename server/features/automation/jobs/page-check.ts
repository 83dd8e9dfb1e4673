import { parse, type HTMLElement } from 'node-html-parser';
import { pagesCheckArgs, type CheckKind, type PagesCheckArgs } from '../../../../contracts/schemas/automation/page-checks';
import { MESSAGE_TARGET } from '../../../../contracts/schemas/messages';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/db';
import { defineTask } from '../../../jobs/tasks';
import { MessageCenter } from '../../../domain/messages';
import { NEW_MESSAGE_FRAME } from '../../../ws/frames';
import { DEFAULT_FETCH_POLICY, fetchPage, PageFetchError, urlRefusal, type FetchedPage, type FetchPolicy } from './page-fetch';

/**
 * The page checks of H5 games: each enabled locator of the chosen H5 games is evaluated
 * on its page (the locator's own URL or the game's entry URL), each page loaded once per run on the
 * server (page-fetch.ts) and parsed with node-html-parser. One result row per locator and the latest
 * outcome on the locator are written in one transaction. Locators that newly fail (passing or never
 * checked before) raise one message-center notification per game to its owners (the game's creator;
 * the superusers when it has none): a page that stays broken does not notify again every run.
 */

export interface LocatorToCheck {
  id: number;
  game: number;
  game_name: string;
  page: string;
  selector: string;
  check_kind: CheckKind;
  attribute: string | null;
  expected: string | null;
  match: 'contains' | 'equals';
  last_passed: boolean | null;
  owner: number | null;
}

export interface Evaluation {
  passed: boolean;
  actual: string | null;
  message: string | null;
}

const MAX_TEXT = 500;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Why a CSS selector cannot be used, or null (checked on an empty document). */
export function selectorRefusal(selector: string): string | null {
  try {
    parse('<html><body></body></html>').querySelector(selector);
    return null;
  } catch (err) {
    return `CSS 选择器无效：${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Evaluates one locator on a parsed page: the first element matching the selector, then the expectation. */
export function evaluate(root: HTMLElement, l: Pick<LocatorToCheck, 'selector' | 'check_kind' | 'attribute' | 'expected' | 'match'>): Evaluation {
  let el: HTMLElement | null;
  try {
    el = root.querySelector(l.selector);
  } catch (err) {
    return { passed: false, actual: null, message: `CSS 选择器无效：${err instanceof Error ? err.message : String(err)}` };
  }
  if (!el) return { passed: false, actual: null, message: `没有元素匹配选择器 ${l.selector}` };
  const matches = (actual: string) => (l.match === 'equals' ? actual === (l.expected ?? '') : actual.includes(l.expected ?? ''));
  switch (l.check_kind) {
    case 'exists':
      return { passed: true, actual: clip(`<${el.rawTagName?.toLowerCase() ?? 'element'}>`), message: null };
    case 'text': {
      const actual = squash(el.text);
      const passed = matches(actual);
      return { passed, actual: clip(actual), message: passed ? null : `文本${l.match === 'equals' ? '不等于' : '不包含'}「${l.expected ?? ''}」` };
    }
    case 'attribute': {
      const value = el.getAttribute(l.attribute ?? '');
      if (value === undefined) return { passed: false, actual: null, message: `元素没有属性 ${l.attribute ?? ''}` };
      const passed = matches(value);
      return { passed, actual: clip(value), message: passed ? null : `属性 ${l.attribute ?? ''} ${l.match === 'equals' ? '不等于' : '不包含'}「${l.expected ?? ''}」` };
    }
  }
}

export function fetchPolicyOf(ctx: AppContext): FetchPolicy {
  return { ...DEFAULT_FETCH_POLICY, allowHosts: new Set(ctx.config.pageCheckAllowHosts) };
}

/** The enabled locators of H5 games the arguments choose. */
export async function locatorsToCheck(db: Db, args: PagesCheckArgs): Promise<LocatorToCheck[]> {
  return db.query<LocatorToCheck>(
    `SELECT l.id, l.game, g.name AS game_name, coalesce(l.url, g.url) AS page, l.selector, l.check_kind, l.attribute, l.expected, l.match,
            l.last_passed, g.creator AS owner
     FROM page_locators l JOIN games g ON g.id = l.game
     WHERE l.enabled AND g.kind = 'h5' AND ($1::int IS NULL OR l.game = $1) AND ($2::int IS NULL OR l.id = $2)
     ORDER BY l.game, l.id`,
    [args.game, args.locator],
  );
}

/** Before queuing a run by hand: refuses arguments naming nothing to check, or pages that may not be loaded. */
export async function pagesCheckRefusal(db: Db, args: PagesCheckArgs, allowHosts: ReadonlySet<string>): Promise<string | null> {
  if (args.game !== null) {
    const [game] = await db.query<{ kind: string }>('SELECT kind FROM games WHERE id = $1', [args.game]);
    if (!game) return `游戏 ${args.game} 不存在。`;
    if (game.kind !== 'h5') return `游戏 ${args.game} 不是 H5 游戏，没有页面可检查。`;
  }
  const locators = await locatorsToCheck(db, args);
  if (args.locator !== null && locators.length === 0) return `页面元素 ${args.locator} 不存在、已停用或不属于所选游戏。`;
  for (const page of new Set(locators.map((l) => l.page))) {
    const refusal = urlRefusal(page, allowHosts);
    if (refusal) return refusal;
  }
  return null;
}

interface PageOutcome {
  page: FetchedPage | null;
  error: string | null;
  root: HTMLElement | null;
}

/** Runs the checks; returns counts for the run's result. */
export async function runPageChecks(ctx: AppContext, args: PagesCheckArgs, runId: string | null, signal: AbortSignal, requestedBy: number | null) {
  const locators = await locatorsToCheck(ctx.db, args);
  const policy = fetchPolicyOf(ctx);
  const pages = new Map<string, PageOutcome>();
  for (const url of new Set(locators.map((l) => l.page))) {
    try {
      const page = await fetchPage(url, policy, signal);
      const error = page.status >= 200 && page.status < 300 ? null : `页面返回 HTTP ${page.status}`;
      pages.set(url, { page, error, root: error ? null : parse(page.body) });
    } catch (err) {
      if (!(err instanceof PageFetchError)) throw err;
      pages.set(url, { page: null, error: err.message, root: null });
    }
  }
  const results = locators.map((l) => {
    const outcome = pages.get(l.page) as PageOutcome;
    const e: Evaluation = outcome.root ? evaluate(outcome.root, l) : { passed: false, actual: null, message: outcome.error };
    return { l, e, status: outcome.page?.status ?? null, ms: outcome.page?.ms ?? 0, url: outcome.page?.url ?? l.page };
  });
  await ctx.db.transaction(async (tx) => {
    if (results.length === 0) return;
    await tx.query(
      `INSERT INTO page_check_results (run, game, locator, url, http_status, passed, actual, message, duration_ms)
       SELECT $1::uuid, * FROM unnest($2::int[], $3::int[], $4::text[], $5::int[], $6::bool[], $7::text[], $8::text[], $9::int[])`,
      [
        runId,
        results.map((r) => r.l.game),
        results.map((r) => r.l.id),
        results.map((r) => r.url.slice(0, 500)),
        results.map((r) => r.status),
        results.map((r) => r.e.passed),
        results.map((r) => r.e.actual),
        results.map((r) => (r.e.message === null ? null : clip(r.e.message))),
        results.map((r) => r.ms),
      ],
    );
    await tx.query(
      `UPDATE page_locators l SET last_checked = now(), last_passed = r.passed, last_actual = r.actual, last_message = r.message
       FROM unnest($1::int[], $2::bool[], $3::text[], $4::text[]) AS r(id, passed, actual, message) WHERE l.id = r.id`,
      [results.map((r) => r.l.id), results.map((r) => r.e.passed), results.map((r) => r.e.actual), results.map((r) => (r.e.message === null ? null : clip(r.e.message)))],
    );
  });

  // Notifications: per game whose locators newly fail.
  const notified: number[] = [];
  const byGame = new Map<number, typeof results>();
  for (const r of results) byGame.set(r.l.game, [...(byGame.get(r.l.game) ?? []), r]);
  for (const [game, rows] of byGame) {
    const failing = rows.filter((r) => !r.e.passed);
    if (!failing.some((r) => r.l.last_passed !== false)) continue;
    const first = rows[0] as (typeof rows)[number];
    await notifyOwners(ctx, first.l.owner, requestedBy, {
      title: `H5 页面检查失败：${first.l.game_name}`,
      // The message center's content is HTML: every ingested text escaped.
      content: `<p>${esc(`游戏「${first.l.game_name}」的 ${failing.length} 个页面元素检查未通过（共 ${rows.length} 个）：`)}</p><ul>${failing
        .map((r) => `<li><code>${esc(r.l.selector)}</code>（${esc(r.url)}）：${esc(r.e.message ?? '未通过')}</li>`)
        .join('')}</ul>`,
    });
    notified.push(game);
  }
  return {
    games: byGame.size,
    pages: pages.size,
    locators: results.length,
    passed: results.filter((r) => r.e.passed).length,
    failed: results.filter((r) => !r.e.passed).length,
    notified_games: notified,
  };
}

async function notifyOwners(ctx: AppContext, owner: number | null, requestedBy: number | null, text: { title: string; content: string }): Promise<void> {
  const active = owner === null ? [] : await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 AND is_active', [owner]);
  const recipients = active.length > 0 ? active.map((r) => r.id) : (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE is_superuser AND is_active ORDER BY id')).map((r) => r.id);
  if (recipients.length === 0) return;
  const senderId = requestedBy ?? recipients[0] ?? 0;
  const sender = await ctx.users.account(senderId);
  if (!sender) return;
  await new MessageCenter(ctx.db).create(sender, { title: text.title, content: text.content, target_type: MESSAGE_TARGET.user, target_user: recipients });
  await ctx.hub.publish(recipients, NEW_MESSAGE_FRAME);
}

/** The pages.check task kind: composed into the server's task catalogue by server/app.ts. */
export const pagesCheckTask = defineTask<AppContext, typeof pagesCheckArgs>({
  kind: 'pages.check',
  name: 'H5 页面检查',
  description: '在服务器上加载 H5 游戏的页面，按页面元素（CSS 选择器与期望的文本或属性）逐个检查并记录结果；新出现的失败通知游戏负责人。',
  args: pagesCheckArgs,
  form: [
    { name: 'game', label: '游戏 ID（留空为全部 H5 游戏）', type: 'integer', required: false, default: null, min: 1 },
    { name: 'locator', label: '页面元素 ID（留空为全部）', type: 'integer', required: false, default: null, min: 1 },
  ],
  retryLimit: 1,
  timeoutSeconds: 300,
  async run(a, { ctx, signal, requestedBy, runId }) {
    return runPageChecks(ctx, a, runId, signal, requestedBy);
  },
  refusal: (a, ctx) => pagesCheckRefusal(ctx.db, a, new Set(ctx.config.pageCheckAllowHosts)),
});
