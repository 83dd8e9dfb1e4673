import { describe, expect, it } from 'vitest';
import type { Notice } from '../stores/types';
import { createNotifier } from './notifier';

describe('notifier', () => {
  it('queues notices until a view attaches, tells the host once some wait, then shows directly', () => {
    const notifier = createNotifier();
    let told = 0;
    notifier.whenPending(() => (told += 1));
    const a: Notice = { severity: 'error', text: 'a' };
    const b: Notice = { severity: 'info', text: 'b' };
    notifier.notify(a);
    expect(told).toBe(1);
    const shown: Notice[] = [];
    const detach = notifier.attach((n) => shown.push(n));
    expect(shown).toEqual([a]);
    notifier.notify(b);
    expect(shown).toEqual([a, b]);
    detach();
    notifier.notify(a);
    expect(shown).toHaveLength(2);
    expect(told).toBe(2);
  });

  it('a host that subscribes late still hears about waiting notices', () => {
    const notifier = createNotifier();
    notifier.notify({ severity: 'warn', text: 'early' });
    let told = false;
    notifier.whenPending(() => (told = true));
    expect(told).toBe(true);
  });
});
