import type { ConsoleApi } from '../adapters/api';

/** Calls a test made to methods it did not provide; setup.ts fails the test when any remain. */
export const unexpectedCalls: string[] = [];

/**
 * A ConsoleApi made of the methods a test provides. Any other method throws when called and is
 * recorded, so a store that swallows the error still fails the test (see setup.ts).
 */
export function fakeApi(methods: Partial<ConsoleApi>): ConsoleApi {
  return new Proxy(methods as ConsoleApi, {
    get(target, property, receiver) {
      if (typeof property !== 'string' || property === 'then') return undefined;
      if (property in target) return Reflect.get(target, property, receiver) as unknown;
      return () => {
        unexpectedCalls.push(property);
        throw new Error(`fake ConsoleApi: ${property}() was not provided by this test`);
      };
    },
  });
}
