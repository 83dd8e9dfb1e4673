import '../../../../../components/catalogue/catalogue.css';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { SEMVER } from '../../../../../../contracts/schemas/game/values';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ActionContext, ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import type { ResourceRow } from '../../../../../stores/types';
import { GAME_API } from '../../../../../stores/games';
import { formatBytes } from '../../../../../stores/format';
import { GameUpload } from './GameUpload';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { CATALOGUE_PERMISSIONS, channelOptions, datetimeDefault, mediaSrc, releaseStatusOptions } from '../../../../../components/catalogue/options';
import { DictTag } from '../../../../../components/cells/DictTag';

/**
 * Releases (game/history) through the CRUD page: every game's, or one game's when `game` is given
 * (the history screen opened with ?game=, or the detail page's tab). A new release uploads its
 * package (size and SHA-256 from the server) and starts as a draft; 发布 makes it the current version,
 * 回滚到此版本 brings an earlier published one back.
 */
export const Releases = observer(function Releases({ game, testId = 'releases' }: { game?: number; testId?: string }) {
  const t = useGameTexts();
  const root = useStore();
  useEffect(() => {
    void root.games.uploadLimits().catch(() => undefined);
  }, [root]);

  const description = useMemo<ResourceDescription>(() => {
    const statusOptions = releaseStatusOptions(t);
    const act = async (row: ResourceRow, ctx: ActionContext, kind: 'publish' | 'rollback') => {
      const vars = { version: String(row.version), game: String(row.game_name) };
      if (!(await ctx.confirm(t(kind === 'publish' ? 'game.release.publishConfirm' : 'game.release.rollbackConfirm', vars)))) return;
      try {
        if (kind === 'publish') await root.games.publish(Number(row.id));
        else await root.games.rollback(Number(row.id));
        root.notify({ severity: 'success', text: t(kind === 'publish' ? 'game.release.publishDone' : 'game.release.rollbackDone') });
      } catch {
        // The server's reason is shown by the adapter.
      }
      await ctx.store.load();
    };
    return {
      resource: GAME_API.releases,
      testId,
      permissions: CATALOGUE_PERMISSIONS,
      ordering: { field: 'release_time', direction: 'desc' },
      // One game's releases: listed by it, and a new one is of it.
      ...(game ? { baseFilters: [{ op: 'equals' as const, field: 'game', value: game }], toBody: (values: Record<string, unknown>, mode: 'create' | 'edit') => (mode === 'create' ? { ...values, game } : values) } : {}),
      dialogWidth: '880px',
      fields: [
        ...(game
          ? []
          : [
              {
                key: 'game',
                label: t('game.release.game'),
                type: 'remote' as const,
                remote: { url: GAME_API.allGames, labelKey: 'name' },
                search: true as const,
                column: { width: 140, cell: (row: ResourceRow) => <span>{String(row.game_name ?? '')}</span> },
                form: { createOnly: true, rules: { required: true } },
              },
            ]),
        {
          key: 'version',
          label: t('game.release.version'),
          search: true,
          column: { width: 150 },
          form: { createOnly: true, rules: { required: true, maxLength: 64, pattern: { regex: SEMVER, message: t('game.rule.semver') } }, placeholder: '1.0.0' },
        },
        { key: 'build', label: t('game.release.build'), type: 'number', column: { width: 110, sortable: true }, form: { createOnly: true, rules: { required: true, min: 1, max: 2_000_000_000 } } },
        {
          key: 'status',
          label: t('game.release.status'),
          options: statusOptions,
          search: true,
          column: {
            width: 180,
            cell: (row) => (
              <span className="cell-array">
                <DictTag value={row.status} options={statusOptions} />
                {row.is_current === true && (
                  <span className="p-tag p-component cell-tag p-tag-success game-current" data-testid="release-current">
                    <span className="p-tag-value">{t('game.release.current')}</span>
                  </span>
                )}
              </span>
            ),
          },
          form: false,
        },
        { key: 'channels', label: t('game.release.channels'), type: 'multiselect', options: channelOptions(t), search: { param: 'channel' }, column: { width: 200 }, form: { span: 24, default: [] } },
        {
          key: 'file',
          label: t('game.release.file'),
          column: {
            width: 200,
            cell: (row) =>
              typeof row.file_name === 'string' ? (
                typeof row.file_url === 'string' && row.file_url ? (
                  <a href={mediaSrc(row.file_url)} download={row.file_name} data-testid="release-download">
                    <i className="pi pi-download" /> {row.file_name}
                  </a>
                ) : (
                  <span>{row.file_name}</span>
                )
              ) : (
                <span className="cell-empty">-</span>
              ),
          },
          form: { span: 24, createOnly: true },
          input: (p) => <GameUpload purpose="package" value={p.value} onChange={p.onChange} disabled={p.disabled} testId={p.testId} id={p.id} />,
        },
        { key: 'size', label: t('game.release.size'), column: { width: 100, cell: (row) => <span>{typeof row.size === 'number' ? formatBytes(row.size) : '-'}</span> }, form: false },
        { key: 'sha256', label: t('game.release.sha256'), column: { width: 180, cell: (row) => <code className="game-hash" title={String(row.sha256 ?? '')}>{typeof row.sha256 === 'string' ? row.sha256 : '-'}</code> }, form: false },
        { key: 'changelog', label: t('game.release.changelog'), type: 'textarea', column: { width: 200 }, form: { span: 24, rules: { maxLength: 5000 } } },
        { key: 'release_time', label: t('game.release.releaseTime'), type: 'datetime', column: { width: 160, sortable: true }, form: { default: () => datetimeDefault() } },
        { key: 'publish_time', label: t('game.release.publishTime'), column: { width: 160, sortable: true }, form: false },
      ],
      rowActions: [
        {
          key: 'publish',
          label: t('game.release.publish'),
          icon: 'pi pi-send',
          permission: 'Publish',
          severity: 'success',
          visible: (row) => row.is_current !== true && row.status !== 'published',
          run: (row, ctx) => act(row, ctx, 'publish'),
        },
        {
          key: 'rollback',
          label: t('game.release.rollback'),
          icon: 'pi pi-replay',
          permission: 'Rollback',
          severity: 'warning',
          visible: (row) => row.is_current !== true && row.status === 'published',
          run: (row, ctx) => act(row, ctx, 'rollback'),
        },
      ],
    };
  }, [t, root, game, testId]);
  return <CrudPage description={description} />;
});
