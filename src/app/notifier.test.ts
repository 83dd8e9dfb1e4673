import { describe, expect, it } from 'vitest';
import type { Notice } from '../stores/types';
import { createNotifier } from './notifier';

describe('notifier', () => {
  it('queues notices until a view attaches, then shows directly; after detaching they wait again', () => {
    const notifier = createNotifier();
    const a: Notice = { severity: 'error', text: 'a' };
    const b: Notice = { severity: 'info', text: 'b' };
    notifier.notify(a);
    const shown: Notice[] = [];
    const detach = notifier.attach((n) => shown.push(n));
    expect(shown).toEqual([a]);
    notifier.notify(b);
    expect(shown).toEqual([a, b]);
    detach();
    notifier.notify(a);
    expect(shown).toHaveLength(2);
    const later: Notice[] = [];
    notifier.attach((n) => later.push(n));
    expect(later).toEqual([a]);
  });

  it('a stale detach does not remove the view attached after it', () => {
    const notifier = createNotifier();
    const first: Notice[] = [];
    const second: Notice[] = [];
    const detachFirst = notifier.attach((n) => first.push(n));
    notifier.attach((n) => second.push(n));
    detachFirst();
    notifier.notify({ severity: 'warn', text: 'x' });
    expect(first).toEqual([]);
    expect(second).toHaveLength(1);
  });
});
