import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRawSearch } from '../../../../../components/useRawSearch';
import type { GameDetail, GameKind } from '../../../../../../contracts/schemas';
import { DictTag } from '../../../../../components/cells/DictTag';
import { CrudForm } from '../../../../../components/crud/CrudForm';
import { commonColumns } from '../../../../../components/crud/commonColumns';
import { PagePathProvider, usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { formatBytes } from '../../../../../stores/format';
import { Batches } from '../shared/Batches';
import { gameFields } from '../shared/GameList';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { categoryOptions, channelOptions, kindOptions, mediaSrc, platformOptions, releaseStatusOptions, statusOptions, TagChips } from '../../../../../components/catalogue/options';
import { Releases } from '../shared/Releases';
import { useTabTitle } from '../shared/useTabTitle';
import '../../../../../components/catalogue/catalogue.css';

/** Money in minor units (fen) as yuan. */
const yuan = (minor: number, lang: string) => `¥${(minor / 100).toLocaleString(lang === 'en' ? 'en' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="game-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Profile = observer(function Profile({ game }: { game: GameDetail }) {
  const t = useGameTexts();
  const current = game.current;
  return (
    <div className="game-profile">
      <dl className="game-facts" data-testid="detail-profile">
        <Fact label={t('game.field.kind')}>{t(`game.kind.${game.kind}`)}</Fact>
        <Fact label={t('game.field.status')}>
          <DictTag value={game.status} options={statusOptions(t)} />
        </Fact>
        {game.kind === 'android' && (
          <>
            <Fact label={t('game.field.packageId')} testId="detail-package">
              <code>{game.package_id}</code>
            </Fact>
            <Fact label={t('game.field.minSdk')}>{String(game.min_sdk)}</Fact>
          </>
        )}
        {game.kind === 'h5' && (
          <>
            <Fact label={t('game.field.code')} testId="detail-code">
              <code>{game.code}</code>
            </Fact>
            <Fact label={t('game.field.url')}>
              <a href={game.url ?? '#'} target="_blank" rel="noreferrer noopener">
                {game.url}
              </a>
            </Fact>
          </>
        )}
        {game.kind === 'mini' && (
          <>
            <Fact label={t('game.field.platform')}>
              <DictTag value={game.platform} options={platformOptions(t)} />
            </Fact>
            <Fact label={t('game.field.appId')}>
              <code>{game.app_id}</code>
            </Fact>
          </>
        )}
        {game.kind === 'soft' && (
          <Fact label={t('game.field.category')}>
            <DictTag value={game.category} options={categoryOptions(t)} />
          </Fact>
        )}
        <Fact label={t('game.field.partner')}>{game.partner_name ?? '-'}</Fact>
        <Fact label={t('game.field.tags')}>
          <TagChips tags={game.tag_info} />
        </Fact>
        <Fact label={t('game.detail.releasesTotal')}>{t('game.detail.releaseCounts', { total: game.releases.total, drafts: game.releases.drafts })}</Fact>
        <Fact label={t('game.detail.batches')}>{game.codes.batches}</Fact>
      </dl>
      <section className="game-card" data-testid="detail-current">
        <h3>{t('game.detail.currentRelease')}</h3>
        {current ? (
          <dl className="game-facts">
            <Fact label={t('game.release.version')}>
              <strong data-testid="detail-current-version">{current.version}</strong> <span className="game-muted">{t('game.release.build')} {current.build}</span>
            </Fact>
            <Fact label={t('game.release.status')}>
              <DictTag value={current.status} options={releaseStatusOptions(t)} />
            </Fact>
            <Fact label={t('game.release.publishTime')}>{current.publish_time ?? '-'}</Fact>
            <Fact label={t('game.release.channels')}>
              <DictTag value={current.channels} options={channelOptions(t)} />
            </Fact>
            {current.file_name && (
              <Fact label={t('game.release.file')}>{current.size !== null ? t('game.detail.fileSize', { name: current.file_name, size: formatBytes(current.size) }) : current.file_name}</Fact>
            )}
            {current.sha256 && (
              <Fact label={t('game.release.sha256')}>
                <code className="game-hash-full">{current.sha256}</code>
              </Fact>
            )}
            {current.changelog && <Fact label={t('game.release.changelog')}>{current.changelog}</Fact>}
          </dl>
        ) : (
          <p className="game-muted">{t('game.detail.noRelease')}</p>
        )}
      </section>
      {game.description && <p className="game-description">{game.description}</p>}
    </div>
  );
});

const Channels = observer(function Channels({ game }: { game: GameDetail }) {
  const t = useGameTexts();
  if (game.channels.length === 0) return <p className="game-muted">{t('game.detail.noChannels')}</p>;
  return (
    <table className="game-simple-table" data-testid="detail-channels">
      <thead>
        <tr>
          <th>{t('game.detail.channel')}</th>
          <th>{t('game.detail.latest')}</th>
          <th>{t('game.release.build')}</th>
          <th>{t('game.release.releaseTime')}</th>
        </tr>
      </thead>
      <tbody>
        {game.channels.map((c) => (
          <tr key={c.channel}>
            <td>{t(`game.channel.${c.channel}`)}</td>
            <td>
              {c.version}
              {c.is_current && (
                <span className="p-tag p-component cell-tag p-tag-success game-current">
                  <span className="p-tag-value">{t('game.release.current')}</span>
                </span>
              )}
            </td>
            <td>{c.build}</td>
            <td>{c.release_time}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

const Summary = observer(function Summary({ game }: { game: GameDetail }) {
  const t = useGameTexts();
  const { i18n } = useTranslation();
  const s = game.summary;
  const cards: Array<[string, string, string]> = [
    [t('game.detail.revenueToday'), yuan(s.revenue_today, i18n.language), 'pi-wallet'],
    [t('game.detail.revenue30d'), yuan(s.revenue_30d, i18n.language), 'pi-chart-line'],
    [t('game.detail.players'), s.players.toLocaleString(), 'pi-users'],
    [t('game.detail.payingPlayers'), s.paying_players.toLocaleString(), 'pi-credit-card'],
  ];
  return (
    <div data-testid="detail-summary">
      <div className="game-stats">
        {cards.map(([label, value, icon]) => (
          <section key={label} className="game-stat">
            <i className={`pi ${icon}`} />
            <div>
              <div className="game-stat-label">{label}</div>
              <div className="game-stat-value">{value}</div>
            </div>
          </section>
        ))}
      </div>
      <p className="game-muted">{t('game.detail.summaryNote')}</p>
    </div>
  );
});

/**
 * 游戏详情 (game/detail, a hidden menu item): one game of any kind, opened from a game list as its own
 * tab titled with the game's name. Tabs: profile (with the current release), releases and gift codes
 * (the release and code screens themselves, with their own buttons), channels, and a revenue/players
 * summary (zeros until those areas exist).
 */
export default observer(function GameDetailPage() {
  const t = useGameTexts();
  const root = useStore();
  const can = usePermission();
  const params = new URLSearchParams(useRawSearch());
  const id = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : null;
  const [store] = useState(() => (id === null ? null : root.games.detail(id)));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    void store?.load();
    void root.games.loadChoices(['tags']);
  }, [store, root]);
  const game = store?.game ?? null;
  useTabTitle(game?.name);

  const tags = root.games.tags;
  const fields = useMemo(
    () => (game ? [...gameFields(game.kind as GameKind, t, tags), ...commonColumns(t).filter((field) => field.key === 'description')] : []),
    [game, t, tags],
  );

  if (id === null || !store) {
    return (
      <div className="game-page">
        <p className="crud-error" role="alert" data-testid="detail-missing">
          {t('game.detail.missingId')}
        </p>
      </div>
    );
  }
  if (store.state === 'failed') {
    return (
      <div className="game-page">
        <div className="crud-error" role="alert" data-testid="detail-error">
          <i className="pi pi-exclamation-triangle" /> {store.error}
          <Button size="small" label={t('crud.retry')} onClick={() => void store.load()} />
        </div>
      </div>
    );
  }
  if (!game) {
    return (
      <div className="game-page game-loading" data-testid="detail-loading">
        <i className="pi pi-spin pi-spinner" /> {t('crud.loading')}
      </div>
    );
  }
  return (
    <div className="game-page game-detail" data-testid="game-detail">
      <header className="game-detail-header">
        {game.icon ? (
          <img src={mediaSrc(game.icon)} alt="" className="game-detail-icon" />
        ) : (
          <span className="game-detail-icon game-icon-empty">
            <i className="pi pi-image" />
          </span>
        )}
        <div className="game-detail-title">
          <h2 data-testid="detail-name">{game.name}</h2>
          <span className="cell-array">
            <DictTag value={game.kind} options={kindOptions(t)} />
            <DictTag value={game.status} options={statusOptions(t)} />
            {game.current_version && (
              <span className="game-muted">
                {t('game.detail.currentRelease')} {game.current_version}
              </span>
            )}
          </span>
        </div>
        <span className="crud-toolbar-spacer" />
        {game.kind === 'h5' && game.code && (
          <Button size="small" outlined icon="pi pi-mobile" label={t('game.detail.openPreview')} onClick={() => window.open(`/preview?code=${encodeURIComponent(game.code ?? '')}`, '_blank', 'noopener')} data-testid="detail-preview" />
        )}
        {can('Update') && <Button size="small" icon="pi pi-pencil" label={t('game.detail.edit')} onClick={() => setEditing(true)} data-testid="detail-edit" />}
      </header>
      <TabView className="game-detail-tabs">
        <TabPanel header={t('game.detail.profile')}>
          <Profile game={game} />
        </TabPanel>
        <TabPanel header={`${t('game.detail.releases')} (${game.releases.total})`}>
          {/* The release screen's own buttons apply here (its menu path), not the detail's. */}
          <PagePathProvider path="/game/history">
            <Releases game={game.id} testId="detail-releases" />
          </PagePathProvider>
        </TabPanel>
        <TabPanel header={`${t('game.detail.channels')} (${game.channels.length})`}>
          <Channels game={game} />
        </TabPanel>
        <TabPanel header={`${t('game.detail.codes')} (${game.codes.batches})`}>
          <div className="game-stats game-stats-small">
            <section className="game-stat">
              <div className="game-stat-label">{t('game.detail.activeBatches')}</div>
              <div className="game-stat-value">{game.codes.active_batches}</div>
            </section>
            <section className="game-stat">
              <div className="game-stat-label">{t('game.detail.codesTotal')}</div>
              <div className="game-stat-value">{game.codes.total.toLocaleString()}</div>
            </section>
            <section className="game-stat">
              <div className="game-stat-label">{t('game.detail.codesRedeemed')}</div>
              <div className="game-stat-value">{game.codes.redeemed.toLocaleString()}</div>
            </section>
          </div>
          <PagePathProvider path="/game/code">
            <Batches game={game.id} testId="detail-codes" />
          </PagePathProvider>
        </TabPanel>
        <TabPanel header={t('game.detail.summary')}>
          <Summary game={game} />
        </TabPanel>
      </TabView>
      {editing && (
        <CrudForm
          mode="edit"
          fields={fields}
          row={game}
          width="880px"
          onHide={() => setEditing(false)}
          onSave={async (values) => {
            await store.save(values);
            root.notify({ severity: 'success', text: t('game.detail.saved') });
            setEditing(false);
          }}
        />
      )}
    </div>
  );
});
