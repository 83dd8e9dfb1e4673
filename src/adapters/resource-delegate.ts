import type { ActionOptions, DownloadedFile, ListQuery, ProgressListener, ResourceApi, ResourcePage, ResourceRow, RowId, UploadedFile } from './resource-types';
import type { Params } from './rest/params';

/**
 * The resource half of a ConsoleApi handed to the object that does the work (rest/resources.ts), so
 * both adapters (REST and GraphQL) carry the same generic resource calls without writing them twice.
 */
export abstract class ResourceDelegate implements ResourceApi {
  /** Generic resource calls (list, retrieve, create, update, delete, export, import, upload, actions). */
  protected abstract readonly resources: ResourceApi;

  list(resource: string, query?: ListQuery): Promise<ResourcePage> {
    return this.resources.list(resource, query);
  }
  retrieve(resource: string, id: RowId): Promise<ResourceRow> {
    return this.resources.retrieve(resource, id);
  }
  create(resource: string, body: ResourceRow): Promise<ResourceRow> {
    return this.resources.create(resource, body);
  }
  update(resource: string, id: RowId, body: ResourceRow): Promise<ResourceRow> {
    return this.resources.update(resource, id, body);
  }
  remove(resource: string, id: RowId): Promise<void> {
    return this.resources.remove(resource, id);
  }
  multipleDelete(resource: string, keys: readonly RowId[]): Promise<void> {
    return this.resources.multipleDelete(resource, keys);
  }
  action(resource: string, path: string, options?: ActionOptions): Promise<unknown> {
    return this.resources.action(resource, path, options);
  }
  exportData(resource: string, query: ListQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.exportData(resource, query, onProgress);
  }
  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.importTemplate(resource, onProgress);
  }
  importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string> {
    return this.resources.importData(resource, file, fileName, onProgress);
  }
  upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile> {
    return this.resources.upload(file, fileName, onProgress);
  }
  uploadTo(resource: string, path: string, file: Blob, fileName: string, options?: { params?: Params; onProgress?: ProgressListener }): Promise<unknown> {
    return this.resources.uploadTo(resource, path, file, fileName, options);
  }
  download(resource: string, path: string, params?: Params, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.download(resource, path, params, onProgress);
  }
}
