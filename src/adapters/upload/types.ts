import type { ProgressListener, UploadedFile } from '../api';

/** The upload back ends of spec §7, by module name. */
export const UPLOAD_MODULES = ['form', 'alioss', 'cos', 'qiniu'] as const;
export type UploadModule = (typeof UPLOAD_MODULES)[number];

/** One way of getting a file to storage. Every back end resolves with the file's url (and id when recorded). */
export interface UploadBackend {
  readonly module: UploadModule;
  upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile>;
}

/** A multipart field, in the order it goes on the wire (vendors want the file last). */
export type FormField = readonly [name: string, value: string | Blob, fileName?: string];

export interface PostResult {
  status: number;
  text: string;
}

/** Posts a multipart form; reports upload progress (0..1). Throws only when no answer came. */
export type PostForm = (
  url: string,
  fields: readonly FormField[],
  options: { headers?: Record<string, string>; signal?: AbortSignal; onProgress?: ProgressListener },
) => Promise<PostResult>;

/**
 * Vendor back ends never see a secret: the back end signs a policy for each upload and the console
 * only puts the signed fields on the form. These are what each signer hands over.
 */
export interface AliOssSignature {
  /** https://<bucket>.<endpoint> */
  host: string;
  accessKeyId: string;
  /** base64 of the policy JSON (expiration + conditions). */
  policy: string;
  /** base64 HMAC-SHA1 of `policy` with the AccessKey secret. */
  signature: string;
  /** Object key prefix the policy allows, e.g. 'uploads/2026/'. */
  dir: string;
}

export interface CosSignature {
  /** https://<bucket>-<appid>.cos.<region>.myqcloud.com */
  host: string;
  /** base64 of the policy JSON. */
  policy: string;
  /** q-ak: the SecretId. */
  secretId: string;
  /** q-key-time / q-sign-time: '<start>;<end>' in Unix seconds. */
  keyTime: string;
  /** q-signature: hex HMAC-SHA1(SHA1-hex(policy JSON)) with the HMAC-SHA1(keyTime) sign key. */
  signature: string;
  dir: string;
}

export interface QiniuSignature {
  /** Upload host of the bucket's region, e.g. https://upload.qiniup.com */
  host: string;
  /** The upload token 'AccessKey:urlsafe-base64(HMAC-SHA1(encodedPutPolicy)):encodedPutPolicy'. */
  token: string;
  /** Public domain the stored object is read from. */
  domain: string;
  dir: string;
}

/** Asks the back end to sign one upload of `fileName`. */
export type Signer<S> = (fileName: string) => Promise<S>;
