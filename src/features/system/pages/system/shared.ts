import type { Option } from '../../../../components/crud/types';

type T = (key: string) => string;

/** HTTP methods as the back end numbers them (0 GET, 1 POST, 2 PUT, 3 DELETE). */
export const METHOD_OPTIONS: Option[] = [
  { label: 'GET', value: 0, color: 'success' },
  { label: 'POST', value: 1, color: 'primary' },
  { label: 'PUT', value: 2, color: 'warning' },
  { label: 'DELETE', value: 3, color: 'danger' },
];

/** Enabled / disabled as booleans (dictionary button_status_bool). */
export const STATUS_DICT = 'button_status_bool';
/** Yes / no as booleans (dictionary button_whether_bool). */
export const WHETHER_DICT = 'button_whether_bool';

/** Data scope choices of a role (Role.data_range). */
export function dataRangeOptions(t: T): Option[] {
  return [0, 1, 2, 3, 4].map((value) => ({ label: t(`sys.role.scope${value}`), value }));
}
