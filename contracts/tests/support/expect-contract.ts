import { expect } from '@playwright/test';
import { z } from 'zod';
import { CODE, envelope, errorEnvelope, tokenErrorMsg, type Envelope, type TokenErrorMsg } from '../../schemas';
import type { Reply } from './http';

/** Shortened body for failure messages. */
export function bodyOf(reply: Reply): string {
  return reply.text.length > 1500 ? `${reply.text.slice(0, 1500)}…` : reply.text;
}

/**
 * Parses `value` with a contract schema; on a mismatch the test fails with zod's readable list of
 * what is wrong and where, plus the value itself.
 */
export function expectShape<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const shown = JSON.stringify(value, null, 1) ?? String(value);
    throw new Error(
      `${what} does not match the contract schema:\n${z.prettifyError(r.error)}\n\nvalue: ${shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown}`,
    );
  }
  return r.data;
}

/** An HTTP 200 envelope whose data matches `data`; returns the parsed envelope. */
export function expectEnvelope<T extends z.ZodType>(reply: Reply, data: T, what: string): Envelope<z.infer<T>> {
  expect(reply.status, `${what}: HTTP status (body: ${bodyOf(reply)})`).toBe(200);
  expect(reply.json, `${what}: a JSON body (got: ${bodyOf(reply)})`).toBeDefined();
  // zod's inferred object type makes `data` optional when T accepts undefined; the key is always checked.
  return expectShape(envelope(data), reply.json, `${what} envelope`) as Envelope<z.infer<T>>;
}

/** code 2000 with data matching `data`; returns the data. */
export function expectSuccess<T extends z.ZodType>(reply: Reply, data: T, what: string): z.infer<T> {
  const env = expectEnvelope(reply, data, what);
  expect(env.code, `${what}: envelope code (msg: ${JSON.stringify(env.msg)})`).toBe(CODE.success);
  return env.data;
}

export interface FailureExpectation {
  /** HTTP status; 200 unless said otherwise (the back end reports most failures inside a 200). */
  status?: number;
  code: number;
  /** Exact message, when the contract fixes it. */
  msg?: string;
}

/** A failure envelope: `{code != 2000, msg, data: null}`; returns its msg. */
export function expectFailure(reply: Reply, want: FailureExpectation, what: string): string | TokenErrorMsg {
  expect(reply.status, `${what}: HTTP status (body: ${bodyOf(reply)})`).toBe(want.status ?? 200);
  const env = expectShape(errorEnvelope, reply.json, `${what} error envelope`);
  expect(env.code, `${what}: envelope code (msg: ${JSON.stringify(env.msg)})`).toBe(want.code);
  if (want.msg !== undefined) expect(env.msg, `${what}: message`).toBe(want.msg);
  return env.msg;
}

/**
 * The failure every handled bad input gets: an envelope, never an HTTP 5xx or an HTML page.
 * Returns the envelope so the caller can check more.
 */
export function expectHandledFailure(reply: Reply, what: string): z.infer<typeof errorEnvelope> {
  expect(reply.status, `${what}: must not be a server error (body: ${bodyOf(reply)})`).toBeLessThan(500);
  return expectShape(errorEnvelope, reply.json, `${what} error envelope`);
}

/** A bad or expired access token: code 401 with the token_not_valid object as msg. */
export function expectTokenNotValid(reply: Reply, what: string): TokenErrorMsg {
  const msg = expectFailure(reply, { code: CODE.unauthorized }, what);
  const obj = expectShape(tokenErrorMsg, msg, `${what} msg`);
  expect(obj.code, `${what}: msg.code`).toBe('token_not_valid');
  return obj;
}
