import type { Notice } from '../../stores/types';
import { isExternal, isPlaceholder } from '../../stores/menu';

export interface MenuClickEffects {
  navigate(to: string): void;
  notify(notice: Notice): void;
  openWindow(url: string): void;
  t(key: string): string;
}

/**
 * Spec §2.3 menu click rules: a temporary or empty entry → warning 临时菜单; an http(s) address →
 * new browser tab; anything else → internal route.
 */
export function openMenuPath(path: string | null | undefined, fx: MenuClickEffects): 'warned' | 'external' | 'routed' {
  if (!path || isPlaceholder(path)) {
    fx.notify({ severity: 'warn', text: fx.t('shell.tempMenu') });
    return 'warned';
  }
  if (isExternal(path)) {
    fx.openWindow(path);
    return 'external';
  }
  fx.navigate(path);
  return 'routed';
}
