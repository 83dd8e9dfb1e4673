import { makeAutoObservable, runInAction } from 'mobx';
import {
  DEFAULT_WORKBENCH,
  WIDGET_KINDS,
  WIDGET_RULES,
  WORKBENCH_COLS,
  WORKBENCH_MAX_WIDGETS,
  WORKBENCH_ROWS,
  type WidgetKind,
  type WorkbenchWidget,
} from '../../../../contracts/schemas/dashboard/workbench';
import type { ReceivedMessage } from '../../../../contracts/schemas';
import type { GameKpis } from '../adapters/workbench';
import type { ConsoleApi, MyLogin, WorkbenchShortcut } from '../../../adapters/api';
import { ApiError } from '../../../adapters/errors';

export type WorkbenchState = 'idle' | 'loading' | 'ready' | 'error';
/** One cell change of the grid library (x/y/w/h by widget id). */
export interface GridCell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const same = (a: readonly WorkbenchWidget[], b: readonly WorkbenchWidget[]): boolean =>
  a.length === b.length && a.every((w, n) => { const o = b[n]; return !!o && o.i === w.i && o.kind === w.kind && o.x === w.x && o.y === w.y && o.w === w.w && o.h === w.h; });

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));

/**
 * The workbench page: the signed-in user's saved layout, an edit mode working on a draft
 * (add from the palette, remove, the grid's drags and resizes, back to the default) that 保存 writes
 * to the server and 取消 drops, plus the data of the widgets that are the workbench's own (shortcuts,
 * own sign-ins). Saving is explicit: nothing is written while dragging.
 */
export class WorkbenchStore {
  widgets: WorkbenchWidget[] = [];
  saved = false;
  state: WorkbenchState = 'idle';
  error = '';
  editing = false;
  draft: WorkbenchWidget[] = [];
  saving = false;
  saveError = '';
  shortcuts: WorkbenchShortcut[] | null = null;
  shortcutsState: WorkbenchState = 'idle';
  logins: MyLogin[] | null = null;
  loginsState: WorkbenchState = 'idle';
  messages: ReceivedMessage[] | null = null;
  messagesState: WorkbenchState = 'idle';
  /** Today's game KPIs (the game_kpis widget). */
  kpis: GameKpis | null = null;
  kpisState: WorkbenchState = 'idle';
  kpisError = '';
  private counter = 0;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<WorkbenchStore, 'api' | 'counter'>(this, { api: false, counter: false }, { autoBind: true });
  }

  /** What the grid shows: the draft while editing, else the saved layout. */
  get shown(): WorkbenchWidget[] {
    return this.editing ? this.draft : this.widgets;
  }

  get dirty(): boolean {
    return this.editing && !same(this.draft, this.widgets);
  }

  /** Whether another widget of `kind` may be placed in the draft. */
  canAdd(kind: WidgetKind): boolean {
    if (this.draft.length >= WORKBENCH_MAX_WIDGETS) return false;
    if (!WIDGET_RULES[kind].multiple && this.draft.some((w) => w.kind === kind)) return false;
    return this.bottom + WIDGET_RULES[kind].h <= WORKBENCH_ROWS;
  }

  get palette(): Array<{ kind: WidgetKind; enabled: boolean }> {
    return WIDGET_KINDS.map((kind) => ({ kind, enabled: this.canAdd(kind) }));
  }

  private get bottom(): number {
    return this.draft.reduce((max, w) => Math.max(max, w.y + w.h), 0);
  }

  /** Loads the layout; a reload of a shown layout keeps showing it (the widgets keep their state). */
  async load(): Promise<void> {
    if (this.state !== 'ready') this.state = 'loading';
    this.error = '';
    try {
      const layout = await this.api.dashboard.layout();
      runInAction(() => {
        // While editing, the draft stays; the saved layout underneath is refreshed.
        if (!same(layout.widgets, this.widgets)) this.widgets = layout.widgets;
        this.saved = layout.saved;
        this.state = 'ready';
      });
    } catch (err) {
      runInAction(() => {
        this.state = 'error';
        this.error = err instanceof ApiError ? err.message : String(err);
      });
    }
  }

  async loadShortcuts(): Promise<void> {
    if (this.shortcuts === null) this.shortcutsState = 'loading';
    try {
      const rows = await this.api.dashboard.shortcuts();
      runInAction(() => {
        this.shortcuts = rows;
        this.shortcutsState = 'ready';
      });
    } catch {
      runInAction(() => (this.shortcutsState = 'error'));
    }
  }

  async loadLogins(): Promise<void> {
    if (this.logins === null) this.loginsState = 'loading';
    try {
      const rows = await this.api.dashboard.myLogins();
      runInAction(() => {
        this.logins = rows;
        this.loginsState = 'ready';
      });
    } catch {
      runInAction(() => (this.loginsState = 'error'));
    }
  }

  async loadKpis(): Promise<void> {
    if (this.kpis === null) this.kpisState = 'loading';
    try {
      const kpis = await this.api.dashboard.gameKpis();
      runInAction(() => {
        this.kpis = kpis;
        this.kpisState = 'ready';
        this.kpisError = '';
      });
    } catch (err) {
      runInAction(() => {
        this.kpisState = 'error';
        this.kpisError = err instanceof ApiError ? err.message : String(err);
      });
    }
  }

  /** The newest received messages (the page's own list: the message center's paging is left alone). */
  async loadMessages(limit: number): Promise<void> {
    if (this.messages === null) this.messagesState = 'loading';
    try {
      const page = await this.api.messages.received({ page: 1, limit });
      runInAction(() => {
        this.messages = page.data;
        this.messagesState = 'ready';
      });
    } catch {
      runInAction(() => (this.messagesState = 'error'));
    }
  }

  /** The sign-in before this session's (the newest row is the current one), or the newest when only one. */
  get lastLogin(): MyLogin | null {
    if (!this.logins || this.logins.length === 0) return null;
    return this.logins[1] ?? this.logins[0] ?? null;
  }

  startEdit(): void {
    this.draft = this.widgets.map((w) => ({ ...w }));
    this.saveError = '';
    this.editing = true;
  }

  cancelEdit(): void {
    this.editing = false;
    this.draft = [];
    this.saveError = '';
  }

  /** The grid's positions after a drag or resize (ids it does not know are ignored), kept inside the grid. */
  applyGrid(cells: readonly GridCell[]): void {
    if (!this.editing) return;
    const byId = new Map(cells.map((c) => [c.i, c]));
    const next = this.draft.map((w) => {
      const c = byId.get(w.i);
      if (!c) return w;
      const rule = WIDGET_RULES[w.kind];
      const width = clamp(c.w, rule.minW, Math.min(rule.maxW, WORKBENCH_COLS));
      const height = clamp(c.h, rule.minH, rule.maxH);
      return { ...w, x: clamp(c.x, 0, WORKBENCH_COLS - width), y: clamp(c.y, 0, WORKBENCH_ROWS - height), w: width, h: height };
    });
    if (!same(next, this.draft)) this.draft = next;
  }

  /** Places a widget of `kind` at the bottom, full default size; false when it may not be added. */
  add(kind: WidgetKind): boolean {
    if (!this.editing || !this.canAdd(kind)) return false;
    const rule = WIDGET_RULES[kind];
    let id: string = kind;
    while (this.draft.some((w) => w.i === id)) id = `${kind}-${(++this.counter).toString(36)}`;
    this.draft = [...this.draft, { i: id, kind, x: 0, y: this.bottom, w: Math.min(rule.w, WORKBENCH_COLS), h: rule.h }];
    return true;
  }

  remove(id: string): void {
    if (this.editing) this.draft = this.draft.filter((w) => w.i !== id);
  }

  /** The draft becomes the default layout (written by 保存; 取消 keeps the saved one). */
  resetDraft(): void {
    if (this.editing) this.draft = DEFAULT_WORKBENCH.map((w) => ({ ...w }));
  }

  /**
   * Writes the draft. The default layout is saved as "no layout" (DELETE), so the user follows later
   * changes of the default. True when stored; the edit mode stays open with the message otherwise.
   */
  async save(): Promise<boolean> {
    if (!this.editing || this.saving) return false;
    this.saving = true;
    this.saveError = '';
    const draft = this.draft.map((w) => ({ ...w }));
    try {
      const layout = same(draft, DEFAULT_WORKBENCH) ? await this.api.dashboard.resetLayout() : await this.api.dashboard.saveLayout(draft);
      runInAction(() => {
        this.widgets = layout.widgets;
        this.saved = layout.saved;
        this.editing = false;
        this.draft = [];
      });
      return true;
    } catch (err) {
      runInAction(() => (this.saveError = err instanceof ApiError ? err.message : String(err)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
