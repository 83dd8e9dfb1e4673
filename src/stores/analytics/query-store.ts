import { makeAutoObservable, runInAction } from 'mobx';
import { failureMessage } from '../errors';
import type { LoadState } from '../menu';

export interface QueryOptions {
  /** Keep the last answer when a later call fails (a drawer's view stays readable); by default it is cleared. */
  keepOnFailure?: boolean;
  /**
   * A refresh in the background (a live dashboard read again every few seconds): while an answer is
   * shown, no loading state, and a failure keeps the answer with the error text beside it (failed only
   * without one); the error text stays until an answer arrives.
   */
  background?: boolean;
}

/**
 * One query's answer: loading, the result or the error text, and a stale-answer guard (an answer to an
 * older call that arrives after a newer call started is dropped, so a quick change of the form never
 * shows an older answer). The analytics stores hold one and ask through `load`.
 */
export class QueryStore<R> {
  result: R | null = null;
  state: LoadState = 'idle';
  error = '';
  private generation = 0;

  constructor(private readonly options: QueryOptions = {}) {
    makeAutoObservable<QueryStore<R>, 'generation' | 'options'>(this, { generation: false, options: false }, { autoBind: true });
  }

  /**
   * Asks `fetch`; a later answer replaces an earlier one, never the other way round. `landed` runs with
   * the answer that is kept (in the same action), e.g. to remember a picker's choices from it.
   */
  async load(fetch: () => Promise<R>, landed?: (result: R) => void): Promise<void> {
    const generation = ++this.generation;
    if (!this.options.background || this.result === null) this.state = 'loading';
    if (!this.options.background) this.error = '';
    try {
      const result = await fetch();
      if (generation !== this.generation) return;
      runInAction(() => {
        this.result = result;
        this.state = 'ready';
        this.error = '';
        landed?.(result);
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => this.fail(error));
    }
  }

  /** Failed (also for a call the store made around the query, e.g. a picker's choices). */
  fail(error: unknown): void {
    this.error = failureMessage(error);
    if (this.options.background && this.result !== null) return;
    if (!this.options.keepOnFailure) this.result = null;
    this.state = 'failed';
  }

  /** Nothing asked any more: no answer, idle. A call still running is not waited for (`drop` also ignores its answer). */
  clear(drop = false): void {
    if (drop) this.generation++;
    this.result = null;
    this.state = 'idle';
    if (drop) this.error = '';
  }
}
