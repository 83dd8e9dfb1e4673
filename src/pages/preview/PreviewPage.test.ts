import { describe, expect, it } from 'vitest';
import { sandboxFor } from './PreviewPage';

describe('the preview frame sandbox', () => {
  it('a game on another origin keeps its own origin; a same-origin game gets no same-origin access', () => {
    expect(sandboxFor('https://h5.example.com/g/', 'http://127.0.0.1:8080')).toContain('allow-same-origin');
    expect(sandboxFor('http://127.0.0.1:8080/demo/', 'http://127.0.0.1:8080')).not.toContain('allow-same-origin');
    expect(sandboxFor('http://127.0.0.1:8080/demo/', 'http://127.0.0.1:8080')).toContain('allow-scripts');
    expect(sandboxFor('not a url', 'http://127.0.0.1:8080')).not.toContain('allow-same-origin');
  });
});
