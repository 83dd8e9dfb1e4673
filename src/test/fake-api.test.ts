import { describe, expect, it } from 'vitest';
import { fakeApi, unexpectedCalls } from './fake-api';

describe('fakeApi', () => {
  it('throws on a method the test did not provide and records the call for setup.ts to fail on', async () => {
    const api = fakeApi({ usersTotal: async () => 1 });
    await expect(api.usersTotal()).resolves.toBe(1);
    expect(() => api.webRouter()).toThrow('webRouter() was not provided');
    expect(unexpectedCalls.splice(0)).toEqual(['webRouter']);
  });
});
