import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useRawSearch } from '../../../../../components/useRawSearch';
import { Button } from 'primereact/button';
import { useStore } from '../../../../../components/store-context';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { Releases } from '../shared/Releases';
import { useTabTitle } from '../shared/useTabTitle';
import '../../../../../components/catalogue/catalogue.css';

/** 版本历史 (game/history): every release, or one game's when opened with ?game=<id> (from the lookup or a game). */
export default observer(function ReleaseHistoryPage() {
  const t = useGameTexts();
  const root = useStore();
  const params = new URLSearchParams(useRawSearch());
  const game = /^\d+$/.test(params.get('game') ?? '') ? Number(params.get('game')) : undefined;
  useEffect(() => {
    if (game) void root.games.loadChoices(['games']);
  }, [root, game]);
  const found = game ? root.games.games.find((g) => g.id === game)?.name : undefined;
  const name = found ?? (game ? `#${game}` : '');
  useTabTitle(found ? t('game.release.tabTitle', { name: found }) : null);
  return (
    <div className="game-page">
      {game && (
        <div className="game-filter-bar" data-testid="history-filter">
          <i className="pi pi-filter" /> {t('game.release.filtered', { name })}
          <Button size="small" text label={t('game.action.viewAll')} onClick={() => root.navigate('/game/history')} />
        </div>
      )}
      <Releases key={game ?? 'all'} game={game} testId="history" />
    </div>
  );
});
