import type { IncomeStore } from '../stores/income';
import type { RootStore } from '../../../stores/root';
import { useLoadedStore } from '../../../components/store-context';

const load = (root: RootStore) => root.income();
/** root.income() once loaded (null until then): the revenue screens' stores, outside the login page's chunk. */
export function useIncome(): IncomeStore | null {
  return useLoadedStore(load);
}
