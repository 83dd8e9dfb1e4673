import { makeAutoObservable, runInAction } from 'mobx';
import type {
  GameDetail,
  GameKind,
  GiftCodeRow,
  H5Preview,
  LookupResult,
  PurposeUpload,
  RevealedSecret,
  TagBrief,
  UploadLimits,
  UploadPurpose,
} from '../../contracts/schemas';
import type { ConsoleApi, DownloadedFile, ProgressListener, ResourceRow } from '../adapters/api';
import { isApiError } from '../adapters/errors';
import type { LoadState } from './menu';

/** The catalogue's resources (base paths of the menu's `api`). */
export const GAME_API = {
  games: (kind: GameKind) => `/api/game/${kind}/`,
  allGames: '/api/game/detail/',
  detail: '/api/game/detail/',
  releases: '/api/game/history/',
  batches: '/api/game/code/',
  query: '/api/game/query/',
  h5: '/api/game/h5/',
  upload: '/api/game/upload/',
  partners: '/api/common/partner/',
  tags: '/api/common/tag/',
  accounts: '/api/common/account/',
} as const;

const messageOf = (error: unknown): string => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

/** A choice of a picker: id and name (partners, tags, games). */
export interface Choice {
  id: number;
  name: string;
  color?: string;
  kind?: string;
}

/** Why the console refuses a file before sending it (the server checks the same again). */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'type' | 'size' | 'empty',
    readonly limit: { extensions: string[]; maxBytes: number },
  ) {
    super(reason);
  }
}

/**
 * The game catalogue's calls beyond the generic lists: the pickers' choices (partners,
 * tags, games), uploads for a purpose, publish / rollback, voiding a batch and exporting its codes,
 * revealing a shared account's secret, and the per-screen stores (detail, codes of a batch, lookup,
 * H5 preview). Pages read these; only the adapter touches the network.
 */
export class GameCatalogueStore {
  partners: Choice[] = [];
  tags: Choice[] = [];
  games: Choice[] = [];
  limits: UploadLimits | null = null;
  private loaded = new Set<'partners' | 'tags' | 'games'>();

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<GameCatalogueStore, 'api' | 'loaded'>(this, { api: false, loaded: false }, { autoBind: true });
  }

  private async choices(resource: string, limit = 999): Promise<Choice[]> {
    const page = await this.api.list(resource, { page: 1, limit });
    return page.rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name ?? ''),
      ...(typeof r.color === 'string' ? { color: r.color } : {}),
      ...(typeof r.kind === 'string' ? { kind: r.kind } : {}),
    }));
  }

  /** Loads the pickers' choices once (again with `force`, e.g. after a tag was added). */
  async loadChoices(which: Array<'partners' | 'tags' | 'games'>, force = false): Promise<void> {
    await Promise.all(
      which
        .filter((w) => force || !this.loaded.has(w))
        .map(async (w) => {
          this.loaded.add(w);
          try {
            const list = await this.choices(w === 'partners' ? GAME_API.partners : w === 'tags' ? GAME_API.tags : GAME_API.allGames);
            runInAction(() => {
              this[w] = list;
            });
          } catch {
            // Shown by the adapter; the picker stays empty and loads again next time.
            this.loaded.delete(w);
          }
        }),
    );
  }

  /** The server's upload rules per purpose (asked once). */
  async uploadLimits(): Promise<UploadLimits> {
    if (this.limits) return this.limits;
    const limits = (await this.api.action(GAME_API.upload, 'limits/')) as UploadLimits;
    runInAction(() => {
      this.limits = limits;
    });
    return limits;
  }

  /**
   * Uploads an icon or a release package: refused here first when the type or size is not one the
   * server accepts (UploadRefused), then sent with progress; the answer carries the server's SHA-256.
   */
  async upload(purpose: UploadPurpose, file: File, onProgress?: ProgressListener): Promise<PurposeUpload> {
    const limits = (await this.uploadLimits())[purpose];
    if (limits) {
      const rule = { extensions: limits.extensions, maxBytes: limits.max_bytes };
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      if (!file.name.includes('.') || !limits.extensions.includes(ext)) throw new UploadRefused('type', rule);
      if (file.size === 0) throw new UploadRefused('empty', rule);
      if (file.size > limits.max_bytes) throw new UploadRefused('size', rule);
    }
    return (await this.api.uploadTo(GAME_API.upload, `${purpose}/`, file, file.name, onProgress)) as PurposeUpload;
  }

  publish(release: number): Promise<ResourceRow> {
    return this.api.action(GAME_API.releases, `${release}/publish/`, { method: 'PUT' }) as Promise<ResourceRow>;
  }

  rollback(release: number): Promise<ResourceRow> {
    return this.api.action(GAME_API.releases, `${release}/rollback/`, { method: 'PUT' }) as Promise<ResourceRow>;
  }

  voidBatch(batch: number): Promise<ResourceRow> {
    return this.api.action(GAME_API.batches, `${batch}/void/`, { method: 'PUT' }) as Promise<ResourceRow>;
  }

  exportCodes(batch: number, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.api.downloadFile(GAME_API.batches, `${batch}/export_codes/`, onProgress);
  }

  /** A shared account's secret in clear (its own button; the server logs the call). */
  async reveal(account: number): Promise<string> {
    return ((await this.api.action(GAME_API.accounts, `${account}/reveal/`, { method: 'POST' })) as RevealedSecret).secret;
  }

  detail(id: number): GameDetailStore {
    return new GameDetailStore(this.api, id);
  }

  codes(batch: number): BatchCodesStore {
    return new BatchCodesStore(this.api, batch);
  }

  lookup(): LookupStore {
    return new LookupStore(this.api);
  }

  preview(code: string): PreviewStore {
    return new PreviewStore(this.api, code);
  }
}

/** One game's detail page: the game of any kind with its tabs' figures, and its profile's save. */
export class GameDetailStore {
  game: GameDetail | null = null;
  state: LoadState = 'idle';
  error = '';

  constructor(
    private readonly api: ConsoleApi,
    readonly id: number,
  ) {
    makeAutoObservable<GameDetailStore, 'api'>(this, { api: false, id: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    this.error = '';
    try {
      const game = (await this.api.retrieve(GAME_API.detail, this.id)) as GameDetail;
      runInAction(() => {
        this.game = game;
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'failed';
        this.error = messageOf(error);
      });
    }
  }

  /** PUT the profile (the kind's own rules apply on the server); the page shows the saved game. */
  async save(values: ResourceRow): Promise<void> {
    const game = (await this.api.update(GAME_API.detail, this.id, values)) as GameDetail;
    runInAction(() => {
      this.game = game;
    });
  }
}

export type CodeStatusFilter = GiftCodeRow['status'] | '';

/** The codes of one batch: paged, filtered by status, searched by code or player. */
export class BatchCodesStore {
  rows: GiftCodeRow[] = [];
  total = 0;
  page = 1;
  limit = 10;
  status: CodeStatusFilter = '';
  search = '';
  state: LoadState = 'idle';
  error = '';
  exportProgress: number | null = null;
  private generation = 0;

  constructor(
    private readonly api: ConsoleApi,
    readonly batch: number,
  ) {
    makeAutoObservable<BatchCodesStore, 'api' | 'generation'>(this, { api: false, batch: false, generation: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.state = 'loading';
    this.error = '';
    try {
      // The codes of a batch are a list of their own: /api/game/code/<id>/codes/.
      const page = await this.api.list(`${GAME_API.batches}${this.batch}/codes/`, {
        page: this.page,
        limit: this.limit,
        ...(this.status ? { filters: [{ op: 'equals' as const, field: 'status', value: this.status }] } : {}),
        ...(this.search.trim() ? { search: this.search.trim() } : {}),
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.rows = page.rows as GiftCodeRow[];
        this.total = page.total;
        this.state = 'ready';
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.rows = [];
        this.total = 0;
        this.state = 'failed';
        this.error = messageOf(error);
      });
    }
  }

  setPage(page: number, limit = this.limit): Promise<void> {
    this.limit = limit;
    this.page = Math.max(1, page);
    return this.load();
  }

  filter(status: CodeStatusFilter, search: string): Promise<void> {
    this.status = status;
    this.search = search;
    this.page = 1;
    return this.load();
  }

  async exportAll(): Promise<DownloadedFile> {
    this.exportProgress = 0;
    try {
      return await this.api.downloadFile(GAME_API.batches, `${this.batch}/export_codes/`, (f) =>
        runInAction(() => {
          this.exportProgress = f ?? Number.NaN;
        }),
      );
    } finally {
      runInAction(() => {
        this.exportProgress = null;
      });
    }
  }
}

/** 游戏查询: one search box over every identifier of the catalogue. */
export class LookupStore {
  text = '';
  result: LookupResult | null = null;
  state: LoadState = 'idle';
  error = '';
  private generation = 0;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<LookupStore, 'api' | 'generation'>(this, { api: false, generation: false }, { autoBind: true });
  }

  setText(text: string): void {
    this.text = text;
  }

  async run(text = this.text): Promise<void> {
    const search = text.trim();
    this.text = text;
    if (!search) {
      this.result = null;
      this.state = 'idle';
      return;
    }
    const generation = ++this.generation;
    this.state = 'loading';
    this.error = '';
    try {
      // The hits come as a list of the lookup resource.
      const page = await this.api.list(GAME_API.query, { search });
      const result: LookupResult = { search, total: page.total, data: page.rows as LookupResult['data'] };
      if (generation !== this.generation) return;
      runInAction(() => {
        this.result = result;
        this.state = 'ready';
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
}

/** /preview?code=: the H5 game of that code (an open call: the preview needs no sign-in). */
export class PreviewStore {
  game: H5Preview | null = null;
  state: LoadState | 'missing' = 'idle';
  error = '';

  constructor(
    private readonly api: ConsoleApi,
    readonly code: string,
  ) {
    makeAutoObservable<PreviewStore, 'api'>(this, { api: false, code: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    this.error = '';
    try {
      // An open call (the preview needs no sign-in); an unknown code is shown on the page, not toasted.
      const game = (await this.api.action(GAME_API.h5, `preview/${encodeURIComponent(this.code)}/`, { quiet: true })) as H5Preview;
      runInAction(() => {
        this.game = game;
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.game = null;
        // The server answers an unknown code with code 404 and its message.
        this.state = isApiError(error) && error.code === 404 ? 'missing' : 'failed';
        this.error = messageOf(error);
      });
    }
  }
}

export type { TagBrief };
