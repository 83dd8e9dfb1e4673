import { afterEach } from 'vitest';

// Component tests render into jsdom; unmount after each test. Node-environment tests (the HTTP client
// against a real local server) have no document and skip this.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
