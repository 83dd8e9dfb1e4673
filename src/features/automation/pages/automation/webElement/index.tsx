import { Tag } from 'primereact/tag';
import { useEffect, useMemo, useState } from 'react';
import { useAutomationTexts } from '../../../components/locale';
import { useAutomation } from '../../../components/useAutomation';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { Option, ResourceDescription } from '../../../../../components/crud/types';
import { PageLoading } from '../../../../../components/PageLoading';
import type { AutomationStore } from '../../../stores/automation';
import type { PageCheckHistoryStore } from '../../../stores/page-check-history';
import type { ResourceRow } from '../../../../../stores/types';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../../../../components/crud/presets';
import { HistoryDrawer } from './HistoryDrawer';
import '../../../../../components/analytics/analytics.css';
import '../../../components/automation.css';

type T = ReturnType<typeof useAutomationTexts>;

/** The last outcome of a locator: passed / failed / never checked. */
function LastResult({ row, t }: { row: ResourceRow; t: T }) {
  if (row.last_passed === true) return <Tag severity="success" value={t('automation.webElement.passed')} data-testid={`page-check-${String(row.id)}`} />;
  if (row.last_passed === false) return <Tag severity="danger" value={t('automation.webElement.failed')} data-testid={`page-check-${String(row.id)}`} />;
  return <Tag severity="secondary" value={t('automation.webElement.never')} data-testid={`page-check-${String(row.id)}`} />;
}

function expectationText(row: ResourceRow, t: T): string {
  const match = t(`automation.webElement.${row.match === 'equals' ? 'equals' : 'contains'}`);
  if (row.check_kind === 'text') return `${t('automation.webElement.kindText')} ${match} “${String(row.expected ?? '')}”`;
  if (row.check_kind === 'attribute') return `${String(row.attribute ?? '')} ${match} “${String(row.expected ?? '')}”`;
  return t('automation.webElement.kindExists');
}

function describe(t: T, automation: AutomationStore, games: Array<{ id: number; name: string }>, history: PageCheckHistoryStore): ResourceDescription {
  const kinds: Option[] = [
    { label: t('automation.webElement.kindExists'), value: 'exists', color: 'info' },
    { label: t('automation.webElement.kindText'), value: 'text', color: 'info' },
    { label: t('automation.webElement.kindAttribute'), value: 'attribute', color: 'info' },
  ];
  const matches: Option[] = [
    { label: t('automation.webElement.contains'), value: 'contains' },
    { label: t('automation.webElement.equals'), value: 'equals' },
  ];
  const results: Option[] = [
    { label: t('automation.webElement.passed'), value: true, color: 'success' },
    { label: t('automation.webElement.failed'), value: false, color: 'danger' },
  ];
  const needsExpected = (_v: unknown, values: Record<string, unknown>) =>
    values.check_kind !== 'exists' && (values.expected === undefined || values.expected === null || values.expected === '') ? t('automation.webElement.expected') : null;
  const needsAttribute = (_v: unknown, values: Record<string, unknown>) =>
    values.check_kind === 'attribute' && (values.attribute === undefined || values.attribute === null || values.attribute === '') ? t('automation.webElement.attribute') : null;
  const check = async (args: Record<string, unknown>, root: { notify(n: { severity: 'success'; text: string; life: number }): void }) => {
    const id = await automation.runTask('pages.check', args);
    if (id) root.notify({ severity: 'success', text: t('automation.webElement.queued', { id: id.slice(0, 8) }), life: 4000 });
  };
  return {
    resource: '/api/automation/webElement/',
    testId: 'webElement',
    permissions: { ...FULL_PERMISSIONS, export: undefined },
    ordering: NEWEST_FIRST,
    dialogWidth: '760px',
    fields: [
      { key: 'name', label: t('automation.webElement.name'), search: true, column: { width: 150 }, form: { rules: { required: true, maxLength: 64 }, serverNames: ['名称'] } },
      {
        key: 'game',
        label: t('automation.webElement.game'),
        options: games.map((g) => ({ label: g.name, value: g.id })),
        search: true,
        column: { width: 150, cell: (row) => <span data-user-data>{String(row.game_name ?? row.game)}</span> },
        form: { rules: { required: true }, serverNames: ['游戏'] },
      },
      {
        key: 'selector',
        label: t('automation.webElement.selector'),
        column: { width: 200, cell: (row) => <code data-user-data>{String(row.selector ?? '')}</code> },
        form: { span: 24, rules: { required: true, maxLength: 500 }, serverNames: ['CSS 选择器'] },
      },
      { key: 'check_kind', label: t('automation.webElement.checkKind'), options: kinds, search: true, column: false, form: { default: 'exists', rules: { required: true }, serverNames: ['检查方式'] } },
      { key: 'attribute', label: t('automation.webElement.attribute'), column: false, form: { rules: { maxLength: 64, check: needsAttribute }, serverNames: ['属性'] } },
      { key: 'expected', label: t('automation.webElement.expected'), column: false, form: { rules: { maxLength: 500, check: needsExpected }, serverNames: ['期望值'] } },
      { key: 'match', label: t('automation.webElement.match'), options: matches, column: false, form: { default: 'contains', rules: { required: true } } },
      {
        key: 'expectation',
        label: t('automation.webElement.expectation'),
        column: { width: 190, cell: (row) => <span data-user-data>{expectationText(row, t)}</span> },
        form: false,
      },
      {
        key: 'url',
        label: t('automation.webElement.url'),
        column: { width: 200, cell: (row) => <span className="automation-url" data-user-data>{String(row.url ?? row.game_url ?? '')}</span> },
        form: { span: 24, placeholder: t('automation.webElement.urlPlaceholder'), rules: { maxLength: 500 }, serverNames: ['页面地址'] },
      },
      { key: 'enabled', label: t('automation.webElement.enabled'), type: 'switch', column: { width: 80 }, form: { default: true } },
      { key: 'last_passed', label: t('automation.webElement.last'), options: results, search: true, column: { width: 100, cell: (row) => <LastResult row={row} t={t} /> }, form: false },
      {
        key: 'last_actual',
        label: t('automation.webElement.actual'),
        column: { width: 220, cell: (row) => <span data-user-data>{String(row.last_message ?? row.last_actual ?? '')}</span> },
        form: false,
      },
      { key: 'last_checked', label: t('automation.webElement.lastChecked'), column: { width: 160 }, form: false },
    ],
    toBody: (values) => ({ ...values, url: values.url === '' ? null : values.url }),
    rowActions: [
      // the locator's past results (read with the Search button, like the list).
      {
        key: 'history',
        label: t('automation.webElement.history'),
        icon: 'pi pi-history',
        permission: 'Search',
        severity: 'info',
        run: (row) => void history.open({ id: Number(row.id), name: String(row.name ?? row.id) }),
      },
      {
        key: 'checkNow',
        label: t('automation.webElement.checkNow'),
        icon: 'pi pi-play',
        permission: 'Update',
        severity: 'success',
        visible: (row) => row.enabled === true,
        run: (row, ctx) => check({ locator: Number(row.id) }, ctx.root),
      },
    ],
    toolbarActions: [{ key: 'checkAll', label: t('automation.webElement.checkAll'), icon: 'pi pi-play', permission: 'Update', run: (ctx) => check({}, ctx.root) }],
  };
}

/** 页面元素 (automation/webElement): element locators per H5 game, checked on the server by the task pages.check. */
export default function AutomationWebElementPage() {
  const t = useAutomationTexts();
  const automation = useAutomation();
  const [games, setGames] = useState<Array<{ id: number; name: string }> | null>(null);
  useEffect(() => {
    if (!automation) return;
    let live = true;
    void automation.h5Games().then(
      (rows) => live && setGames(rows),
      () => live && setGames([]),
    );
    return () => {
      live = false;
    };
  }, [automation]);
  const history = useMemo(() => automation?.pageCheckHistory() ?? null, [automation]);
  const description = useMemo(() => (automation && games && history ? describe(t, automation, games, history) : null), [automation, games, history, t]);
  if (!description || !history) return <PageLoading />;
  return (
    <>
      <p className="automation-intro tracking-muted" data-testid="webElement-intro">
        {t('automation.webElement.intro')}
      </p>
      <CrudPage description={description} />
      <HistoryDrawer store={history} />
    </>
  );
}
