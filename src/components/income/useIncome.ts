import { useEffect, useState } from 'react';
import type { IncomeStore } from '../../stores/income';
import { useStore } from '../store-context';

/** root.income() once loaded (null until then): the revenue screens' stores, outside the login page's chunk. */
export function useIncome(): IncomeStore | null {
  const root = useStore();
  const [store, setStore] = useState<IncomeStore | null>(null);
  useEffect(() => {
    let live = true;
    void root.income().then((s) => {
      if (live) setStore(s);
    });
    return () => {
      live = false;
    };
  }, [root]);
  return store;
}
