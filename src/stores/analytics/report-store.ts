import { makeAutoObservable } from 'mobx';
import type { LoadState } from '../menu';
import { QueryStore } from './query-store';
import { rangeQueryProblem, type DateRange, type RangeProblem } from './range';

export type ReportProblem = `range.${RangeProblem}`;

/** What a report is asked with: the range, the game (absent = every game) and the screen's own choices. */
export interface ReportAsk<O> {
  range: DateRange;
  game: number | null;
  options: O;
}

/**
 * One report screen's state (revenue, players, data reports, partners, advertising): game (null =
 * every game), range, the screen's own choices (`options`: compare, dimension, limit…), and the answer
 * of a QueryStore (only the newest answer lands).
 */
export class ReportStore<R, O extends object> {
  game: number | null = null;
  range: DateRange;
  options: O;
  private readonly answer = new QueryStore<R>();

  constructor(
    private readonly fetch: (ask: ReportAsk<O>) => Promise<R>,
    range: DateRange,
    options: O,
  ) {
    this.range = range;
    this.options = options;
    makeAutoObservable<ReportStore<R, O>, 'fetch' | 'answer'>(this, { fetch: false, answer: false }, { autoBind: true });
  }

  get result(): R | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get problem(): ReportProblem | null {
    return rangeQueryProblem(this.range);
  }

  setGame(game: number | null): void {
    this.game = game;
  }

  setRange(range: DateRange): void {
    this.range = range;
  }

  setOption<K extends keyof O>(key: K, value: O[K]): void {
    this.options = { ...this.options, [key]: value };
  }

  async load(): Promise<void> {
    if (this.problem) return;
    const ask = { range: this.range, game: this.game, options: this.options };
    return this.answer.load(() => this.fetch(ask));
  }
}
