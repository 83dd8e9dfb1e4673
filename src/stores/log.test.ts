import { describe, expect, it } from 'vitest';
import { EarlyLog } from './early-log';
import { LogStore } from './log';

describe('LogStore', () => {
  const build = () => new LogStore({ now: () => new Date('2026-01-01T19:04:05Z'), meta: () => ({ user: '超级管理员', uuid: '1', token: 'tok' }) });

  it('keeps message, type, time YYYY-MM-DD HH:mm:ss on the console clock and meta {user, uuid, token, url}', () => {
    const log = build();
    log.add('boom', 'danger', 'http://h/index');
    expect(log.entries).toEqual([{ message: 'boom', type: 'danger', time: '2026-01-02 03:04:05', meta: { user: '超级管理员', uuid: '1', token: 'tok', url: 'http://h/index' } }]);
    expect(log.errorCount).toBe(1);
  });

  it('filters by type and text, newest first; clears', () => {
    const log = build();
    log.add('one', 'info', '/a');
    log.add('Two failed', 'danger', '/b');
    log.add('three', 'danger', '/api/c');
    expect(log.filtered('all', '').map((e) => e.message)).toEqual(['three', 'Two failed', 'one']);
    expect(log.filtered('danger', '').map((e) => e.message)).toEqual(['three', 'Two failed']);
    expect(log.filtered('all', 'two').map((e) => e.message)).toEqual(['Two failed']);
    expect(log.filtered('all', '/api/').map((e) => e.message)).toEqual(['three']);
    log.clear();
    expect(log.entries).toEqual([]);
    expect(log.errorCount).toBe(0);
  });

  it("adopts the login page's early entries as they were (time and meta of their moment), before its own", () => {
    const early = new EarlyLog({ now: () => new Date('2026-01-01T19:00:00Z'), meta: () => ({ user: '', uuid: '', token: '' }) });
    early.add('网络连接失败 — /api/captcha/', 'danger', 'http://h/login');
    const log = build();
    log.add('later', 'info', 'http://h/index');
    log.adopt(early.take());
    expect(log.entries.map((e) => [e.message, e.time, e.meta.user])).toEqual([
      ['网络连接失败 — /api/captcha/', '2026-01-02 03:00:00', ''],
      ['later', '2026-01-02 03:04:05', '超级管理员'],
    ]);
    expect(early.take()).toEqual([]);
  });
});
