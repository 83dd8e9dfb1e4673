import type { ReportsStore } from '../stores/data-reports';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.reports();
/** root.reports() once loaded (null until then): the data reports' stores, outside the login page's chunk. */
export function useReports(): ReportsStore | null {
  return useLoadedStore(load);
}
