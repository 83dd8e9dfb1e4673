import { PROGRESS_GREEN_MIN, PROGRESS_RED_MAX } from '../../config';

/** Tag colours (element-ui tag types, as dictionaries carry them). */
export type TagType = 'success' | 'danger' | 'warning' | 'primary' | 'info';

const BY_VALUE: Record<string, TagType> = {
  '1': 'success',
  true: 'success',
  '0': 'danger',
  false: 'danger',
  Search: 'warning',
  Update: 'primary',
  Create: 'success',
  Retrieve: 'info',
  Delete: 'danger',
};

const KNOWN: readonly string[] = ['success', 'danger', 'warning', 'primary', 'info'];

/**
 * Button colour mapping of spec §4: an entry's own colour first; then 1/true success, 0/false danger,
 * Search warning, Update primary, Create success, Retrieve info, Delete danger; else primary.
 */
export function tagType(value: unknown, ownColor?: string | null): TagType {
  if (ownColor && KNOWN.includes(ownColor)) return ownColor as TagType;
  return BY_VALUE[String(value)] ?? 'primary';
}

/** PrimeReact Tag severity for a tag type ('primary' is PrimeReact's default, i.e. no severity). */
export function tagSeverity(type: TagType): 'success' | 'danger' | 'warning' | 'info' | undefined {
  return type === 'primary' ? undefined : type;
}

/** Progress colour of spec §4: red at 50 or below, orange between 50 and 80, green at 80 or above. */
export function progressColor(percent: number): 'red' | 'orange' | 'green' {
  if (percent <= PROGRESS_RED_MAX) return 'red';
  if (percent >= PROGRESS_GREEN_MIN) return 'green';
  return 'orange';
}
