import { useEffect, useState } from 'react';
import type { AdvertisingStore } from '../../stores/advertising';
import { useStore } from '../store-context';

/** root.advertising() once loaded (null until then): the advertising screens' stores, outside the login page's chunk. */
export function useAdvertising(): AdvertisingStore | null {
  const root = useStore();
  const [store, setStore] = useState<AdvertisingStore | null>(null);
  useEffect(() => {
    let live = true;
    void root.advertising().then((s) => {
      if (live) setStore(s);
    });
    return () => {
      live = false;
    };
  }, [root]);
  return store;
}
