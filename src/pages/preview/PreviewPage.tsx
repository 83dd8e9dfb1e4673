import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGameTexts } from '../../components/catalogue/locale';
import { mediaSrc, statusOptions } from '../../components/catalogue/options';
import { DictTag } from '../../components/cells/DictTag';
import { probeGameAddress, type ProbeGame, type Reachability } from './reachability';
import './preview.css';

/** Common phone and tablet screens (CSS pixels, portrait). */
export const DEVICES = [
  { id: 'iphone-se', label: 'iPhone SE', width: 375, height: 667 },
  { id: 'iphone-14', label: 'iPhone 14', width: 390, height: 844 },
  { id: 'iphone-14-pro-max', label: 'iPhone 14 Pro Max', width: 430, height: 932 },
  { id: 'pixel-7', label: 'Pixel 7', width: 412, height: 915 },
  { id: 'galaxy-s20', label: 'Galaxy S20', width: 360, height: 800 },
  { id: 'ipad-mini', label: 'iPad mini', width: 768, height: 1024 },
] as const;

/** The frame's bezel around the screen (px, each side). */
const BEZEL = 14;

/**
 * Whether the game is served from the console's host (any port, any scheme). Cookies belong to a
 * host, not to an origin: a page on another port of the console's host can read and set the
 * console's cookies (its sign-in) once it runs with its own origin. An address that does not parse
 * counts as the same host (the safe side).
 */
export function sameHost(gameUrl: string, consoleOrigin: string): boolean {
  try {
    return new URL(gameUrl).hostname.toLowerCase() === new URL(consoleOrigin).hostname.toLowerCase();
  } catch {
    return true;
  }
}

/**
 * The sandbox of the game's frame: scripts, forms, pointer lock and popups; same-origin access (its
 * own cookies and storage) only for a game on another host than the console's. A game on the
 * console's host, whatever its port, runs without `allow-same-origin` (an opaque origin): it cannot
 * reach the console's cookies or storage (docs/security.md, "H5 preview").
 */
export function sandboxFor(gameUrl: string, consoleOrigin: string): string {
  const base = 'allow-scripts allow-forms allow-pointer-lock allow-popups allow-orientation-lock';
  return sameHost(gameUrl, consoleOrigin) ? base : `${base} allow-same-origin`;
}

/**
 * /preview?code=… (spec §2.1; the router sends visits without a code to 403): the H5 game of that
 * code in a sandboxed frame inside a phone-sized bezel, with a device selector, rotate, reload, and
 * the game's name and current version. An unknown code says so clearly. Open without sign-in. The
 * game's address is tried first (reachability.ts): one that cannot be opened is said plainly instead
 * of a blank frame; a game on the console's host runs isolated and the page says so.
 */
export default observer(function PreviewPage({ code, probe = probeGameAddress }: { code: string; probe?: ProbeGame }) {
  const { t: tc } = useTranslation();
  const t = useGameTexts();
  const root = useStore();
  useDocumentTitle('shell.previewTitle');
  const [store] = useState(() => root.games.preview(code));
  const [deviceId, setDeviceId] = useState<string>(DEVICES[1].id);
  const [landscape, setLandscape] = useState(false);
  const [reloads, setReloads] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    void store.load();
  }, [store]);
  const gameUrl = store.game?.url ?? null;
  const [reach, setReach] = useState<{ url: string; result: Reachability } | null>(null);
  const [probes, setProbes] = useState(0);
  useEffect(() => {
    if (gameUrl === null) return;
    let live = true;
    setReach(null);
    void probe(gameUrl).then((result) => {
      if (live) setReach({ url: gameUrl, result });
    });
    return () => {
      live = false;
    };
  }, [gameUrl, probe, probes]);
  const reachable = reach !== null && reach.url === gameUrl ? reach.result : null;

  const device = DEVICES.find((d) => d.id === deviceId) ?? DEVICES[1];
  const [w, h] = landscape ? [device.height, device.width] : [device.width, device.height];

  // Scale the frame down to fit the window (never up).
  useLayoutEffect(() => {
    const fit = () => {
      const box = stage.current?.getBoundingClientRect();
      if (!box) return;
      setScale(Math.min(1, (box.width - 16) / (w + 2 * BEZEL), (window.innerHeight - box.top - 24) / (h + 2 * BEZEL)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [w, h, store.state]);

  const game = store.game;
  return (
    <div className="preview-page" data-testid="preview">
      <header className="preview-bar">
        <div className="preview-game">
          {game?.icon ? <img src={mediaSrc(game.icon)} alt="" className="preview-icon" /> : <i className="pi pi-mobile preview-icon" />}
          <div>
            <h1 data-testid="preview-name">{game?.name ?? t('game.preview.title')}</h1>
            <span data-testid="preview-code">{tc('shell.previewCode', { code })}</span>
            {game && (
              <span className="preview-version" data-testid="preview-version">
                {game.version ? t('game.preview.version', { version: game.version, build: game.build }) : t('game.preview.noVersion')}
              </span>
            )}
            {game && <DictTag value={game.status} options={statusOptions(t)} />}
          </div>
        </div>
        {game && (
          <div className="preview-tools">
            <label className="preview-tool">
              <span>{t('game.preview.device')}</span>
              <Dropdown
                value={deviceId}
                options={DEVICES.map((d) => ({ value: d.id, label: `${d.label} · ${d.width}×${d.height}` }))}
                optionLabel="label"
                optionValue="value"
                onChange={(event) => setDeviceId(String(event.value))}
                className="p-inputtext-sm"
                data-testid="preview-device"
              />
            </label>
            <Button size="small" outlined icon="pi pi-sync" label={t('game.preview.rotate')} onClick={() => setLandscape((v) => !v)} data-testid="preview-rotate" />
            <Button size="small" outlined icon="pi pi-refresh" label={t('game.preview.reload')} onClick={() => setReloads((n) => n + 1)} data-testid="preview-reload" />
            <Button size="small" text icon="pi pi-external-link" label={t('game.preview.openNew')} onClick={() => window.open(game.url, '_blank', 'noopener,noreferrer')} />
          </div>
        )}
      </header>
      <div className="preview-stage" ref={stage}>
        {store.state === 'missing' ? (
          <div className="preview-message" role="alert" data-testid="preview-missing">
            <i className="pi pi-question-circle" />
            <p>{t('game.preview.missing', { code })}</p>
            <a href="/index">{t('game.preview.back')}</a>
          </div>
        ) : store.state === 'failed' ? (
          <div className="preview-message" role="alert" data-testid="preview-failed">
            <i className="pi pi-exclamation-triangle" />
            <p>{t('game.preview.failed', { error: store.error })}</p>
            <Button size="small" label={tc('crud.retry')} onClick={() => void store.load()} />
          </div>
        ) : !game ? (
          <div className="preview-message" data-testid="preview-loading">
            <i className="pi pi-spin pi-spinner" />
            <p>{t('game.preview.loading')}</p>
          </div>
        ) : reachable === null ? (
          <div className="preview-message" data-testid="preview-checking">
            <i className="pi pi-spin pi-spinner" />
            <p>{t('game.preview.checking')}</p>
          </div>
        ) : reachable.state === 'unreachable' || reachable.state === 'invalid' ? (
          <div className="preview-message" role="alert" data-testid="preview-unreachable">
            <i className="pi pi-exclamation-triangle" />
            <p>
              {reachable.state === 'invalid'
                ? t('game.preview.invalidUrl', { url: game.url })
                : t('game.preview.unreachable', { url: game.url, reason: t(reachable.reason === 'mixed' ? 'game.preview.unreachableMixed' : 'game.preview.unreachableNetwork') })}
            </p>
            {reachable.state === 'unreachable' && <Button size="small" label={t('game.preview.retry')} onClick={() => setProbes((n) => n + 1)} data-testid="preview-retry" />}
          </div>
        ) : (
          <div className="preview-column">
            {sameHost(game.url, window.location.origin) && (
              <p className="preview-isolated" role="note" data-testid="preview-isolated">
                <i className="pi pi-shield" /> {t('game.preview.isolated', { host: window.location.hostname })}
              </p>
            )}
            <div
              className={`preview-device${landscape ? ' is-landscape' : ''}`}
              style={{ width: w + 2 * BEZEL, height: h + 2 * BEZEL, transform: `scale(${scale})` }}
              data-testid="preview-frame"
              data-size={`${w}x${h}`}
            >
              <iframe
                key={`${reloads}-${game.url}`}
                title={tc('shell.previewFrame')}
                src={game.url}
                width={w}
                height={h}
                sandbox={sandboxFor(game.url, window.location.origin)}
                referrerPolicy="no-referrer"
                allow="autoplay; fullscreen"
                data-testid="preview-iframe"
              />
            </div>
          </div>
        )}
      </div>
    </div>
  );
});
