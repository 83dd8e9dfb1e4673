import {
  ACCOUNT_PROVIDER_NAMES,
  ACCOUNT_PROVIDERS,
  BATCH_STATES,
  CODE_GENERATORS,
  CODE_STATUSES,
  GAME_KINDS,
  GAME_STATUSES,
  MINI_PLATFORMS,
  RELEASE_CHANNELS,
  RELEASE_STATUSES,
  SOFT_CATEGORIES,
} from '../../../contracts/schemas/game/values';
import type { TagBrief } from '../../../contracts/schemas';
import type { Option, ResourceDescription } from '../crud/types';
import { nowInZone } from '../../stores/format';

type T = (key: string, params?: Record<string, unknown>) => string;

/** A file this server serves ('media/...') from any page path; absolute addresses as they are. */
export function mediaSrc(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `/${url.replace(/^\/+/, '')}`;
}

const STATUS_COLORS: Record<string, string> = { developing: 'info', testing: 'warning', online: 'success', offline: 'danger' };

export const statusOptions = (t: T): Option[] => GAME_STATUSES.map((v) => ({ value: v, label: t(`game.status.${v}`), color: STATUS_COLORS[v] ?? null }));
export const kindOptions = (t: T): Option[] => GAME_KINDS.map((v) => ({ value: v, label: t(`game.kind.${v}`) }));
export const platformOptions = (t: T): Option[] => MINI_PLATFORMS.map((v) => ({ value: v, label: t(`game.platform.${v}`), color: v === 'wechat' ? 'success' : v === 'alipay' ? 'info' : 'primary' }));
export const categoryOptions = (t: T): Option[] => SOFT_CATEGORIES.map((v) => ({ value: v, label: t(`game.category.${v}`), color: 'info' }));
export const channelOptions = (t: T): Option[] => RELEASE_CHANNELS.map((v) => ({ value: v, label: t(`game.channel.${v}`), color: 'info' }));
export const releaseStatusOptions = (t: T): Option[] =>
  RELEASE_STATUSES.map((v) => ({ value: v, label: t(`game.release.${v}`), color: v === 'published' ? 'success' : v === 'draft' ? 'info' : 'danger' }));
export const generatorOptions = (t: T): Option[] => CODE_GENERATORS.map((v) => ({ value: v, label: t(`game.code.${v}`) }));
export const batchStateOptions = (t: T): Option[] =>
  BATCH_STATES.map((v) => ({ value: v, label: t(`game.code.${v}`), color: v === 'active' ? 'success' : v === 'pending' ? 'info' : v === 'expired' ? 'warning' : 'danger' }));
export const codeStatusOptions = (t: T): Option[] =>
  CODE_STATUSES.map((v) => ({ value: v, label: t(`game.code.${v}`), color: v === 'unused' ? 'success' : v === 'redeemed' ? 'primary' : v === 'expired' ? 'warning' : 'danger' }));
export const providerTypeOptions = (t: T): Option[] => (['store', 'ads', 'payment'] as const).map((v) => ({ value: v, label: t(`game.account.${v}`), color: v === 'store' ? 'primary' : v === 'ads' ? 'warning' : 'success' }));
export const providerOptions = (t: T): Option[] =>
  ACCOUNT_PROVIDER_NAMES.map((v) => ({ value: v, label: t(`game.account.providers.${v}`), color: ACCOUNT_PROVIDERS[v] === 'store' ? 'primary' : ACCOUNT_PROVIDERS[v] === 'ads' ? 'warning' : 'success' }));

/** The catalogue screens' usual buttons (menu button values), export included where the menu has it. */
export const CATALOGUE_PERMISSIONS: ResourceDescription['permissions'] = {
  add: 'Create',
  edit: 'Update',
  view: 'Retrieve',
  remove: 'Delete',
  search: 'Search',
  export: 'Export',
};

/**
 * The text colour that reads on a tag's own background (#rrggbb): white or near-black, whichever has
 * the larger WCAG contrast ratio (staff pick any colour; axe color-contrast). Every colour but a narrow
 * band of mid-tones (luminance ≈ 0.19) reaches 4.5:1 with one of them.
 */
export function textOn(background: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(background.trim());
  if (!m) return '#ffffff';
  const channel = (i: number) => {
    const c = Number.parseInt((m[1] as string).slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  const dark = 0.0056; // #111111
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / (dark + 0.05) ? '#ffffff' : '#111111';
}

/** Tags in their own colours (games' tag_info). */
export function TagChips({ tags }: { tags: unknown }) {
  const list = Array.isArray(tags) ? (tags as TagBrief[]) : [];
  if (list.length === 0) return <span className="cell-empty">-</span>;
  return (
    <span className="cell-array">
      {list.map((tag) => (
        // A tag's name is a row staff wrote (/common/tag), not a console label: user data in either language.
        <span key={tag.id} className="p-tag p-component cell-tag game-tag" style={{ background: tag.color, color: textOn(tag.color) }} data-testid="game-tag" data-user-data>
          <span className="p-tag-value">{tag.name}</span>
        </span>
      ))}
    </span>
  );
}

/** A colour swatch and its hex value. */
export function ColorChip({ color }: { color: unknown }) {
  if (typeof color !== 'string' || !color) return <span className="cell-empty">-</span>;
  return (
    <span className="game-color">
      <span className="game-color-swatch" style={{ background: color }} />
      <code>{color}</code>
    </span>
  );
}

/** "YYYY-MM-DD HH:mm:ss" of now (+ `plusMs`) on the console's clock: the default of datetime inputs. */
export const datetimeDefault = (plusMs = 0): string => nowInZone(plusMs);
