import { describe, expect, it } from 'vitest';
import { sameHost, sandboxFor } from './PreviewPage';

describe('the preview frame sandbox', () => {
  it('a game on another origin keeps its own origin; a same-origin game gets no same-origin access', () => {
    expect(sandboxFor('https://h5.example.com/g/', 'http://127.0.0.1:8080')).toContain('allow-same-origin');
    expect(sandboxFor('http://127.0.0.1:8080/demo/', 'http://127.0.0.1:8080')).not.toContain('allow-same-origin');
    expect(sandboxFor('http://127.0.0.1:8080/demo/', 'http://127.0.0.1:8080')).toContain('allow-scripts');
    expect(sandboxFor('not a url', 'http://127.0.0.1:8080')).not.toContain('allow-same-origin');
  });

  it('a game on the console host at ANY port (or scheme) gets no same-origin access: cookies are per host, not per port', () => {
    const console = 'http://127.0.0.1:8080';
    for (const game of ['http://127.0.0.1:8081/game/', 'http://127.0.0.1/', 'https://127.0.0.1:9443/g', 'http://127.0.0.1:8080/demo/']) {
      expect(sameHost(game, console), game).toBe(true);
      expect(sandboxFor(game, console), game).not.toContain('allow-same-origin');
      expect(sandboxFor(game, console), game).toContain('allow-scripts');
    }
    expect(sandboxFor('http://CONSOLE.example.com:3000/', 'https://console.example.com')).not.toContain('allow-same-origin');
    // Another host (a sibling name, another address) keeps its own origin.
    expect(sandboxFor('https://games.example.com/', 'https://console.example.com')).toContain('allow-same-origin');
    expect(sandboxFor('http://localhost:8081/', 'http://127.0.0.1:8080')).toContain('allow-same-origin');
  });
});
