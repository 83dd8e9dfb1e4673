import type { Translate } from '../../i18n';
import type { ApiCallbacks } from '../api';
import type { HttpClient } from '../rest/http';
import { FormUpload } from './form';
import { defaultPostForm } from './transport';
import type { AliOssSignature, CosSignature, PostForm, QiniuSignature, Signer, UploadBackend, UploadModule } from './types';
import { UPLOAD_MODULES } from './types';
import { AliOssUpload, CosUpload, QiniuUpload } from './vendors';

export * from './types';
export { FormUpload, FORM_UPLOAD_PATH } from './form';
export { AliOssUpload, CosUpload, QiniuUpload } from './vendors';
export { xhrPostForm, fetchPostForm, defaultPostForm } from './transport';

export interface UploaderOptions {
  serverUrl: string;
  http: HttpClient;
  t: Translate;
  callbacks: ApiCallbacks;
  post?: PostForm;
  /** Signers for the vendor back ends (the back end signs; the console never holds a secret). */
  /** Object names for the vendor back ends; default a random UUID keeping the extension. */
  objectName?: (fileName: string) => string;
  signers?: { alioss?: Signer<AliOssSignature>; cos?: Signer<CosSignature>; qiniu?: Signer<QiniuSignature> };
}

/** Whether a module name is one of spec §7's upload back ends. */
export function isUploadModule(name: string): name is UploadModule {
  return (UPLOAD_MODULES as readonly string[]).includes(name);
}

/**
 * The upload back end named `module` (default 'form'). An unknown name, or a vendor without its
 * signer, is a configuration error and fails at once with a message that says which.
 */
export function createUploader(module: string | undefined, options: UploaderOptions): UploadBackend {
  const name = module ?? 'form';
  const post = options.post ?? defaultPostForm();
  const common = { post, t: options.t, callbacks: options.callbacks, ...(options.objectName ? { objectName: options.objectName } : {}) };
  if (!isUploadModule(name)) throw new Error(`unknown upload module "${name}" (one of ${UPLOAD_MODULES.join(', ')})`);
  const missing = (): never => {
    throw new Error(`upload module "${name}" needs a signer`);
  };
  switch (name) {
    case 'form':
      return new FormUpload({ serverUrl: options.serverUrl, http: options.http, ...common });
    case 'alioss':
      return new AliOssUpload({ sign: options.signers?.alioss ?? missing(), ...common });
    case 'cos':
      return new CosUpload({ sign: options.signers?.cos ?? missing(), ...common });
    case 'qiniu':
      return new QiniuUpload({ sign: options.signers?.qiniu ?? missing(), ...common });
  }
}
