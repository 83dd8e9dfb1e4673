import { makeAutoObservable, runInAction } from 'mobx';
import { failureMessage } from '../errors';
import type { DownloadedFile } from '../types';
import { QueryStore } from './query-store';

/**
 * A drill-down: the list behind one figure (a funnel step's players, a retention cell's players, a
 * revenue day's orders), paged, optionally in several kinds (a funnel step: converted or dropped), and
 * its export. The feature's store builds the source over its port (only adapters touch the network);
 * this store keeps the page, the answer (with the stale-answer guard of QueryStore) and the export's
 * state; the shared dialog (src/components/drilldown) shows it.
 */

export interface DrillPage<Row, Meta = null> {
  /** Every row behind the figure (equals the figure). */
  total: number;
  rows: Row[];
  /** What the answer says beside the rows (e.g. the sum of a day's orders and the day's figures). */
  meta?: Meta;
}

export interface DrillSource<Row, Kind extends string = string, Meta = null> {
  page(kind: Kind, page: number, limit: number): Promise<DrillPage<Row, Meta>>;
  exportFile(kind: Kind): Promise<DownloadedFile>;
}

export const DRILL_PAGE_SIZE = 20;

export class DrillDownStore<Row, Kind extends string = string, Meta = null> {
  kind: Kind;
  page = 1;
  readonly limit: number;
  exporting = false;
  exportError = '';
  private readonly answer = new QueryStore<DrillPage<Row, Meta>>({ keepOnFailure: false });

  constructor(
    private readonly source: DrillSource<Row, Kind, Meta>,
    kind: Kind,
    limit = DRILL_PAGE_SIZE,
  ) {
    this.kind = kind;
    this.limit = limit;
    makeAutoObservable<DrillDownStore<Row, Kind, Meta>, 'source' | 'answer'>(this, { source: false, answer: false }, { autoBind: true });
  }

  get state() {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get rows(): Row[] {
    return this.answer.result?.rows ?? [];
  }

  /** The answer's `meta` (null until the first answer, or when the source gives none). */
  get meta(): Meta | null {
    return this.answer.result?.meta ?? null;
  }

  /** The number of rows behind the figure (null until the first answer). */
  get total(): number | null {
    return this.answer.result?.total ?? null;
  }

  get pages(): number {
    return Math.max(1, Math.ceil((this.total ?? 0) / this.limit));
  }

  /** Loads a page (the current one by default). */
  load(page = this.page): Promise<void> {
    this.page = Math.max(1, Math.trunc(page));
    const { kind } = this;
    const asked = this.page;
    return this.answer.load(() => this.source.page(kind, asked, this.limit));
  }

  setKind(kind: Kind): Promise<void> {
    this.kind = kind;
    this.exportError = '';
    return this.load(1);
  }

  /** The whole list as a file (the same conditions), or null when it failed (the reason in exportError). */
  async exportFile(): Promise<DownloadedFile | null> {
    this.exporting = true;
    this.exportError = '';
    try {
      return await this.source.exportFile(this.kind);
    } catch (error) {
      runInAction(() => {
        this.exportError = failureMessage(error);
      });
      return null;
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }
}
