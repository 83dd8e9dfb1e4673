import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VisitRecorder } from './visits';

describe('VisitRecorder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('posts a page once it stayed current for the dwell time, without its query', async () => {
    const posted: string[] = [];
    const rec = new VisitRecorder(async (p) => void posted.push(p), () => true, 1000);
    rec.opened('/game/query?page=2');
    await vi.advanceTimersByTimeAsync(999);
    expect(posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(posted).toEqual(['/game/query']);
  });

  it('a page passed through on the way elsewhere is not counted; index, login and refresh never', async () => {
    const posted: string[] = [];
    const rec = new VisitRecorder(async (p) => void posted.push(p), () => true, 1000);
    rec.opened('/system/user');
    await vi.advanceTimersByTimeAsync(500);
    rec.opened('/system/role');
    await vi.advanceTimersByTimeAsync(1000);
    for (const p of ['/index', '/login', '/refresh', '/']) {
      rec.opened(p);
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(posted).toEqual(['/system/role']);
  });

  it('nothing is posted after a sign-out, and a failing post is quiet', async () => {
    let signedIn = false;
    const post = vi.fn(async () => {
      throw new Error('offline');
    });
    const rec = new VisitRecorder(post, () => signedIn, 10);
    rec.opened('/game/query');
    await vi.advanceTimersByTimeAsync(20);
    expect(post).not.toHaveBeenCalled();
    signedIn = true;
    rec.opened('/game/query');
    await vi.advanceTimersByTimeAsync(20);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
