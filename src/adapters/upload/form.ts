import { isRecord } from '../../../contracts/json';
import { MESSAGE_DURATION_MS } from '../../config';
import type { Translate } from '../../i18n';
import type { ApiCallbacks, ProgressListener, UploadedFile } from '../api';
import { ApiError } from '../errors';
import { replyOf, type HttpClient } from '../rest/http';
import { apiUrl } from '../rest/urls';
import type { PostForm, UploadBackend } from './types';

/** Where the form back end posts (spec §7). */
export const FORM_UPLOAD_PATH = 'api/system/file/';

export interface FormUploadOptions {
  serverUrl: string;
  /** The console's HTTP client: its rules (envelope codes, 401 refresh and retry, timeouts) apply to the upload. */
  http: HttpClient;
  t: Translate;
  callbacks: ApiCallbacks;
  post: PostForm;
}

/**
 * The default back end: multipart field `file` to POST api/system/file/ with the JWT; the answer's
 * data.url and data.id; 上传失败 when data is empty.
 */
export class FormUpload implements UploadBackend {
  readonly module = 'form' as const;

  constructor(private readonly options: FormUploadOptions) {}

  async upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile> {
    const { http, post, serverUrl } = this.options;
    const url = apiUrl(serverUrl, FORM_UPLOAD_PATH);
    const data = await http.perform<unknown>({ method: 'POST', path: FORM_UPLOAD_PATH }, async (auth, signal) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...auth };
      const answer = await post(url, [['file', file, fileName]], { headers, signal, onProgress });
      return replyOf(answer.status, answer.status >= 200 && answer.status < 300, answer.text);
    });
    const link = isRecord(data) ? (typeof data.url === 'string' && data.url ? data.url : typeof data.file_url === 'string' ? data.file_url : '') : '';
    if (!isRecord(data) || !link) throw uploadFailed(this.options, FORM_UPLOAD_PATH, null);
    return { id: Number(data.id) || 0, url: link, ...(typeof data.name === 'string' ? { name: data.name } : {}) };
  }
}

/** Shows and logs 上传失败, and builds the error the upload rejects with. */
export function uploadFailed(options: { t: Translate; callbacks: ApiCallbacks }, url: string, status: number | null): ApiError {
  const message = options.t('adapter.uploadFailed');
  options.callbacks.notify({ severity: 'error', text: message, life: MESSAGE_DURATION_MS });
  options.callbacks.logFailure({ message, url, severity: 'error' });
  return new ApiError(status === null ? 'format' : 'http', message, url, status);
}
