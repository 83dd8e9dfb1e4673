import { useEffect, useState } from 'react';
import type { PlayersStore } from '../../stores/players';
import { useStore } from '../store-context';

/** root.players() once loaded (null until then): the players screens' stores, outside the login page's chunk. */
export function usePlayers(): PlayersStore | null {
  const root = useStore();
  const [store, setStore] = useState<PlayersStore | null>(null);
  useEffect(() => {
    let live = true;
    void root.players().then((s) => {
      if (live) setStore(s);
    });
    return () => {
      live = false;
    };
  }, [root]);
  return store;
}
