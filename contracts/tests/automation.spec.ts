import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { crontabRow, intervalRow, locatorRow, pageCheckResults, runQueued, runRow, scheduleRow } from '../schemas';
import { listPage } from '../schemas/envelope';
import { expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Automation (menus automation/*): the calls QA and operators rely on, kept exact —
 * POST api/automation/crontab/ → data.id; GET api/automation/crontab/{id}/ with next_runs (the next 5
 * run times, ISO 8601 with offset); POST api/automation/schedule/{id}/run/ → data.run_id;
 * GET api/automation/task/runs/{run_id}/ → { state, started, finished, result, error, attempts }.
 * Plus the bad input the issue lists, answered in the envelope, never a 5xx.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

areaTests('automation', () => {
test.describe('automation: api/automation/*', () => {
  test('crontab with its next runs; a schedule run now succeeds', async ({ api, auth }) => {
    const { access } = await auth.session();
    const created = expectSuccess(await api.post('api/automation/crontab/', { token: access, json: { expression: '0 */6 * * *', timezone: 'Asia/Shanghai', description: '契约测试：每 6 小时' } }), z.object({ id: z.number().int() }).passthrough(), 'POST api/automation/crontab/');
    const crontab = expectSuccess(await api.get(`api/automation/crontab/${created.id}/`, { token: access }), crontabRow, 'GET api/automation/crontab/{id}/');
    expect(crontab.next_runs).toHaveLength(5);
    for (const t of crontab.next_runs) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T(00|06|12|18):00:00\+08:00$/);
    const gaps = crontab.next_runs.slice(1).map((t, i) => Date.parse(t) - Date.parse(crontab.next_runs[i] ?? ''));
    expect(gaps.every((g) => g === 6 * 3_600_000)).toBe(true);

    const schedule = expectSuccess(
      await api.post('api/automation/schedule/', { token: access, json: { name: `契约测试调度 ${unique()}`, task: 'diagnostics.probe', args: { message: 'contract' }, crontab: created.id, enabled: false } }),
      scheduleRow,
      'POST api/automation/schedule/',
    );
    const { run_id } = expectSuccess(await api.post(`api/automation/schedule/${schedule.id}/run/`, { token: access }), runQueued, 'POST api/automation/schedule/{id}/run/');
    let run = expectSuccess(await api.get(`api/automation/task/runs/${run_id}/`, { token: access }), runRow, 'GET api/automation/task/runs/{run_id}/');
    const end = Date.now() + 20_000;
    while (!['succeeded', 'failed'].includes(run.state) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      run = expectSuccess(await api.get(`api/automation/task/runs/${run_id}/`, { token: access }), runRow, 'GET api/automation/task/runs/{run_id}/');
    }
    expect(run).toMatchObject({ state: 'succeeded', attempts: 1, error: null, result: { message: 'contract', attempt: 1 } });
    expect(run.started).not.toBeNull();
    expect(run.finished).not.toBeNull();
    // Cancelling a finished run is refused.
    expectHandledFailure(await api.post(`api/automation/task/runs/${run_id}/cancel/`, { token: access }), 'cancel a finished run');
  });

  test('bad input: crontab, interval, arguments, a missing crontab', async ({ api, auth }) => {
    const { access } = await auth.session();
    const bad = async (path: string, json: unknown, want: RegExp) => {
      const failure = expectHandledFailure(await api.post(path, { token: access, json }), `POST ${path}`);
      expect(String(failure.msg)).toMatch(want);
    };
    await bad('api/automation/crontab/', { expression: '61 * * * *', timezone: 'Asia/Shanghai' }, /61/);
    await bad('api/automation/interval/', { every: 0, period: 'minutes' }, /间隔/);
    await bad('api/automation/interval/', { every: -3, period: 'hours' }, /间隔/);
    const interval = expectSuccess(await api.post('api/automation/interval/', { token: access, json: { every: 5, period: 'minutes' } }), intervalRow, 'POST api/automation/interval/');
    await bad('api/automation/schedule/', { name: `坏参数 ${unique()}`, task: 'logs.cleanup', args: { older_than_days: 'ninety' }, interval: interval.id }, /参数/);
    await bad('api/automation/schedule/', { name: `无 crontab ${unique()}`, task: 'diagnostics.probe', args: {}, crontab: 2_000_000_000 }, /不存在/);
  });

  test('page checks: locators and results lists; forbidden pages refused', async ({ api, auth }) => {
    const { access } = await auth.session();
    const locators = expectSuccess(await api.get('api/automation/webElement/?limit=5', { token: access }), listPage(locatorRow), 'GET api/automation/webElement/');
    expectSuccess(await api.get('api/automation/webElement/results/?limit=5', { token: access }), pageCheckResults, 'GET api/automation/webElement/results/');
    const game = locators.data[0]?.game;
    test.skip(game === undefined, 'needs a locator on an H5 game (the reference sample has nine)');
    for (const url of ['file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/']) {
      const failure = expectHandledFailure(await api.post('api/automation/webElement/', { token: access, json: { game, name: '契约测试', selector: 'canvas', url } }), `POST api/automation/webElement/ ${url}`);
      expect(String(failure.msg)).toMatch(/http 或 https|内网/);
    }
    expectHandledFailure(await api.post('api/automation/task/pages.check/run/', { token: access, json: { args: { game: 'all' } } }), 'pages.check with bad arguments');
  });
});
});
