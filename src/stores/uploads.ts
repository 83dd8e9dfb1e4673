import type { ConsoleApi, ProgressListener, UploadedFile } from '../adapters/api';
import { UPLOAD_MODULE_SETTING } from '../config';
import type { SettingsStore } from './settings';

/**
 * Uploads of the console (form fields, the avatar): each goes through the back end the server
 * settings name (spec §7: `form`, the default, or `alioss`, `cos`, `qiniu`).
 */
export class UploadsStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly settings: SettingsStore,
  ) {}

  /** The module named by the setting (`file_storage.upload_module`), `form` when it is not set. */
  get module(): string {
    return this.settings.text(UPLOAD_MODULE_SETTING) ?? 'form';
  }

  upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile> {
    return this.api.upload(file, fileName, { module: this.module, ...(onProgress ? { onProgress } : {}) });
  }
}
