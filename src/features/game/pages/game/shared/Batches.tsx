import '../../../../../components/catalogue/catalogue.css';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { MAX_BATCH_CODES } from '../../../../../../contracts/schemas/game/values';
import type { ResourceRow } from '../../../../../stores/types';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import { saveFile } from '../../../../../components/crud/download';
import type { ActionContext, ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { GAME_API } from '../../../../../stores/games';
import { BatchCodesDialog } from './BatchCodes';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { batchStateOptions, CATALOGUE_PERMISSIONS, generatorOptions, datetimeDefault } from '../../../../../components/catalogue/options';

const PREFIX = /^[A-Za-z0-9]*$/;

/**
 * Gift-code batches (game/code) through the CRUD page: every game's, or one game's (`game`), or one
 * batch (`batch`, opened from the lookup, its codes shown at once). A batch of up to 100,000 codes is
 * made with one of the spec's generators; 兑换码 lists its codes, 导出兑换码 downloads them as xlsx,
 * 作废 voids the unredeemed ones.
 */
export const Batches = observer(function Batches({ game, batch, testId = 'batches' }: { game?: number; batch?: number; testId?: string }) {
  const t = useGameTexts();
  const root = useStore();
  const [codesOf, setCodesOf] = useState<{ id: number; name: string } | null>(batch ? { id: batch, name: `#${batch}` } : null);

  const description = useMemo<ResourceDescription>(() => {
    const states = batchStateOptions(t);
    const label = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`);
    const voidBatch = async (row: ResourceRow, ctx: ActionContext) => {
      if (!(await ctx.confirm(t('game.code.voidConfirm', { name: label(row) })))) return;
      try {
        await root.games.voidBatch(Number(row.id));
        root.notify({ severity: 'success', text: t('game.code.voidDone') });
      } catch {
        // The server's reason is shown by the adapter.
      }
      await ctx.store.load();
    };
    const baseFilters = [...(game ? [{ op: 'equals' as const, field: 'game', value: game }] : []), ...(batch ? [{ op: 'equals' as const, field: 'id', value: batch }] : [])];
    return {
      resource: GAME_API.batches,
      testId,
      permissions: CATALOGUE_PERMISSIONS,
      ordering: { field: 'create_datetime', direction: 'desc' },
      ...(baseFilters.length > 0 ? { baseFilters } : {}),
      ...(game ? { toBody: (values: Record<string, unknown>, mode: 'create' | 'edit') => (mode === 'create' ? { ...values, game } : values) } : {}),
      dialogWidth: '860px',
      fields: [
        ...(game
          ? []
          : [
              {
                key: 'game',
                label: t('game.code.game'),
                type: 'remote' as const,
                remote: { url: GAME_API.allGames, labelKey: 'name' },
                search: true as const,
                column: { width: 130, cell: (row: ResourceRow) => <span>{String(row.game_name ?? '')}</span> },
                form: { createOnly: true, rules: { required: true } },
              },
            ]),
        { key: 'name', label: t('game.code.name'), search: true, column: { width: 130 }, form: { rules: { maxLength: 64 } } },
        {
          key: 'count',
          label: t('game.code.count'),
          type: 'number',
          column: {
            width: 130,
            cell: (row) => (
              <span className="game-redeemed" data-testid="batch-redeemed">
                {t('game.code.redeemedCount')} {String(row.redeemed)} / {String(row.count)}
              </span>
            ),
          },
          form: { createOnly: true, default: 100, rules: { required: true, min: 1, max: MAX_BATCH_CODES } },
        },
        { key: 'prefix', label: t('game.code.prefix'), search: true, column: { width: 80 }, form: { createOnly: true, rules: { maxLength: 8, pattern: { regex: PREFIX, message: t('game.rule.prefix') } } } },
        { key: 'generator', label: t('game.code.generator'), options: generatorOptions(t), column: { width: 170 }, form: { createOnly: true, default: 'short', rules: { required: true } } },
        { key: 'stem', label: t('game.code.stem'), column: { width: 200, cell: (row) => <code className="game-code">{String(row.stem ?? '')}</code> }, form: false },
        { key: 'start_time', label: t('game.code.startTime'), type: 'datetime', column: { width: 160, sortable: true }, form: { createOnly: true, default: () => datetimeDefault(), rules: { required: true } } },
        { key: 'end_time', label: t('game.code.endTime'), type: 'datetime', column: { width: 160, sortable: true }, form: { default: () => datetimeDefault(30 * 86_400_000), rules: { required: true } } },
        { key: 'reward', label: t('game.code.reward'), search: true, column: { width: 180 }, form: { span: 24, rules: { required: true, maxLength: 200 } } },
        { key: 'state', label: t('game.code.state'), options: states, column: { width: 90 }, form: false },
      ],
      rowActions: [
        { key: 'codes', label: t('game.code.codes'), icon: 'pi pi-ticket', permission: 'Retrieve', run: (row) => setCodesOf({ id: Number(row.id), name: label(row) }) },
        {
          key: 'exportCodes',
          label: t('game.code.exportCodes'),
          icon: 'pi pi-download',
          permission: 'Export',
          run: async (row) => {
            try {
              saveFile(await root.games.exportCodes(Number(row.id)));
              root.notify({ severity: 'success', text: t('game.code.exported') });
            } catch {
              // shown by the adapter
            }
          },
        },
        { key: 'void', label: t('game.code.voidBatch'), icon: 'pi pi-ban', permission: 'Void', severity: 'danger', visible: (row) => row.status === 'active', run: voidBatch },
      ],
    };
  }, [t, root, game, batch, testId]);

  return (
    <>
      <CrudPage description={description} />
      {codesOf && <BatchCodesDialog key={codesOf.id} batch={codesOf.id} name={codesOf.name} onHide={() => setCodesOf(null)} />}
    </>
  );
});
