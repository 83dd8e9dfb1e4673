import { expect } from '@playwright/test';
import { z } from 'zod';
import { CODE, envelope, errorEnvelope, tokenErrorMsg, type Envelope, type EnvelopeMsg, type TokenErrorMsg } from '../../schemas';
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

/** `<route> (<what>)`: every failure message starts with the request it is about. */
export function named(reply: Reply, what: string): string {
  return `${reply.route} (${what})`;
}

/** An HTTP 200 envelope whose data matches `data`; returns the parsed envelope. */
export function expectEnvelope<T extends z.ZodType>(reply: Reply, data: T, what: string): Envelope<z.infer<T>> {
  const name = named(reply, what);
  expect(reply.status, `${name}: HTTP status (body: ${bodyOf(reply)})`).toBe(200);
  expect(reply.json, `${name}: a JSON body (got: ${bodyOf(reply)})`).toBeDefined();
  // zod's inferred object type makes `data` optional when T accepts undefined; the key is always checked.
  return expectShape(envelope(data), reply.json, `${name} envelope`) as Envelope<z.infer<T>>;
}

/** code 2000 with data matching `data`; returns the data. */
export function expectSuccess<T extends z.ZodType>(reply: Reply, data: T, what: string): z.infer<T> {
  const env = expectEnvelope(reply, data, what);
  expect(env.code, `${named(reply, what)}: envelope code (msg: ${JSON.stringify(env.msg)})`).toBe(CODE.success);
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
export function expectFailure(reply: Reply, want: FailureExpectation, what: string): EnvelopeMsg {
  const name = named(reply, what);
  expect(reply.status, `${name}: HTTP status (body: ${bodyOf(reply)})`).toBe(want.status ?? 200);
  const env = expectShape(errorEnvelope, reply.json, `${name} error envelope`);
  expect(env.code, `${name}: envelope code (msg: ${JSON.stringify(env.msg)})`).toBe(want.code);
  if (want.msg !== undefined) expect(env.msg, `${name}: message`).toBe(want.msg);
  return env.msg;
}

/**
 * The failure every handled bad input gets: an envelope, never an HTTP 5xx or an HTML page.
 * Returns the envelope so the caller can check more.
 */
export function expectHandledFailure(reply: Reply, what: string): z.infer<typeof errorEnvelope> {
  const name = named(reply, what);
  expect(reply.status, `${name}: must not be a server error (body: ${bodyOf(reply)})`).toBeLessThan(500);
  return expectShape(errorEnvelope, reply.json, `${name} error envelope`);
}

/** A bad or expired access token: code 401 with the token_not_valid object as msg. */
export function expectTokenNotValid(reply: Reply, what: string): TokenErrorMsg {
  const msg = expectFailure(reply, { code: CODE.unauthorized }, what);
  const obj = expectShape(tokenErrorMsg, msg, `${named(reply, what)} msg`);
  expect(obj.code, `${named(reply, what)}: msg.code`).toBe('token_not_valid');
  return obj;
}
