import { describe, expect, it } from 'vitest';
import { QueryStore } from './query-store';

describe('the query store', () => {
  it('an older answer arriving late is dropped', async () => {
    const l = new QueryStore<string>({ keepOnFailure: true });
    let release: (v: string) => void = () => undefined;
    const slow = l.load(() => new Promise<string>((r) => (release = r)));
    await l.load(() => Promise.resolve('new'));
    release('old');
    await slow;
    expect([l.state, l.result]).toEqual(['ready', 'new']);
  });


  it('a failure clears the answer unless asked to keep it; clear(true) drops a call still running', async () => {
    const cleared = new QueryStore<string>();
    await cleared.load(() => Promise.resolve('a'));
    await cleared.load(() => Promise.reject(new Error('down')));
    expect([cleared.state, cleared.result, cleared.error]).toEqual(['failed', null, 'down']);
    const kept = new QueryStore<string>({ keepOnFailure: true });
    await kept.load(() => Promise.resolve('a'));
    await kept.load(() => Promise.reject(new Error('down')));
    expect([kept.state, kept.result]).toEqual(['failed', 'a']);
    let release: (v: string) => void = () => undefined;
    const running = kept.load(() => new Promise<string>((r) => (release = r)));
    kept.clear(true);
    release('late');
    await running;
    expect([kept.state, kept.result, kept.error]).toEqual(['idle', null, '']);
  });

  it('runs `landed` with the answer it keeps, not with a dropped one', async () => {
    const seen: string[] = [];
    const q = new QueryStore<string>();
    let release: (v: string) => void = () => undefined;
    const slow = q.load(() => new Promise<string>((r) => (release = r)), (v) => seen.push(v));
    await q.load(() => Promise.resolve('new'), (v) => seen.push(v));
    release('old');
    await slow;
    expect(seen).toEqual(['new']);
  });
});
