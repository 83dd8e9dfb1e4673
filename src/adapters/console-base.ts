import type { OAuth2Config } from '../../contracts/schemas';
import type {
  ActionOptions,
  DownloadedFile,
  ExportQuery,
  FeaturePorts,
  ListQuery,
  LoginSession,
  NewPassword,
  ProgressListener,
  ResourceApi,
  ResourcePage,
  ResourceRow,
  RowId,
  UploadedFile,
  UploadOptions,
} from './api';
import { encodePassword, type PasswordEncoding } from './password';
import type { AnalysisReport, PortTransport, ReportParams, StreamedFile, StreamOptions } from './port';
import { createPorts } from './ports';
import type { HttpClient, RequestOptions } from './rest/http';
import { loginSessionOf, oauth2ConfigOf } from './rest/login-api';

/** Generic resource calls plus a JSON request on the adapter's own transport (REST, or the gateway's rest / restWrite). */
export interface ResourceTransport extends ResourceApi {
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** GET a file at a path with ordered query pairs (files travel over REST in both adapters). */
  downloadFrom(path: string, pairs: ReportParams, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** Like downloadFrom, reporting bytes received and the X-Export-Rows header, cancellable by a signal. */
  streamFrom(path: string, pairs: ReportParams, options?: StreamOptions): Promise<StreamedFile>;
}

const USERS = '/api/system/user/';
const OAUTH2 = '/api/oauth2/';

// The feature ports are properties of every adapter, set once by attachPorts.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- declaration merging adds the ports, assigned in attachPorts
export interface ConsoleApiBase extends FeaturePorts {}

/**
 * What both adapters (REST and GraphQL) share, written once: the generic resource calls handed to the
 * object that does the work, the password calls (encoded like the login's), the OAuth2 sign-in whose
 * session goes into the cookies through the HTTP client (their one writer), and the seam the feature
 * ports run over (port.ts), built from the adapter's transport.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the ports are assigned in attachPorts
export abstract class ConsoleApiBase implements ResourceApi {
  /** The HTTP client whose rules every call runs under; it owns the session cookies. */
  protected abstract readonly http: HttpClient;
  protected abstract readonly resources: ResourceTransport;
  protected abstract readonly passwordEncoding: PasswordEncoding;

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
  exportData(resource: string, query: ExportQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.exportData(resource, query, onProgress);
  }
  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.importTemplate(resource, onProgress);
  }
  importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string> {
    return this.resources.importData(resource, file, fileName, onProgress);
  }
  upload(file: Blob, fileName: string, options?: UploadOptions): Promise<UploadedFile> {
    return this.resources.upload(file, fileName, options);
  }
  uploadTo(resource: string, path: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<unknown> {
    return this.resources.uploadTo(resource, path, file, fileName, onProgress);
  }
  downloadFile(resource: string, path: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.downloadFile(resource, path, onProgress);
  }

  /** A read with ordered pairs (REST: GET with the query; GraphQL: the gateway's resourceList with equals arguments). */
  protected abstract read(path: string, pairs: ReportParams): Promise<unknown>;
  /** An analysis report of event tracking (REST: GET data_embed/<report>/; GraphQL: the gateway's trackingReport). */
  protected abstract analysis(report: AnalysisReport, pairs: ReportParams): Promise<unknown>;

  /** The seam of the feature ports on this adapter's transport. */
  protected portTransport(): PortTransport {
    return {
      read: (path, pairs) => this.read(path, pairs),
      analysis: (report, pairs) => this.analysis(report, pairs),
      request: (options) => this.resources.request(options),
      uploadTo: (resource, path, file, fileName, onProgress) => this.resources.uploadTo(resource, path, file, fileName, onProgress),
      downloadFrom: (path, pairs, onProgress) => this.resources.downloadFrom(path, pairs, onProgress),
      streamFrom: (path, pairs, options) => this.resources.streamFrom(path, pairs, options),
      malformed: (request) => this.http.malformed(request),
    };
  }

  /** Sets the feature ports (the subclass's constructor calls it once its transport exists). */
  protected attachPorts(own: Partial<FeaturePorts> = {}): void {
    Object.assign(this, createPorts(this.portTransport(), own));
  }

  async resetPassword(userId: RowId, form: NewPassword): Promise<void> {
    await this.resources.request({ method: 'PUT', path: `${USERS}${userId}/reset_password/`, body: this.encoded(form) });
  }

  async changePassword(userId: RowId, form: NewPassword & { oldPassword: string }): Promise<void> {
    await this.resources.request({ method: 'PUT', path: `${USERS}${userId}/change_password/`, body: this.encoded(form) });
  }

  async oauth2Config(): Promise<OAuth2Config> {
    const request: RequestOptions = { path: `${OAUTH2}config/`, plain: true, quiet: true };
    const data = await this.resources.request(request);
    const config = oauth2ConfigOf(data);
    if (!config) throw this.http.malformed(request);
    return config;
  }

  async oauth2Login(input: { code: string; redirectUri: string }): Promise<LoginSession> {
    const request: RequestOptions = { method: 'POST', path: `${OAUTH2}login/`, body: { code: input.code, redirectUri: input.redirectUri } };
    const session = loginSessionOf(await this.resources.request(request));
    if (!session) throw this.http.malformed(request);
    this.http.session.start(session);
    return session;
  }

  /** Every password field of a body, encoded the way the login's is. */
  private encoded<F extends object>(form: F): Record<string, string> {
    return Object.fromEntries(Object.entries(form).map(([key, value]) => [key, encodePassword(this.passwordEncoding, String(value))]));
  }
}

export { loginSessionOf };
