import type { Translate } from '../../i18n';
import type { ApiCallbacks } from '../api';
import type { ProgressListener, UploadedFile } from '../api';
import { uploadFailed } from './form';
import type { AliOssSignature, CosSignature, FormField, PostForm, QiniuSignature, Signer, UploadBackend } from './types';

/**
 * Direct browser uploads to object storage, each with its vendor's documented POST form: the back end
 * signs a policy (it holds the secret), the console puts the signed fields on a multipart form with
 * the file as the last field, and reads the stored object's URL from the answer.
 */

export interface VendorUploadOptions<S> {
  sign: Signer<S>;
  post: PostForm;
  t: Translate;
  callbacks: ApiCallbacks;
  /** Object names; default a random UUID keeping the file's extension. */
  objectName?: (fileName: string) => string;
}

function defaultObjectName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 && /^\.[A-Za-z0-9]{1,10}$/.test(fileName.slice(dot)) ? fileName.slice(dot).toLowerCase() : '';
  return `${globalThis.crypto.randomUUID()}${ext}`;
}

const joinUrl = (base: string, key: string) => `${base.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;

abstract class VendorUpload<S> implements UploadBackend {
  abstract readonly module: 'alioss' | 'cos' | 'qiniu';

  constructor(protected readonly options: VendorUploadOptions<S>) {}

  async upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile> {
    let signed: S;
    try {
      signed = await this.options.sign(fileName);
    } catch {
      throw uploadFailed(this.options, `${this.module}:sign`, null);
    }
    const key = this.keyOf(signed, (this.options.objectName ?? defaultObjectName)(fileName));
    const target = this.target(signed);
    let answer;
    try {
      answer = await this.options.post(target, [...this.fields(signed, key), ['file', file, fileName]], { onProgress });
    } catch {
      throw uploadFailed(this.options, target, null);
    }
    if (answer.status < 200 || answer.status >= 300) throw uploadFailed(this.options, target, answer.status);
    const url = this.urlOf(signed, key, answer.text);
    if (!url) throw uploadFailed(this.options, target, answer.status);
    return { id: 0, url, name: fileName };
  }

  protected keyOf(signed: S, name: string): string {
    const dir = (signed as { dir?: string }).dir ?? '';
    return `${dir}${name}`;
  }

  protected abstract target(signed: S): string;
  protected abstract fields(signed: S, key: string): FormField[];
  protected abstract urlOf(signed: S, key: string, body: string): string | null;
}

/** Aliyun OSS PostObject (V1 signature): key, policy, OSSAccessKeyId, success_action_status, Signature, file. */
export class AliOssUpload extends VendorUpload<AliOssSignature> {
  readonly module = 'alioss' as const;
  protected target(s: AliOssSignature) {
    return s.host;
  }
  protected fields(s: AliOssSignature, key: string): FormField[] {
    return [
      ['key', key],
      ['policy', s.policy],
      ['OSSAccessKeyId', s.accessKeyId],
      ['success_action_status', '200'],
      ['Signature', s.signature],
    ];
  }
  protected urlOf(s: AliOssSignature, key: string) {
    return joinUrl(s.host, key);
  }
}

/** Tencent COS POST Object: key, policy, q-sign-algorithm, q-ak, q-key-time, q-signature, success_action_status, file. */
export class CosUpload extends VendorUpload<CosSignature> {
  readonly module = 'cos' as const;
  protected target(s: CosSignature) {
    return s.host;
  }
  protected fields(s: CosSignature, key: string): FormField[] {
    return [
      ['key', key],
      ['policy', s.policy],
      ['q-sign-algorithm', 'sha1'],
      ['q-ak', s.secretId],
      ['q-key-time', s.keyTime],
      ['q-signature', s.signature],
      ['success_action_status', '200'],
    ];
  }
  protected urlOf(s: CosSignature, key: string) {
    return joinUrl(s.host, key);
  }
}

/** Qiniu form upload: token, key, file; the answer is JSON {key, hash}. */
export class QiniuUpload extends VendorUpload<QiniuSignature> {
  readonly module = 'qiniu' as const;
  protected target(s: QiniuSignature) {
    return s.host;
  }
  protected fields(s: QiniuSignature, key: string): FormField[] {
    return [
      ['token', s.token],
      ['key', key],
    ];
  }
  protected urlOf(s: QiniuSignature, _key: string, body: string) {
    try {
      const answer = JSON.parse(body) as { key?: unknown };
      return typeof answer.key === 'string' && answer.key ? joinUrl(s.domain, answer.key) : null;
    } catch {
      return null;
    }
  }
}
