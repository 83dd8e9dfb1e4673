import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, PartnerOverviewResult, SettlementResult, ShareRate, ShareRateInput, StreamedFile } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import { INCOME_DEFAULT_RANGE_DAYS } from '../../../config';
import { lastDays, ReportStore } from '../../income/stores/income';
import type { LoadState } from '../../../stores/menu';

/**
 * The partner screens' state (issue 16 part B, cooperate/*): the KPIs over a date range (a revenue
 * report store: range, generation guard) and the month's settlements with the rate and lock actions.
 * Money stays integer minor units; rates are basis points (the form converts a percentage once).
 */

const messageOf = (error: unknown): string => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

export type PartnerOverviewStore = ReportStore<PartnerOverviewResult, Record<string, never>>;

/** YYYY-MM of a date (local calendar, as the date pickers). */
export const monthOf = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
/** Percent (e.g. 63.33) → basis points (6333), rounded to a whole basis point. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

export class SettlementStore {
  month: string;
  /** null: every partner. */
  partner: number | null = null;
  result: SettlementResult | null = null;
  state: LoadState = 'idle';
  error = '';
  /** The partners seen in the last answer for every partner (the picker's choices). */
  choices: Array<{ id: number; name: string }> = [];
  /** The rate history of the partner whose rate dialog is open. */
  rates: ShareRate[] = [];
  ratesState: LoadState = 'idle';
  /** A write running (a rate or a lock): its partner. */
  busy: number | null = null;
  exporting = false;
  private generation = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly save: (file: StreamedFile) => void,
    month: string,
  ) {
    this.month = month;
    makeAutoObservable<SettlementStore, 'api' | 'save' | 'generation'>(this, { api: false, save: false, generation: false }, { autoBind: true });
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
    const generation = ++this.generation;
    this.state = 'loading';
    this.error = '';
    try {
      const result = await this.api.settlements(this.query());
      if (generation !== this.generation) return;
      runInAction(() => {
        this.result = result;
        this.state = 'ready';
        if (this.partner === null) this.choices = result.partners.map((p) => ({ id: p.partner, name: p.partner_name }));
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.result = null;
        this.state = 'failed';
        this.error = messageOf(error);
      });
    }
  }

  async loadRates(partner: number): Promise<void> {
    this.ratesState = 'loading';
    this.rates = [];
    try {
      const rates = await this.api.shareRates(partner);
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
      await this.api.setShareRate(input);
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
      await this.api.lockSettlement(partner, this.month);
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
      this.save(await this.api.exportSettlements(this.query()));
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
    return new ReportStore<PartnerOverviewResult, Record<string, never>>(({ range }) => this.api.partnerOverview(range), lastDays(this.today(), INCOME_DEFAULT_RANGE_DAYS), {});
  }

  /** 合作报表: this month so far by default (the running figures; the month before is one click back and can be locked). */
  settlements(save: (file: StreamedFile) => void): SettlementStore {
    return new SettlementStore(this.api, save, monthOf(this.today()));
  }
}
