import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { LookupHit } from '../../../../../../contracts/schemas';
import { DictTag } from '../../../../../components/cells/DictTag';
import { useStore } from '../../../../../components/store-context';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { batchStateOptions, codeStatusOptions, kindOptions, releaseStatusOptions, statusOptions } from '../../../../../components/catalogue/options';
import '../../../../../components/catalogue/catalogue.css';

type T = ReturnType<typeof useGameTexts>;

const ICONS: Record<LookupHit['type'], string> = { game: 'pi-th-large', h5: 'pi-mobile', release: 'pi-box', gift_code: 'pi-ticket', batch: 'pi-tags' };

/** The status tag of a hit, in the words of its own screen. */
function HitStatus({ hit, t }: { hit: LookupHit; t: T }) {
  if (hit.type === 'release' && hit.status === 'current') {
    return (
      <span className="p-tag p-component cell-tag p-tag-success">
        <span className="p-tag-value">{t('game.query.current')}</span>
      </span>
    );
  }
  const options = hit.type === 'release' ? releaseStatusOptions(t) : hit.type === 'gift_code' ? codeStatusOptions(t) : hit.type === 'batch' ? batchStateOptions(t) : statusOptions(t);
  return <DictTag value={hit.status} options={options} />;
}

/** What else a hit says: a release's build, a code's player and reward, a batch's progress. */
function hitFacts(hit: LookupHit, t: T): string[] {
  const e = hit.extra;
  if (hit.type === 'release') return [t('game.query.build', { build: e.build })];
  if (hit.type === 'gift_code') {
    const out = [t('game.query.reward', { reward: e.reward })];
    if (e.player) out.unshift(t('game.query.redeemedBy', { player: e.player, time: e.redeem_time }));
    return out;
  }
  if (hit.type === 'batch') return [t('game.query.redeemedOf', { redeemed: e.redeemed, count: e.count })];
  return [e.package_id, e.code, e.app_id].filter((x): x is string => typeof x === 'string' && x !== '');
}

/**
 * 游戏查询 (game/query): one search box over every identifier of the catalogue — game name, package
 * id, H5 code, mini app id, release version or SHA-256, gift code — each hit linking to the screen
 * that shows it (a game's detail tab, its releases, a code's batch).
 */
export default observer(function GameQueryPage() {
  const t = useGameTexts();
  const root = useStore();
  const [store] = useState(() => root.games.lookup());
  const result = store.result;
  return (
    <div className="game-page game-query" data-testid="game-query">
      <form
        className="game-query-box"
        onSubmit={(event) => {
          event.preventDefault();
          void store.run();
        }}
      >
        <InputText
          className="game-query-input"
          value={store.text}
          onChange={(event) => store.setText(event.target.value)}
          placeholder={t('game.query.placeholder')}
          aria-label={t('game.query.search')}
          data-testid="query-input"
          autoFocus
        />
        <Button type="submit" icon="pi pi-search" label={t('game.query.search')} loading={store.state === 'loading'} data-testid="query-submit" />
      </form>
      <p className="game-muted">{t('game.query.hint')}</p>
      {store.state === 'failed' && (
        <p className="crud-error" role="alert">
          {store.error}
        </p>
      )}
      {result && result.total === 0 && (
        <div className="crud-empty" data-testid="query-empty">
          <i className="pi pi-inbox" /> {t('game.query.noResult', { text: result.search })}
        </div>
      )}
      {result && result.total > 0 && (
        <>
          <p className="game-muted" data-testid="query-count">
            {t('game.query.count', { count: result.total })}
          </p>
          <ul className="game-hits" data-testid="query-results">
            {result.data.map((hit) => (
              <li key={`${hit.type}-${String(hit.id)}`} className="game-hit" data-testid={`hit-${hit.type}`}>
                <i className={`pi ${ICONS[hit.type]} game-hit-icon`} />
                <div className="game-hit-main">
                  <div className="game-hit-title">
                    <span className="game-hit-type">{t(`game.query.type.${hit.type}`)}</span>
                    <strong>{hit.title}</strong>
                    <HitStatus hit={hit} t={t} />
                  </div>
                  <div className="game-hit-sub">
                    <DictTag value={hit.kind} options={kindOptions(t)} /> {hit.game_name}
                    <span className="game-muted"> · {t('game.query.matched', { field: t(`game.query.field.${hit.matched}`) })}</span>
                    {hitFacts(hit, t).map((fact) => (
                      <span key={fact} className="game-muted">
                        {' '}
                        · {fact}
                      </span>
                    ))}
                  </div>
                </div>
                <Button
                  size="small"
                  outlined
                  icon="pi pi-external-link"
                  label={t('game.query.open')}
                  onClick={() => root.navigate(`${hit.link.path}?${new URLSearchParams(hit.link.query).toString()}`)}
                  data-testid="hit-open"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});
