import '../../../../../components/catalogue/catalogue.css';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { CODE_CHARACTERS as CODE, PACKAGE_ID, type GameKind } from '../../../../../../contracts/schemas/game/values';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { FieldDef, ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { GAME_API } from '../../../../../stores/games';
import { GameUpload } from './GameUpload';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { categoryOptions, CATALOGUE_PERMISSIONS, mediaSrc, platformOptions, statusOptions, TagChips } from '../../../../../components/catalogue/options';

type T = ReturnType<typeof useGameTexts>;

const HTTP_URL = /^https?:\/\/[^\s/?#]+/i;

/** The fields each kind adds to the common ones (the server's own rules, repeated so the form answers first). */
function kindFields(kind: GameKind, t: T): FieldDef[] {
  switch (kind) {
    case 'android':
      return [
        {
          key: 'package_id',
          label: t('game.field.packageId'),
          search: true,
          column: { width: 220, filter: true },
          form: { rules: { required: true, maxLength: 150, pattern: { regex: PACKAGE_ID, message: t('game.rule.packageId') } }, placeholder: 'com.example.game' },
        },
        { key: 'min_sdk', label: t('game.field.minSdk'), type: 'number', column: { width: 110, sortable: true }, form: { default: 21, rules: { required: true, min: 1, max: 99 } } },
      ];
    case 'h5':
      return [
        { key: 'code', label: t('game.field.code'), search: true, column: { width: 150, filter: true }, form: { rules: { required: true, minLength: 2, maxLength: 32, pattern: { regex: CODE, message: t('game.rule.code') } } } },
        {
          key: 'url',
          label: t('game.field.url'),
          column: { width: 280 },
          form: { span: 24, rules: { required: true, maxLength: 500, pattern: { regex: HTTP_URL, message: t('game.rule.url') } }, placeholder: 'https://' },
        },
      ];
    case 'mini':
      return [
        { key: 'platform', label: t('game.field.platform'), options: platformOptions(t), search: true, column: { width: 100, filter: true }, form: { default: 'wechat', rules: { required: true } } },
        { key: 'app_id', label: t('game.field.appId'), search: true, column: { width: 200 }, form: { rules: { required: true, minLength: 2, maxLength: 64, pattern: { regex: CODE, message: t('game.rule.code') } } } },
      ];
    case 'soft':
      return [{ key: 'category', label: t('game.field.category'), options: categoryOptions(t), search: true, column: { width: 100, filter: true }, form: { default: 'tool', rules: { required: true } } }];
  }
}

/** The form and columns of a game of one kind: the common fields around the kind's own. */
export function gameFields(kind: GameKind, t: T, tags: Array<{ id: number; name: string }>): FieldDef[] {
  return [
    {
      key: 'icon',
      label: t('game.field.icon'),
      column: { width: 70, cell: (row) => (typeof row.icon === 'string' && row.icon ? <img src={mediaSrc(row.icon)} alt="" className="game-icon" /> : <span className="game-icon game-icon-empty"><i className="pi pi-image" /></span>) },
      form: { span: 24 },
      input: (p) => <GameUpload purpose="icon" value={p.value} onChange={p.onChange} disabled={p.disabled} testId={p.testId} id={p.id} />,
    },
    { key: 'name', label: t('game.field.name'), search: true, column: { width: 160, sortable: true }, form: { rules: { required: true, maxLength: 64 } } },
    ...kindFields(kind, t),
    { key: 'status', label: t('game.field.status'), options: statusOptions(t), search: true, column: { width: 100, filter: true }, form: { default: 'developing', rules: { required: true } } },
    {
      key: 'partner',
      label: t('game.field.partner'),
      type: 'remote',
      remote: { url: GAME_API.partners, labelKey: 'name' },
      search: true,
      column: { width: 120, cell: (row) => <span>{typeof row.partner_name === 'string' ? row.partner_name : '-'}</span> },
      form: {},
    },
    {
      key: 'tags',
      label: t('game.field.tags'),
      type: 'multiselect',
      options: tags.map((tag) => ({ value: tag.id, label: tag.name })),
      search: { param: 'tag' },
      column: { width: 180, cell: (row) => <TagChips tags={row.tag_info} /> },
      form: { default: [] },
    },
    {
      key: 'current_version',
      label: t('game.field.currentVersion'),
      column: { width: 120, cell: (row) => (typeof row.current_version === 'string' ? <span>{`${row.current_version} (${String(row.current_build)})`}</span> : <span className="cell-empty">-</span>) },
      form: false,
    },
    { key: 'release_count', label: t('game.field.releaseCount'), column: { width: 90, sortable: true }, form: false },
  ];
}

/**
 * One game screen (game/android, game/h5, game/mini, game/soft) through the CRUD page: search by name
 * and identifiers, status, partner and tags; create, edit, delete and export as the menu buttons
 * allow; 详情 opens the game's detail tab, 预览 an H5 game's preview.
 */
export const GameList = observer(function GameList({ kind }: { kind: GameKind }) {
  const t = useGameTexts();
  const root = useStore();
  useEffect(() => {
    void root.games.loadChoices(['tags']);
  }, [root]);
  const tags = root.games.tags;
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: GAME_API.games(kind),
      testId: `game-${kind}`,
      permissions: CATALOGUE_PERMISSIONS,
      ordering: { field: 'create_datetime', direction: 'desc' },
      dialogWidth: '880px',
      fields: gameFields(kind, t, tags),
      rowActions: [
        { key: 'detail', label: t('game.action.detail'), icon: 'pi pi-id-card', permission: 'Retrieve', run: (row) => root.navigate(`/game/detail?id=${String(row.id)}`) },
        ...(kind === 'h5'
          ? [
              {
                key: 'preview',
                label: t('game.action.preview'),
                icon: 'pi pi-mobile',
                permission: 'Retrieve',
                visible: (row: Record<string, unknown>) => typeof row.code === 'string' && row.code !== '',
                run: (row: Record<string, unknown>) => {
                  window.open(`/preview?code=${encodeURIComponent(String(row.code))}`, '_blank', 'noopener');
                },
              },
            ]
          : []),
      ],
    }),
    [kind, t, tags, root],
  );
  return <CrudPage description={description} />;
});
