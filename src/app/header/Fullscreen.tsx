import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/**
 * Fullscreen toggle (spec §2.4): tooltip 全屏 / 退出全屏; when the browser leaves fullscreen by itself
 * (Esc, F11) the flag follows.
 */
export const Fullscreen = observer(function Fullscreen({ doc = document }: { doc?: Document }) {
  const root = useStore();
  const { t } = useTranslation();
  const on = root.ui.fullscreen;

  useEffect(() => {
    const sync = () => root.ui.setFullscreen(doc.fullscreenElement !== null);
    doc.addEventListener('fullscreenchange', sync);
    return () => doc.removeEventListener('fullscreenchange', sync);
  }, [root, doc]);

  const toggle = () => {
    if (on) {
      root.ui.setFullscreen(false);
      if (doc.fullscreenElement) void doc.exitFullscreen().catch(() => undefined);
      return;
    }
    root.ui.setFullscreen(true);
    const request = doc.documentElement.requestFullscreen?.bind(doc.documentElement);
    if (request) void request().catch(() => root.ui.setFullscreen(false));
  };

  return (
    <HeaderTool tip={t(on ? 'personalize.exitFullscreen' : 'personalize.fullscreen')} testId="header-fullscreen" onClick={toggle} pressed={on}>
      <i className={`pi ${on ? 'pi-window-minimize' : 'pi-window-maximize'}`} aria-hidden="true" />
    </HeaderTool>
  );
});
