import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { GAME_API } from '../../../../../stores/games';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { CATALOGUE_PERMISSIONS, ColorChip, TagChips } from '../../../../../components/catalogue/options';
import '../../../../../components/catalogue/catalogue.css';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** 标签管理 (common/tag): tags with a colour, attached to games (and later players and campaigns). */
export default function TagsPage() {
  const t = useGameTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: GAME_API.tags,
      testId: 'tag',
      permissions: CATALOGUE_PERMISSIONS,
      ordering: { field: 'sort', direction: 'asc' },
      fields: [
        { key: 'name', label: t('game.tag.name'), search: true, column: { width: 160 }, form: { rules: { required: true, maxLength: 32 } } },
        {
          key: 'color',
          label: t('game.tag.color'),
          column: { width: 140, cell: (row) => <ColorChip color={row.color} /> },
          form: { default: '#409eff', rules: { required: true, pattern: { regex: HEX, message: t('game.rule.color') } } },
          input: (p) => {
            const hex = typeof p.value === 'string' ? p.value : '';
            return (
              <span className="game-color-input" data-testid={p.testId}>
                <ColorPicker value={HEX.test(hex) ? hex.slice(1) : '409eff'} onChange={(e) => p.onChange(`#${String(e.value)}`)} disabled={p.disabled} />
                <InputText id={p.id} className={`p-inputtext-sm${p.invalid ? ' p-invalid' : ''}`} value={hex} onChange={(e) => p.onChange(e.target.value)} disabled={p.disabled} data-testid={`${p.testId}-hex`} />
              </span>
            );
          },
        },
        { key: 'preview', label: t('game.tag.preview'), column: { width: 120, cell: (row) => <TagChips tags={[{ id: row.id, name: row.name, color: row.color }]} /> }, form: false },
        { key: 'sort', label: t('game.tag.sort'), type: 'number', column: { width: 110, sortable: true }, form: { default: 1, rules: { min: 0, max: 9999 } } },
        { key: 'game_count', label: t('game.tag.gameCount'), column: { width: 120, sortable: true }, form: false },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
