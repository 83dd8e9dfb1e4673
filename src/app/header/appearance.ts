import { reaction } from 'mobx';
import type { RootStore } from '../../stores/root';
import { primaryPalette } from './color';

/**
 * Applies the signed-in user's appearance to the page: theme (`data-theme`), primary colour (CSS
 * variables), component size (`data-size`), page transitions, layout container and smooth scrolling.
 * Runs at once (the preferences are loaded before the first paint) and follows every change.
 * Returns the function that stops it.
 */
export function applyAppearance(root: RootStore, html: HTMLElement): () => void {
  const palette = primaryPalette(root.theme.color);
  const stops = [
    reaction(
      () => root.theme.activeName,
      (name) => {
        html.dataset.theme = name;
      },
      { fireImmediately: true },
    ),
    reaction(
      () => root.theme.color,
      (color) => {
        for (const [name, value] of Object.entries(primaryPalette(color))) html.style.setProperty(name, value);
      },
      { fireImmediately: true },
    ),
    reaction(
      () => root.theme.size,
      (size) => {
        html.dataset.size = size;
      },
      { fireImmediately: true },
    ),
    reaction(
      () => [root.ui.transition, root.ui.container, root.ui.smoothScroll] as const,
      ([transition, container, smooth]) => {
        html.classList.toggle('no-transition', !transition);
        html.dataset.container = container;
        html.classList.toggle('smooth-scroll', smooth);
      },
      { fireImmediately: true },
    ),
  ];
  return () => {
    for (const stop of stops) stop();
    for (const name of Object.keys(palette)) html.style.removeProperty(name);
    delete html.dataset.theme;
    delete html.dataset.size;
    delete html.dataset.container;
    html.classList.remove('no-transition', 'smooth-scroll');
  };
}
