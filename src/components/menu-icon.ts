/**
 * Server menus name their icons with font-awesome names (without 'fa-'). This maps them onto
 * primeicons; unknown names fall back to a folder (catalog) or a file icon.
 */
const ICONS: Record<string, string> = {
  home: 'pi-home',
  cog: 'pi-cog',
  cogs: 'pi-cog',
  gear: 'pi-cog',
  desktop: 'pi-desktop',
  users: 'pi-users',
  user: 'pi-user',
  'user-circle': 'pi-user',
  bars: 'pi-bars',
  list: 'pi-list',
  sitemap: 'pi-sitemap',
  book: 'pi-book',
  file: 'pi-file',
  'file-text': 'pi-file',
  folder: 'pi-folder',
  'folder-open': 'pi-folder-open',
  envelope: 'pi-envelope',
  bell: 'pi-bell',
  lock: 'pi-lock',
  key: 'pi-key',
  globe: 'pi-globe',
  map: 'pi-map',
  'map-marker': 'pi-map-marker',
  calendar: 'pi-calendar',
  clock: 'pi-clock',
  'clock-o': 'pi-clock',
  database: 'pi-database',
  server: 'pi-server',
  shield: 'pi-shield',
  link: 'pi-link',
  image: 'pi-image',
  wrench: 'pi-wrench',
  'bar-chart': 'pi-chart-bar',
  'line-chart': 'pi-chart-line',
  'pie-chart': 'pi-chart-pie',
  money: 'pi-wallet',
  dollar: 'pi-dollar',
  gamepad: 'pi-th-large',
  android: 'pi-android',
  apple: 'pi-apple',
  mobile: 'pi-mobile',
  tag: 'pi-tag',
  tags: 'pi-tags',
  history: 'pi-history',
  search: 'pi-search',
  tasks: 'pi-check-square',
  bullhorn: 'pi-megaphone',
  'paper-plane': 'pi-send',
};

export function menuIconClass(icon: string | null | undefined, catalog: boolean): string {
  const mapped = icon ? ICONS[icon] : undefined;
  return `pi ${mapped ?? (catalog ? 'pi-folder' : 'pi-file')}`;
}
