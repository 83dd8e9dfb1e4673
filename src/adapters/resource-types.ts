import type { Params } from './rest/params';

/**
 * Generic resource calls (API-CONTRACT §3, §14): every management screen is a viewset at a base path
 * such as '/api/system/user/' with list / retrieve / create / update / destroy / multiple_delete /
 * export_data / import_data and extra actions.
 */

export type RowId = number | string;

/** One row as the server sends it (fields differ per resource). */
export type ResourceRow = Record<string, unknown>;

/** Query of a list call: page, limit, ordering ('-' for descending) and any filter. */
export interface ListQuery {
  page?: number;
  limit?: number;
  ordering?: string;
  [filter: string]: Params[string];
}

/** One page of a list. Non-paginated answers (a bare array, or `total: 1` trees) come back as one page. */
export interface ResourcePage {
  page: number;
  limit: number;
  total: number;
  rows: ResourceRow[];
}

/** A downloaded file (export, import template). */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

/** Share of a transfer done, 0..1 (null when the size is unknown). */
export type ProgressListener = (fraction: number | null) => void;

/** An uploaded file (spec §3): url and id. */
export interface UploadedFile {
  id: number;
  url: string;
  name?: string;
}

export interface ActionOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Params;
  body?: unknown;
  /** A failure is neither shown nor logged: the caller copes (e.g. an endpoint some back ends lack). */
  quiet?: boolean;
  /** Without the session: no Authorization header, no token refresh (calls made before sign-in). */
  signedOut?: boolean;
}

/** The resource half of ConsoleApi. */
export interface ResourceApi {
  list(resource: string, query?: ListQuery): Promise<ResourcePage>;
  retrieve(resource: string, id: RowId): Promise<ResourceRow>;
  create(resource: string, body: ResourceRow): Promise<ResourceRow>;
  update(resource: string, id: RowId, body: ResourceRow): Promise<ResourceRow>;
  remove(resource: string, id: RowId): Promise<void>;
  multipleDelete(resource: string, keys: readonly RowId[]): Promise<void>;
  /** GET export_data/ with the list's filters; the file name comes from content-disposition (default 文件导出.xlsx). */
  exportData(resource: string, query: ListQuery, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** GET import_data/: the import template. */
  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** Uploads the file (api/system/file/), then POST import_data/ with its url. Resolves with the server's message. */
  importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string>;
  /** An extra action under the resource, e.g. action('/api/system/user/', '3/reset_password/', { method: 'PUT', body }). */
  action(resource: string, path: string, options?: ActionOptions): Promise<unknown>;
  /** POST api/system/file/ (multipart field `file`); 上传失败 when the answer has no data. */
  upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile>;
  /**
   * A multipart upload (field `file`) to an action of a resource, e.g. uploadTo('/api/game/', 'upload/',
   * file, name, { params: { purpose: 'package' } }): the HTTP rules of every call, upload progress, and
   * the answer's data as it is.
   */
  uploadTo(resource: string, path: string, file: Blob, fileName: string, options?: { params?: Params; onProgress?: ProgressListener }): Promise<unknown>;
  /** GET a file an action of a resource answers (e.g. a batch's codes as xlsx); the name from content-disposition. */
  download(resource: string, path: string, params?: Params, onProgress?: ProgressListener): Promise<DownloadedFile>;
}
