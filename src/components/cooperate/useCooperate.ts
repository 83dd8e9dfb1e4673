import { useEffect, useState } from 'react';
import type { CooperateStore } from '../../stores/cooperate';
import { useStore } from '../store-context';

/** root.cooperate() once loaded (null until then): the partner screens' stores, outside the login page's chunk. */
export function useCooperate(): CooperateStore | null {
  const root = useStore();
  const [store, setStore] = useState<CooperateStore | null>(null);
  useEffect(() => {
    let live = true;
    void root.cooperate().then((s) => {
      if (live) setStore(s);
    });
    return () => {
      live = false;
    };
  }, [root]);
  return store;
}
