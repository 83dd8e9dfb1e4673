import { isRecord } from '../../../contracts/json';
import type { Translate } from '../../i18n';
import type { ApiCallbacks } from '../api';
import type { HttpClient } from '../rest/http';
import { FormUpload } from './form';
import { defaultPostForm } from './transport';
import type { AliOssSignature, CosSignature, PostForm, QiniuSignature, Signer, UploadBackend, UploadModule } from './types';
import { UPLOAD_MODULES } from './types';
import { AliOssUpload, CosUpload, QiniuUpload } from './vendors';

/**
 * Where a vendor back end's policy is signed: `POST api/system/file/upload_policy/ {module, file_name}`
 * answers the module's signature (types.ts: AliOssSignature, CosSignature, QiniuSignature). A back end
 * that stores files with a vendor offers it; the console never holds a storage secret.
 */
export const UPLOAD_POLICY_PATH = 'api/system/file/upload_policy/';

export interface UploaderOptions {
  serverUrl: string;
  /** The console's HTTP client: its rules apply to the form upload and to the policy call. */
  http: HttpClient;
  t: Translate;
  callbacks: ApiCallbacks;
  post?: PostForm;
  /** Object names for the vendor back ends; default a random UUID keeping the extension. */
  objectName?: (fileName: string) => string;
  /** Signers for the vendor back ends; default the back end's upload_policy call. */
  signers?: { alioss?: Signer<AliOssSignature>; cos?: Signer<CosSignature>; qiniu?: Signer<QiniuSignature> };
}

/** Whether a module name is one of spec §7's upload back ends. */
function isUploadModule(name: string): name is UploadModule {
  return (UPLOAD_MODULES as readonly string[]).includes(name);
}

/**
 * The upload back end named `module` (spec §7: form by default; alioss, cos, qiniu). An unknown name
 * is a configuration error and fails at once with a message that says which.
 */
export function createUploader(module: string | undefined, options: UploaderOptions): UploadBackend {
  const name = module || 'form';
  const post = options.post ?? defaultPostForm();
  const common = { post, t: options.t, callbacks: options.callbacks, ...(options.objectName ? { objectName: options.objectName } : {}) };
  if (!isUploadModule(name)) throw new Error(`unknown upload module "${name}" (one of ${UPLOAD_MODULES.join(', ')})`);
  switch (name) {
    case 'form':
      return new FormUpload({ serverUrl: options.serverUrl, http: options.http, ...common });
    case 'alioss':
      return new AliOssUpload({ sign: options.signers?.alioss ?? backendSigner(options.http, name, ['host', 'accessKeyId', 'policy', 'signature']), ...common });
    case 'cos':
      return new CosUpload({ sign: options.signers?.cos ?? backendSigner(options.http, name, ['host', 'policy', 'secretId', 'keyTime', 'signature']), ...common });
    case 'qiniu':
      return new QiniuUpload({ sign: options.signers?.qiniu ?? backendSigner(options.http, name, ['host', 'token', 'domain']), ...common });
  }
}

/**
 * Asks the back end to sign one upload (quiet: a refusal shows once, as 上传失败). The answer must carry
 * the module's fields as strings; `dir` defaults to ''.
 */
function backendSigner<S>(http: HttpClient, module: UploadModule, required: readonly string[]): Signer<S> {
  return async (fileName) => {
    const data = await http.request({ method: 'POST', path: UPLOAD_POLICY_PATH, body: { module, file_name: fileName }, quiet: true });
    if (!isRecord(data) || required.some((key) => typeof data[key] !== 'string' || !data[key])) throw new Error(`${module}: the signature lacks ${required.join(', ')}`);
    return { dir: '', ...data } as S;
  };
}
