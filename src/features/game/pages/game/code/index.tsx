import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { useRawSearch } from '../../../../../components/useRawSearch';
import { useStore } from '../../../../../components/store-context';
import { Batches } from '../shared/Batches';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { useTabTitle } from '../shared/useTabTitle';
import '../../../../../components/catalogue/catalogue.css';

/** 兑换码 (game/code): gift-code batches; ?batch=<id> (from the lookup) shows that batch and its codes. */
export default observer(function GiftCodesPage() {
  const t = useGameTexts();
  const root = useStore();
  const params = new URLSearchParams(useRawSearch());
  const batch = /^\d+$/.test(params.get('batch') ?? '') ? Number(params.get('batch')) : undefined;
  useTabTitle(batch ? t('game.code.tabTitle', { id: batch }) : null);
  return (
    <div className="game-page">
      {batch && (
        <div className="game-filter-bar" data-testid="code-filter">
          <i className="pi pi-filter" /> {t('game.code.filtered', { id: batch })}
          <Button size="small" text label={t('game.action.viewAll')} onClick={() => root.navigate('/game/code')} />
        </div>
      )}
      <Batches key={batch ?? 'all'} batch={batch} testId="code" />
    </div>
  );
});
