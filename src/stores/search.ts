import { makeAutoObservable } from 'mobx';
import type { SearchItem } from './menu';

/**
 * Fuzzy score of `query` against `text`: every query character must appear in order (case-insensitive).
 * Higher is better: consecutive runs and an early first hit score more. null = no match.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return 0;
  const t = text.toLowerCase();
  let score = 0;
  let from = 0;
  let previous = -2;
  let first = -1;
  for (const ch of q) {
    const at = t.indexOf(ch, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    score += at === previous + 1 ? 3 : 1;
    previous = at;
    from = at + ch.length;
  }
  return score * 100 - first - t.length / 100;
}

/** Pool items matching `query`, best first (the full title and the path both count). */
export function fuzzySearch(pool: readonly SearchItem[], query: string, limit = 50): SearchItem[] {
  if (!query.trim()) return pool.slice(0, limit);
  const scored: Array<{ item: SearchItem; score: number }> = [];
  for (const item of pool) {
    const a = fuzzyScore(query, item.fullTitle);
    const b = fuzzyScore(query, item.path);
    const score = Math.max(a ?? -Infinity, b === null ? -Infinity : b - 1);
    if (score > -Infinity) scored.push({ item, score });
  }
  scored.sort((x, y) => y.score - x.score);
  return scored.slice(0, limit).map((s) => s.item);
}

/** The search panel (spec §2.4): open flag, query, selection; the pool comes from the menu. */
export class SearchStore {
  active = false;
  query = '';
  selected = 0;
  /** Search enabled (spec §4 initial state). */
  enabled = true;

  constructor(private readonly pool: () => readonly SearchItem[]) {
    makeAutoObservable<SearchStore, 'pool'>(this, { pool: false }, { autoBind: true });
  }

  get results(): SearchItem[] {
    return fuzzySearch(this.pool(), this.query);
  }

  open(): void {
    if (!this.enabled) return;
    this.active = true;
    this.query = '';
    this.selected = 0;
  }

  close(): void {
    this.active = false;
  }

  setQuery(query: string): void {
    this.query = query;
    this.selected = 0;
  }

  /** Moves the highlighted result by `delta`, wrapping around. */
  moveSelection(delta: number): void {
    const n = this.results.length;
    if (n === 0) return;
    this.selected = (this.selected + delta + n) % n;
  }

  get current(): SearchItem | null {
    return this.results[this.selected] ?? null;
  }
}
