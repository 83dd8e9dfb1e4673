import { useEffect, useState } from 'react';
import type { TrackingStore } from '../../stores/tracking';
import { useStore } from '../store-context';

/** root.tracking() once loaded (null until then): the tracking screens' store, outside the login page's chunk. */
export function useTracking(): TrackingStore | null {
  const root = useStore();
  const [store, setStore] = useState<TrackingStore | null>(null);
  useEffect(() => {
    let live = true;
    void root.tracking().then((s) => {
      if (live) setStore(s);
    });
    return () => {
      live = false;
    };
  }, [root]);
  return store;
}
