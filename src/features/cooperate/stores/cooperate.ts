import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, PartnerOverviewResult, SettlementResult, ShareRate, ShareRateInput, StreamedFile } from '../../../adapters/api';
import { INCOME_DEFAULT_RANGE_DAYS } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { lastDays } from '../../../stores/analytics/range';
import { ReportStore } from '../../../stores/analytics/report-store';
import type { LoadState } from '../../../stores/menu';

/**
 * The partner screens' state (cooperate/*): the KPIs over a date range (a report store: range, the
 * newest answer only) and the month's settlements with the rate and lock actions.
 * Money stays integer minor units; rates are basis points (the form converts a percentage once).
 */

export type PartnerOverviewStore = ReportStore<PartnerOverviewResult, Record<string, never>>;

/** YYYY-MM of a date (local calendar, as the date pickers). */
export const monthOf = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
/** Percent (e.g. 63.33) → basis points (6333), rounded to a whole basis point. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

export class SettlementStore {
  month: string;
  /** null: every partner. */
  partner: number | null = null;
  /** The partners seen in the last answer for every partner (the picker's choices). */
  choices: Array<{ id: number; name: string }> = [];
  /** The rate history of the partner whose rate dialog is open. */
  rates: ShareRate[] = [];
  ratesState: LoadState = 'idle';
  /** A write running (a rate or a lock): its partner. */
  busy: number | null = null;
  exporting = false;
  private readonly answer = new QueryStore<SettlementResult>();

  constructor(
    private readonly api: ConsoleApi,
    private readonly save: (file: StreamedFile) => void,
    month: string,
  ) {
    this.month = month;
    makeAutoObservable<SettlementStore, 'api' | 'save' | 'answer'>(this, { api: false, save: false, answer: false }, { autoBind: true });
  }

  get result(): SettlementResult | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  setMonth(month: string): void {
    this.month = month;
  }

  setPartner(partner: number | null): void {
    this.partner = partner;
  }

  private query() {
    return { month: this.month, ...(this.partner !== null ? { partner: this.partner } : {}) };
  }

  async load(): Promise<void> {
    return this.answer.load(
      () => this.api.cooperate.settlements(this.query()),
      (result) => {
        if (this.partner === null) this.choices = result.partners.map((p) => ({ id: p.partner, name: p.partner_name }));
      },
    );
  }

  async loadRates(partner: number): Promise<void> {
    this.ratesState = 'loading';
    this.rates = [];
    try {
      const rates = await this.api.cooperate.shareRates(partner);
      runInAction(() => {
        this.rates = rates;
        this.ratesState = 'ready';
      });
    } catch {
      runInAction(() => (this.ratesState = 'failed'));
    }
  }

  /** Sets a rate, then reloads the month; resolves true when saved (a refusal is toasted by the adapter). */
  async setRate(input: ShareRateInput): Promise<boolean> {
    this.busy = input.partner;
    try {
      await this.api.cooperate.setShareRate(input);
      await Promise.all([this.load(), this.loadRates(input.partner)]);
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** Locks the partner's shown month, then reloads it. */
  async lock(partner: number): Promise<boolean> {
    this.busy = partner;
    try {
      await this.api.cooperate.lockSettlement(partner, this.month);
      await this.load();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async export(): Promise<void> {
    if (this.exporting) return;
    this.exporting = true;
    try {
      this.save(await this.api.cooperate.exportSettlements(this.query()));
    } catch {
      // The adapter toasted the refusal.
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }
}

/** root.cooperate(): makes the partner screens' stores (its code loads with those screens). */
export class CooperateStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** 合作概览: KPIs of the last 30 days by default. */
  overview(): PartnerOverviewStore {
    return new ReportStore<PartnerOverviewResult, Record<string, never>>(({ range }) => this.api.cooperate.overview(range), lastDays(this.today(), INCOME_DEFAULT_RANGE_DAYS), {});
  }

  /** 合作报表: this month so far by default (the running figures; the month before is one click back and can be locked). */
  settlements(save: (file: StreamedFile) => void): SettlementStore {
    return new SettlementStore(this.api, save, monthOf(this.today()));
  }
}
