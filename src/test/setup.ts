import { afterEach, expect } from 'vitest';
import { unexpectedCalls } from './fake-api';

// A fake ConsoleApi records calls to methods the test did not provide: fail the test on any.
afterEach(() => {
  const calls = unexpectedCalls.splice(0);
  expect(calls, 'calls to ConsoleApi methods the test did not provide').toEqual([]);
});

// Component tests render into jsdom; unmount after each test. Node-environment tests (the HTTP client
// against a real local server) have no document and skip this.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
