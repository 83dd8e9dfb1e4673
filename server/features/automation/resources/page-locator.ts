import { LOCATOR_LABELS, locatorInput, locatorUpdate } from '../../../../contracts/schemas/automation/page-checks';
import { selectorRefusal } from '../jobs/page-check';
import { urlRefusal } from '../jobs/page-fetch';
import { formatDatetime } from '../../../domain/time';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, currentRow, datetimeCol, listFields, readOnlyCol, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const COLUMNS = ['game', 'name', 'url', 'selector', 'check_kind', 'attribute', 'expected', 'match', 'enabled', 'last_passed', 'last_actual', 'last_message'];

/**
 * automation/webElement: element locators per H5 game (CSS selector; the element must exist, or its
 * text or an attribute must contain or equal the expected value), evaluated by the task `pages.check`
 * (server/jobs/page-check.ts). Writes refuse a game that is not H5, a selector the parser cannot read,
 * and a page address that is not http(s) or names a loopback, private or reserved address.
 */
export function pageLocatorSpec(allowHosts: ReadonlySet<string>): ResourceSpec {
  return {
    path: 'webElement',
    base: '/api/automation/webElement/',
    title: '页面元素',
    table: 'page_locators',
    from: 'page_locators t JOIN games g ON g.id = t.game',
    select: selectOf(COLUMNS, ['t.last_checked', 'g.name AS game_name', 'g.url AS game_url']),
    view: (r) => ({
      ...viewOf(COLUMNS)(r),
      game_name: String(r.game_name ?? ''),
      game_url: (r.game_url as string | null) ?? null,
      last_checked: r.last_checked instanceof Date || typeof r.last_checked === 'string' ? formatDatetime(new Date(r.last_checked)) : null,
    }),
    fields: listFields({ game: 'int', name: 'icontains', check_kind: 'exact', enabled: 'bool', last_passed: { filter: 'bool', nullable: true }, last_checked: 'sort' }),
    defaultOrder: '-create_datetime',
    search: ['t.name', 't.selector', 'g.name', 't.description'],
    createSchema: locatorInput,
    updateSchema: locatorUpdate,
    labels: LOCATOR_LABELS,
    columns: writeColumns(['game', 'name', 'url', 'selector', 'check_kind', 'attribute', 'expected', 'match', 'enabled'], {
      attribute: { toDb: (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null) },
      expected: { toDb: (v) => (typeof v === 'string' && v !== '' ? v : null) },
    }),
    beforeWrite: async ({ tx }, input, _values, id) => {
      const current = await currentRow<{ game: number; url: string | null; selector: string; check_kind: string; attribute: string | null; expected: string | null }>(
        tx,
        'page_locators',
        id,
        'game, url, selector, check_kind, attribute, expected',
      );
      const pick = <K extends keyof NonNullable<typeof current>>(key: K, fallback: NonNullable<typeof current>[K]) =>
        (key in input ? input[key] : (current?.[key] ?? fallback)) as NonNullable<typeof current>[K];
      const game = pick('game', 0);
      const [g] = await tx.query<{ kind: string }>('SELECT kind FROM games WHERE id = $1', [game]);
      if (!g) throw new CrudError(`游戏:游戏 ${game} 不存在。`);
      if (g.kind !== 'h5') throw new CrudError(`游戏:游戏 ${game} 不是 H5 游戏，页面元素只能属于 H5 游戏。`);
      const url = pick('url', null);
      if (url) {
        const refusal = urlRefusal(url, allowHosts);
        if (refusal) throw new CrudError(`页面地址:${refusal}`);
      }
      const selectorProblem = selectorRefusal(pick('selector', ''));
      if (selectorProblem) throw new CrudError(`CSS 选择器:${selectorProblem}`);
      const kind = pick('check_kind', 'exists');
      const attribute = pick('attribute', null);
      const expected = pick('expected', null);
      if (kind === 'attribute' && (typeof attribute !== 'string' || attribute.trim() === '')) throw new CrudError('属性:检查方式为「属性」时必须填写属性名。');
      if (kind !== 'exists' && (typeof expected !== 'string' || expected === '')) throw new CrudError('期望值:检查方式为「文本」或「属性」时必须填写期望值。');
    },
    sheet: [
      text('name', '名称', 16),
      readOnlyCol('game_name', '游戏', 16),
      text('selector', 'CSS 选择器', 30),
      text('check_kind', '检查方式'),
      text('expected', '期望值', 20),
      bool('enabled', '启用'),
      readOnlyCol('last_passed', '最近结果'),
      datetimeCol('last_checked', '最近检查'),
    ],
  };
}
