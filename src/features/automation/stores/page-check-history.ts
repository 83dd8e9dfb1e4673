import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, PageCheckResult } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import { PAGE_CHECK_HISTORY_PAGE_SIZE } from '../../../config';
import type { LoadState } from '../../../stores/menu';

/** The locator whose history is shown. */
export interface HistoryTarget {
  id: number;
  name: string;
}

/**
 * The check results history of one page locator (automation/webElement): newest first,
 * paged on the server, optionally only passed or only failed results. Late answers are dropped (a
 * generation guard), so switching the locator or the filter quickly never shows an older page.
 */
export class PageCheckHistoryStore {
  target: HistoryTarget | null = null;
  rows: PageCheckResult[] = [];
  total = 0;
  page = 1;
  limit = PAGE_CHECK_HISTORY_PAGE_SIZE;
  /** null = every result. */
  passed: boolean | null = null;
  state: LoadState = 'idle';
  error = '';
  private generation = 0;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<PageCheckHistoryStore, 'api' | 'generation'>(this, { api: false, generation: false }, { autoBind: true });
  }

  /** Shows the history of a locator from its first page, every result. */
  open(target: HistoryTarget): Promise<void> {
    this.target = target;
    this.rows = [];
    this.total = 0;
    this.page = 1;
    this.passed = null;
    return this.load();
  }

  close(): void {
    this.generation += 1;
    this.target = null;
    this.rows = [];
    this.total = 0;
    this.state = 'idle';
    this.error = '';
  }

  setPage(page: number, limit = this.limit): Promise<void> {
    this.page = Math.max(1, page);
    this.limit = limit;
    return this.load();
  }

  /** Only passed (true), only failed (false) or every result (null); back to the first page. */
  setPassed(passed: boolean | null): Promise<void> {
    this.passed = passed;
    this.page = 1;
    return this.load();
  }

  async load(): Promise<void> {
    const target = this.target;
    if (!target) return;
    const generation = ++this.generation;
    this.state = 'loading';
    try {
      const answer = await this.api.automation.pageChecks({
        locator: target.id,
        ...(this.passed === null ? {} : { passed: this.passed }),
        page: this.page,
        limit: this.limit,
      });
      if (generation !== this.generation) return;
      // A page past the end (results were cleaned up meanwhile): the last page instead.
      if (answer.data.length === 0 && answer.total > 0 && this.page > 1) {
        runInAction(() => (this.page = Math.max(1, Math.ceil(answer.total / this.limit))));
        return this.load();
      }
      runInAction(() => {
        this.rows = answer.data;
        this.total = answer.total;
        this.state = 'ready';
        this.error = '';
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.state = 'failed';
        this.error = isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);
      });
    }
  }
}
