import { describe, expect, it, vi } from 'vitest';
import type { AutomationPort, ConsoleApi, RunPage, RunRow, TaskArgument, WorkersAnswer } from '../../../adapters/api';
import { ageSeconds, argDefaults, argsBody, AutomationStore } from './automation';

const FORM: TaskArgument[] = [
  { name: 'log', label: '日志', type: 'enum', required: true, default: 'both', options: ['both', 'login', 'operation'] },
  { name: 'older_than_days', label: '保留天数', type: 'integer', required: true, default: 90, min: 1, max: 3650 },
  { name: 'start', label: '开始日期', type: 'date', required: false },
  { name: 'game', label: '游戏', type: 'integer', required: false, default: null, min: 1 },
  { name: 'title', label: '标题', type: 'string', required: false, max: 5 },
];

const run = (id: string, state: RunRow['state']): RunRow => ({
  id,
  task: 'diagnostics.probe',
  task_name: '队列探测',
  args: {},
  schedule: null,
  schedule_name: null,
  trigger: 'manual',
  due: null,
  state,
  attempts: 1,
  max_attempts: 4,
  queued: '2026-11-25T01:00:00Z',
  started: null,
  finished: null,
  duration_ms: null,
  result: null,
  error: null,
  instance: null,
  retry_of: null,
});
const page = (rows: RunRow[]): RunPage => ({ page: 1, limit: 20, total: rows.length, data: rows });

describe('arguments forms', () => {
  it('start from the saved arguments, else the defaults (absent ones empty)', () => {
    expect(argDefaults(FORM)).toEqual({ log: 'both', older_than_days: 90, start: null, game: null, title: null });
    expect(argDefaults(FORM, { older_than_days: 30, start: '2026-11-01' })).toEqual({ log: 'both', older_than_days: 30, start: '2026-11-01', game: null, title: null });
  });

  it('send integers as numbers, leave blank optional arguments out, and name every problem', () => {
    expect(argsBody(FORM, { log: 'login', older_than_days: '30', start: '', game: null, title: ' hi ' })).toEqual({ args: { log: 'login', older_than_days: 30, title: 'hi' }, problems: {} });
    expect(argsBody(FORM, { log: 'all', older_than_days: 0, start: '2026/11/01', game: 1.5, title: 'too long' }).problems).toEqual({
      log: { kind: 'option' },
      older_than_days: { kind: 'min', limit: 1 },
      start: { kind: 'date' },
      game: { kind: 'integer' },
      title: { kind: 'maxLength', limit: 5 },
    });
    expect(argsBody(FORM, { older_than_days: 4000 }).problems).toEqual({ log: { kind: 'required' }, older_than_days: { kind: 'max', limit: 3650 } });
  });
});

describe('automation formats', () => {
  it('heartbeat ages', () => {
    expect(ageSeconds('2026-11-25T01:00:00Z', Date.parse('2026-11-25T01:00:47Z'))).toBe(47);
    expect(ageSeconds('2026-11-25T01:00:10Z', Date.parse('2026-11-25T01:00:00Z'))).toBe(0);
    expect(ageSeconds(null, 0)).toBeNull();
  });
});

describe('the automation stores', () => {
  it('keep only the newest runs answer, filter from page 1, and know when runs are still going', async () => {
    let release: (p: RunPage) => void = () => undefined;
    const runs = vi
      .fn<AutomationPort['runs']>()
      .mockImplementationOnce(() => new Promise((r) => (release = r)))
      .mockImplementation((q) => Promise.resolve(page(q.state === 'failed' ? [run('b', 'failed')] : [run('c', 'running')])));
    const store = new AutomationStore({ automation: { runs } } as unknown as ConsoleApi).taskRuns();
    const slow = store.load();
    await store.setFilterState('failed');
    release(page([run('a', 'queued')]));
    await slow;
    expect(store.runs.map((r) => r.id)).toEqual(['b']);
    expect(store.hasActive).toBe(false);
    expect(runs).toHaveBeenLastCalledWith({ state: 'failed', page: 1, limit: 20 });
    await store.setFilterState(null);
    expect(store.hasActive).toBe(true);
  });

  it('run now, retry and cancel re-read the runs; a refusal resolves null and keeps the list', async () => {
    const api = {
      automation: {
        runs: vi.fn<AutomationPort['runs']>().mockResolvedValue(page([run('a', 'failed')])),
        taskKinds: vi.fn<AutomationPort['taskKinds']>().mockResolvedValue([]),
        runTask: vi.fn<AutomationPort['runTask']>().mockResolvedValue('new'),
        retryRun: vi.fn<AutomationPort['retryRun']>().mockRejectedValue(new Error('refused')),
        cancelRun: vi.fn<AutomationPort['cancelRun']>().mockResolvedValue(run('a', 'cancelled')),
      },
    };
    const store = new AutomationStore(api as unknown as ConsoleApi).taskRuns();
    await expect(store.runNow('diagnostics.probe', { fail_attempts: 1 })).resolves.toBe('new');
    expect(api.automation.runTask).toHaveBeenCalledWith('diagnostics.probe', { fail_attempts: 1 });
    expect(api.automation.runs).toHaveBeenCalledTimes(1);
    await expect(store.retry('a')).resolves.toBeNull();
    await expect(store.cancel('a')).resolves.toBe(true);
    expect(store.busy).toBeNull();
    expect(store.runs).toHaveLength(1);
  });

  it('a failed timed refresh of the workers keeps the last answer and says so', async () => {
    const answer: WorkersAnswer = { workers: [], queues: [], lost_after_seconds: 15 };
    const workers = vi.fn<AutomationPort['workers']>().mockResolvedValueOnce(answer).mockRejectedValueOnce(new Error('down'));
    const store = new AutomationStore({ automation: { workers } } as unknown as ConsoleApi).workers();
    await store.load();
    await store.load(true);
    expect(store.answer).toEqual(answer);
    expect(store.state).toBe('ready');
    expect(store.error).toBe('down');
  });
});
