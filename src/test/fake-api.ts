import type { ConsoleApi, FeaturePorts } from '../adapters/api';
import { PORT_NAMES } from '../adapters/ports';

/** Calls a test made to methods it did not provide; setup.ts fails the test when any remain. */
export const unexpectedCalls: string[] = [];

/** What a test provides: any core calls, and of each feature port any of its methods. */
export type FakeApiMethods = Partial<Omit<ConsoleApi, keyof FeaturePorts>> & { [P in keyof FeaturePorts]?: Partial<FeaturePorts[P]> };

const PORTS: ReadonlySet<string> = new Set(PORT_NAMES);

/**
 * A ConsoleApi made of the methods a test provides (`fakeApi({ settings, tracking: { funnel } })`).
 * Any other method, core or of a port, throws when called (`fake api: tracking.funnel not stubbed`)
 * and is recorded, so a store that swallows the error still fails the test (see setup.ts).
 */
export function fakeApi(methods: FakeApiMethods): ConsoleApi {
  return stubs(methods as Record<string, unknown>, '') as ConsoleApi;
}

function stubs(target: Record<string, unknown>, prefix: string): object {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property !== 'string' || property === 'then') return undefined;
      const name = prefix + property;
      if (!prefix && PORTS.has(property)) return stubs((Reflect.get(object, property, receiver) as Record<string, unknown> | undefined) ?? {}, `${name}.`);
      if (property in object) return Reflect.get(object, property, receiver) as unknown;
      return () => {
        unexpectedCalls.push(name);
        throw new Error(`fake api: ${name} not stubbed`);
      };
    },
  });
}
