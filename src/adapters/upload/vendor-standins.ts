import { createHash, createHmac } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { isRecord } from '../../../contracts/json';
import type { AliOssSignature, CosSignature, QiniuSignature } from './types';

/**
 * Test-only: local stand-ins of the three storage vendors' browser POST endpoints. Each holds the
 * secret, checks the signed fields the way the vendor documents it (signature over the policy,
 * expiry, key prefix, size range, the file as the last field) and answers as the vendor does.
 * The matching signers play the console's back end.
 */

export interface Received {
  fields: Record<string, string>;
  order: string[];
  file: { name: string; bytes: Buffer } | null;
}

export interface StandIn {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const hmacSha1 = (key: string | Buffer, data: string) => createHmac('sha1', key).update(data).digest();
const sha1Hex = (data: string) => createHash('sha1').update(data).digest('hex');
const urlsafe = (b: Buffer | string) => Buffer.from(b).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

interface Policy {
  expiration?: string;
  conditions?: unknown[];
}

function policyAllows(policy: Policy, key: string, size: number, extra: Record<string, string>): string | null {
  if (!policy.expiration || Date.parse(policy.expiration) < Date.now()) return 'Policy expired';
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition) && condition[0] === 'starts-with' && condition[1] === '$key' && !key.startsWith(String(condition[2]))) return 'key outside the allowed prefix';
    if (Array.isArray(condition) && condition[0] === 'content-length-range' && (size < Number(condition[1]) || size > Number(condition[2]))) return 'size out of range';
    if (isRecord(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        if (name !== 'bucket' && extra[name] !== value) return `condition ${name} not met`;
      }
    }
  }
  return null;
}

async function standIn(check: (r: Received) => { status: number; body: string; type: string }): Promise<StandIn> {
  const app: FastifyInstance = Fastify();
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 } });
  const received: Received[] = [];
  app.post('/', async (req, reply) => {
    const r: Received = { fields: {}, order: [], file: null };
    for await (const part of req.parts()) {
      r.order.push(part.fieldname);
      if (part.type === 'file') r.file = { name: part.filename, bytes: await part.toBuffer() };
      else r.fields[part.fieldname] = String(part.value);
    }
    received.push(r);
    const answer = check(r);
    return reply.code(answer.status).header('content-type', answer.type).send(answer.body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => app.close() };
}

const xmlError = (code: string, message: string) => ({ status: 403, type: 'application/xml', body: `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>` });
const emptyOk = { status: 200, type: 'text/plain', body: '' };

/** Aliyun OSS PostObject, V1 signature: Signature = base64(HMAC-SHA1(secret, base64 policy)). */
export async function aliOssStandIn(accessKeyId: string, secret: string): Promise<StandIn> {
  return standIn((r) => {
    const { key = '', policy = '', OSSAccessKeyId, Signature } = r.fields;
    if (r.order.at(-1) !== 'file' || !r.file) return xmlError('InvalidArgument', 'the file must be the last form field');
    if (OSSAccessKeyId !== accessKeyId) return xmlError('InvalidAccessKeyId', 'unknown key');
    if (Signature !== hmacSha1(secret, policy).toString('base64')) return xmlError('SignatureDoesNotMatch', 'signature');
    const problem = policyAllows(JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as Policy, key, r.file.bytes.length, {});
    if (problem) return xmlError('AccessDenied', problem);
    return r.fields.success_action_status === '200' ? emptyOk : { status: 204, type: 'text/plain', body: '' };
  });
}

export function signAliOss(host: string, accessKeyId: string, secret: string, dir: string, expiresInS = 300): AliOssSignature {
  const policyJson = JSON.stringify({
    expiration: new Date(Date.now() + expiresInS * 1000).toISOString(),
    conditions: [['starts-with', '$key', dir], ['content-length-range', 1, 1024 * 1024]],
  });
  const policy = Buffer.from(policyJson).toString('base64');
  return { host, accessKeyId, policy, signature: hmacSha1(secret, policy).toString('base64'), dir };
}

/** Tencent COS POST Object: q-signature = HMAC-SHA1(HMAC-SHA1(secret, keyTime) hex, SHA1(policy JSON) hex). */
export async function cosStandIn(secretId: string, secretKey: string): Promise<StandIn> {
  return standIn((r) => {
    const f = r.fields;
    if (r.order.at(-1) !== 'file' || !r.file) return xmlError('InvalidArgument', 'the file must be the last form field');
    if (f['q-sign-algorithm'] !== 'sha1' || f['q-ak'] !== secretId) return xmlError('InvalidAccessKeyId', 'q-ak / q-sign-algorithm');
    const keyTime = f['q-key-time'] ?? '';
    const [, end] = keyTime.split(';');
    if (!end || Number(end) * 1000 < Date.now()) return xmlError('RequestTimeTooSkewed', 'q-key-time expired');
    const policyJson = Buffer.from(f.policy ?? '', 'base64').toString('utf8');
    const signKey = hmacSha1(secretKey, keyTime).toString('hex');
    if (f['q-signature'] !== hmacSha1(signKey, sha1Hex(policyJson)).toString('hex')) return xmlError('SignatureDoesNotMatch', 'q-signature');
    const problem = policyAllows(JSON.parse(policyJson) as Policy, f.key ?? '', r.file.bytes.length, { 'q-sign-algorithm': 'sha1', 'q-ak': secretId, 'q-sign-time': keyTime });
    if (problem) return xmlError('AccessDenied', problem);
    return f.success_action_status === '200' ? emptyOk : { status: 204, type: 'text/plain', body: '' };
  });
}

export function signCos(host: string, secretId: string, secretKey: string, dir: string, expiresInS = 300): CosSignature {
  const now = Math.floor(Date.now() / 1000);
  const keyTime = `${now - 60};${now + expiresInS}`;
  const policyJson = JSON.stringify({
    expiration: new Date((now + expiresInS) * 1000).toISOString(),
    conditions: [{ 'q-sign-algorithm': 'sha1' }, { 'q-ak': secretId }, { 'q-sign-time': keyTime }, ['starts-with', '$key', dir]],
  });
  const signKey = hmacSha1(secretKey, keyTime).toString('hex');
  return { host, policy: Buffer.from(policyJson).toString('base64'), secretId, keyTime, signature: hmacSha1(signKey, sha1Hex(policyJson)).toString('hex'), dir };
}

/** Qiniu form upload: token = AK:urlsafe_b64(HMAC-SHA1(SK, encodedPutPolicy)):encodedPutPolicy; answers {hash, key}. */
export async function qiniuStandIn(accessKey: string, secretKey: string): Promise<StandIn> {
  return standIn((r) => {
    const refuse = (error: string) => ({ status: 401, type: 'application/json', body: JSON.stringify({ error }) });
    if (r.order.at(-1) !== 'file' || !r.file) return { status: 400, type: 'application/json', body: JSON.stringify({ error: 'file is not the last field' }) };
    const [ak, sign, encodedPolicy = ''] = (r.fields.token ?? '').split(':');
    if (ak !== accessKey) return refuse('bad token');
    if (sign !== urlsafe(hmacSha1(secretKey, encodedPolicy))) return refuse('bad token');
    const policy = JSON.parse(Buffer.from(encodedPolicy.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8')) as { scope?: string; deadline?: number };
    if (!policy.deadline || policy.deadline * 1000 < Date.now()) return refuse('expired token');
    const key = r.fields.key ?? '';
    const [, prefix] = (policy.scope ?? '').split(':');
    if (prefix && !key.startsWith(prefix)) return { status: 403, type: 'application/json', body: JSON.stringify({ error: 'key doesn\'t match with scope' }) };
    return { status: 200, type: 'application/json', body: JSON.stringify({ hash: createHash('sha1').update(r.file.bytes).digest('base64'), key }) };
  });
}

export function signQiniu(host: string, domain: string, accessKey: string, secretKey: string, bucket: string, dir: string, expiresInS = 300): QiniuSignature {
  const encodedPolicy = urlsafe(JSON.stringify({ scope: `${bucket}:${dir}`, isPrefixalScope: 1, deadline: Math.floor(Date.now() / 1000) + expiresInS }));
  return { host, domain, token: `${accessKey}:${urlsafe(hmacSha1(secretKey, encodedPolicy))}:${encodedPolicy}`, dir };
}
