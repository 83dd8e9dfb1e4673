import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, ResourceRow, RunRow, RunState, TaskArgument, TaskKindRow, WorkersAnswer } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import { AUTOMATION_PICKER_LIMIT, AUTOMATION_RUNS_PAGE_SIZE } from '../../../config';
import type { LoadState } from '../../../stores/menu';
import { PageCheckHistoryStore } from './page-check-history';

/**
 * The automation screens' state (automation/*): the task kinds and their runs (filters,
 * paging, run now, cancel, retry), the workers and queues, and what the schedule screen needs beyond
 * the CRUD page (task kinds, crontab and interval choices, run now, enable/disable). Late answers
 * are dropped (a generation guard), so a quick filter change never shows an older list.
 */

export const RUN_STATE_LIST: readonly RunState[] = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'];
/** States a run may still leave (the runs list refreshes while one is on the page). */
export const ACTIVE_RUN_STATES: readonly RunState[] = ['queued', 'running', 'retrying'];
/** Tag colours of the states (PrimeReact Tag severities). */
export const RUN_STATE_SEVERITY: Record<RunState, 'info' | 'warning' | 'success' | 'danger' | 'secondary' | 'contrast'> = {
  queued: 'secondary',
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  retrying: 'warning',
  cancelled: 'contrast',
};

const messageOf = (error: unknown): string => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

// ---- arguments forms (a task kind's `arguments` description → form values → the args body)

export type ArgValues = Record<string, unknown>;

/** The form's first values: the saved arguments where given, else each argument's default. */
export function argDefaults(form: readonly TaskArgument[], saved: Record<string, unknown> = {}): ArgValues {
  const out: ArgValues = {};
  for (const a of form) {
    const v = a.name in saved ? saved[a.name] : a.default;
    out[a.name] = v === undefined ? null : v;
  }
  return out;
}

export type ArgProblem = { kind: 'required' } | { kind: 'integer' } | { kind: 'min'; limit: number } | { kind: 'max'; limit: number } | { kind: 'maxLength'; limit: number } | { kind: 'date' } | { kind: 'option' };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The args body of the form values, checked against the description (the server checks again with the
 * task's schema and its message shows in the dialog): blank optional arguments are left out, integers
 * sent as numbers, texts trimmed. `problems` names each argument that cannot be sent as it is.
 */
export function argsBody(form: readonly TaskArgument[], values: ArgValues): { args: Record<string, unknown>; problems: Record<string, ArgProblem> } {
  const args: Record<string, unknown> = {};
  const problems: Record<string, ArgProblem> = {};
  for (const a of form) {
    const v = values[a.name];
    if (blank(v)) {
      if (a.required) problems[a.name] = { kind: 'required' };
      continue;
    }
    if (a.type === 'integer') {
      const n = typeof v === 'number' ? v : Number(String(v).trim());
      if (!Number.isInteger(n)) problems[a.name] = { kind: 'integer' };
      else if (a.min !== undefined && n < a.min) problems[a.name] = { kind: 'min', limit: a.min };
      else if (a.max !== undefined && n > a.max) problems[a.name] = { kind: 'max', limit: a.max };
      else args[a.name] = n;
      continue;
    }
    const text = String(v).trim();
    if (a.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) problems[a.name] = { kind: 'date' };
    else if (a.type === 'enum' && a.options && !a.options.includes(text)) problems[a.name] = { kind: 'option' };
    else if (a.max !== undefined && text.length > a.max) problems[a.name] = { kind: 'maxLength', limit: a.max };
    else args[a.name] = text;
  }
  return { args, problems };
}

/** Seconds between an instant and `now` (never negative); null when absent or unreadable. */
export function ageSeconds(iso: string | null, now: number): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : Math.max(0, Math.round((now - t) / 1000));
}

/** The result of a run as one line of text (JSON for objects). */
export function resultText(result: unknown): string {
  if (result === null || result === undefined) return '';
  return typeof result === 'string' ? result : JSON.stringify(result);
}

// ---- 任务管理

export class TaskRunsStore {
  kinds: TaskKindRow[] = [];
  kindsState: LoadState = 'idle';
  runs: RunRow[] = [];
  total = 0;
  page = 1;
  limit = AUTOMATION_RUNS_PAGE_SIZE;
  state: LoadState = 'idle';
  error = '';
  filterState: RunState | null = null;
  filterTask: string | null = null;
  /** A write running: the run id (cancel, retry) or the task kind (run now). */
  busy: string | null = null;
  private generation = 0;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<TaskRunsStore, 'api' | 'generation'>(this, { api: false, generation: false }, { autoBind: true });
  }

  /** Whether a run on the page may still change (the page refreshes while so). */
  get hasActive(): boolean {
    return this.runs.some((r) => ACTIVE_RUN_STATES.includes(r.state));
  }

  kindOf(kind: string): TaskKindRow | undefined {
    return this.kinds.find((k) => k.kind === kind);
  }

  async loadKinds(): Promise<void> {
    if (this.kindsState !== 'ready') this.kindsState = 'loading';
    try {
      const kinds = await this.api.automation.taskKinds();
      runInAction(() => {
        this.kinds = kinds;
        this.kindsState = 'ready';
      });
    } catch {
      runInAction(() => (this.kindsState = 'failed'));
    }
  }

  /** Loads the runs page; `quiet` keeps the rows on screen while it loads (the timed refresh). */
  async load(quiet = false): Promise<void> {
    const generation = ++this.generation;
    if (!quiet) this.state = 'loading';
    try {
      const page = await this.api.automation.runs({
        ...(this.filterTask ? { task: this.filterTask } : {}),
        ...(this.filterState ? { state: this.filterState } : {}),
        page: this.page,
        limit: this.limit,
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.runs = page.data;
        this.total = page.total;
        this.state = 'ready';
        this.error = '';
      });
      // A page past the end (the list shrank under a filter): the last page instead.
      if (page.data.length === 0 && page.total > 0 && this.page > 1) {
        runInAction(() => (this.page = Math.max(1, Math.ceil(page.total / this.limit))));
        await this.load(quiet);
      }
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        if (!quiet) this.runs = [];
        this.state = 'failed';
        this.error = messageOf(error);
      });
    }
  }

  refresh(): Promise<void> {
    return Promise.all([this.loadKinds(), this.load()]).then(() => undefined);
  }

  setFilterState(state: RunState | null): Promise<void> {
    this.filterState = state;
    this.page = 1;
    return this.load();
  }

  setFilterTask(task: string | null): Promise<void> {
    this.filterTask = task;
    this.page = 1;
    return this.load();
  }

  setPage(page: number, limit: number): Promise<void> {
    this.page = page;
    this.limit = limit;
    return this.load();
  }

  /** Queues a run now; resolves with its id (null when refused: the adapter toasted the server's message). */
  async runNow(kind: string, args: Record<string, unknown>): Promise<string | null> {
    return this.write(kind, () => this.api.automation.runTask(kind, args));
  }

  async cancel(run: string): Promise<boolean> {
    return (await this.write(run, () => this.api.automation.cancelRun(run))) !== null;
  }

  /** Queues a new run with the same task and arguments; resolves with its id. */
  async retry(run: string): Promise<string | null> {
    return this.write(run, () => this.api.automation.retryRun(run));
  }

  private async write<T>(key: string, call: () => Promise<T>): Promise<T | null> {
    this.busy = key;
    try {
      const value = await call();
      await Promise.all([this.load(true), this.loadKinds()]);
      return value;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}

// ---- 执行节点

export class WorkersStore {
  answer: WorkersAnswer | null = null;
  state: LoadState = 'idle';
  error = '';
  /** When the shown answer arrived (ms since the epoch): heartbeat ages are counted from it. */
  loadedAt = 0;
  private generation = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<WorkersStore, 'api' | 'generation' | 'now'>(this, { api: false, generation: false, now: false }, { autoBind: true });
  }

  /** Loads the workers; a timed refresh keeps the last answer on screen while it loads or if it fails. */
  async load(quiet = false): Promise<void> {
    const generation = ++this.generation;
    if (!quiet || this.answer === null) this.state = 'loading';
    try {
      const answer = await this.api.automation.workers();
      if (generation !== this.generation) return;
      runInAction(() => {
        this.answer = answer;
        this.loadedAt = this.now();
        this.state = 'ready';
        this.error = '';
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.error = messageOf(error);
        if (!quiet || this.answer === null) {
          this.answer = null;
          this.state = 'failed';
        }
      });
    }
  }

  /** Workers by status, for the summary: online, lost, stopped. */
  get counts(): Record<'online' | 'lost' | 'stopped', number> {
    const out = { online: 0, lost: 0, stopped: 0 };
    for (const w of this.answer?.workers ?? []) out[w.status] += 1;
    return out;
  }
}

// ---- root.automation()

const CRONTABS = '/api/automation/crontab/';
const INTERVALS = '/api/automation/interval/';
const SCHEDULES = '/api/automation/schedule/';
const H5_GAMES = '/api/game/h5/';

/** root.automation(): makes the automation screens' stores and holds what the schedule screen shares. */
export class AutomationStore {
  private kindsPromise: Promise<TaskKindRow[]> | null = null;

  constructor(private readonly api: ConsoleApi) {}

  taskRuns(): TaskRunsStore {
    return new TaskRunsStore(this.api);
  }

  workers(): WorkersStore {
    return new WorkersStore(this.api);
  }

  // a locator's check results (页面元素's history drawer).
  pageCheckHistory(): PageCheckHistoryStore {
    return new PageCheckHistoryStore(this.api);
  }

  /** The task kinds (asked once; a failure is asked again next time). */
  taskKinds(): Promise<TaskKindRow[]> {
    this.kindsPromise ??= this.api.automation.taskKinds().catch((error: unknown) => {
      this.kindsPromise = null;
      throw error;
    });
    return this.kindsPromise;
  }

  /** The crontabs or intervals a schedule can be bound to (the newest first, up to the picker's limit). */
  async choices(kind: 'crontab' | 'interval'): Promise<ResourceRow[]> {
    const page = await this.api.list(kind === 'crontab' ? CRONTABS : INTERVALS, { page: 1, limit: AUTOMATION_PICKER_LIMIT, ordering: { field: 'create_datetime', direction: 'desc' } });
    return page.rows;
  }

  /** Queues a run of a schedule now; the run id, or null when refused (toasted by the adapter). */
  async runSchedule(id: number): Promise<string | null> {
    try {
      return await this.api.automation.runSchedule(id);
    } catch {
      return null;
    }
  }

  /** Queues a run of a task kind now (e.g. the page checks of one locator); the run id, or null when refused (toasted by the adapter). */
  async runTask(kind: string, args: Record<string, unknown>): Promise<string | null> {
    try {
      return await this.api.automation.runTask(kind, args);
    } catch {
      return null;
    }
  }

  /** The H5 games (page locators belong to one), by name. */
  async h5Games(): Promise<Array<{ id: number; name: string }>> {
    const page = await this.api.list(H5_GAMES, { page: 1, limit: AUTOMATION_PICKER_LIMIT, ordering: { field: 'name', direction: 'asc' } });
    return page.rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? r.id) }));
  }

  /** Enables or disables a schedule (PUT with that field alone); whether it was saved. */
  async setScheduleEnabled(id: number, enabled: boolean): Promise<boolean> {
    try {
      await this.api.update(SCHEDULES, id, { enabled });
      return true;
    } catch {
      return false;
    }
  }
}
