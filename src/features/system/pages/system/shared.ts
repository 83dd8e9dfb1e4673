import type { Option, ResourceDescription } from '../../../../components/crud/types';
import type { Ordering } from '../../../../stores/types';

type T = (key: string) => string;

/** HTTP methods as the back end numbers them (0 GET, 1 POST, 2 PUT, 3 DELETE). */
export const METHOD_OPTIONS: Option[] = [
  { label: 'GET', value: 0, color: 'success' },
  { label: 'POST', value: 1, color: 'primary' },
  { label: 'PUT', value: 2, color: 'warning' },
  { label: 'DELETE', value: 3, color: 'danger' },
];

/** The newest rows first (the default order of the log and record screens). */
export const NEWEST_FIRST: Ordering = { field: 'create_datetime', direction: 'desc' };

/** Enabled / disabled as booleans (dictionary button_status_bool). */
export const STATUS_DICT = 'button_status_bool';
/** Yes / no as booleans (dictionary button_whether_bool). */
export const WHETHER_DICT = 'button_whether_bool';

/** The usual buttons of a system screen (menu button values of API-CONTRACT §8). */
export const FULL_PERMISSIONS: ResourceDescription['permissions'] = {
  add: 'Create',
  edit: 'Update',
  view: 'Retrieve',
  remove: 'Delete',
  search: 'Search',
  // Every one of these viewsets has export_data; the button shows when the menu has an Export button.
  export: 'Export',
};

/** Data scope choices of a role (Role.data_range). */
export function dataRangeOptions(t: T): Option[] {
  return [0, 1, 2, 3, 4].map((value) => ({ label: t(`sys.role.scope${value}`), value }));
}

/** Bytes with base 1024 and 2 decimals (spec §9). */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(decimals))} ${units[i]}`;
}
