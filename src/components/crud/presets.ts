import type { Ordering } from '../../stores/types';
import type { ResourceDescription } from './types';

/** The newest rows first (the default order of the log and record screens). */
export const NEWEST_FIRST: Ordering = { field: 'create_datetime', direction: 'desc' };

/** The usual buttons of a CRUD screen (menu button values of API-CONTRACT §8). */
export const FULL_PERMISSIONS: ResourceDescription['permissions'] = {
  add: 'Create',
  edit: 'Update',
  view: 'Retrieve',
  remove: 'Delete',
  search: 'Search',
  // Every one of these viewsets has export_data; the button shows when the menu has an Export button.
  export: 'Export',
};
