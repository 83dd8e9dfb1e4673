import { useEffect } from 'react';
import type { Choice } from '../stores/games';
import { useStore } from './store-context';

/** The catalogue's games for a picker or a column's labels: asked once per console (`enabled` false: not asked). */
export function useGameChoices(enabled = true): Choice[] {
  const root = useStore();
  useEffect(() => {
    if (enabled) void root.games.loadChoices(['games']);
  }, [root, enabled]);
  return root.games.games;
}
