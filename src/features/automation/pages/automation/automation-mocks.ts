import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  crontabRow,
  envelope,
  gameRow,
  intervalRow,
  listPage,
  locatorRow,
  menuItem,
  runQueued,
  runRow,
  scheduleRow,
  taskKindRow,
  workersAnswer,
  type CrontabRow,
  type IntervalRow,
  type LocatorRow,
  type MenuItem,
  pageCheckResult,
  type PageCheckResult,
  type RunRow,
  type ScheduleRow,
  type TaskKindRow,
  type WorkersAnswer,
} from '../../../../../contracts/schemas';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';

/**
 * A mock of the automation back end for the automation/* stories: the menus of 自动化, the
 * task kinds (with the server's argument forms), runs (filters, paging, run now, cancel, retry: a run
 * queued here is running at the next list and succeeded at the one after), the workers and queues, and
 * the crontab, interval and schedule viewsets (list, create, update, delete; an invalid crontab is
 * refused with the server's message). Every answer goes through its contract schema
 * (contracts/schemas/automation), so a change of the wire shapes breaks it.
 */

export const AUTOMATION_SCREENS = {
  task: { id: 701, name: '任务管理', component: 'automation/task', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete'] },
  schedule: { id: 702, name: '定时调度', component: 'automation/schedule', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete'] },
  crontab: { id: 703, name: 'Crontab 表达式', component: 'automation/crontab', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete'] },
  interval: { id: 704, name: '间隔周期', component: 'automation/interval', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete'] },
  celery: { id: 705, name: '执行节点', component: 'automation/celery', buttons: ['Search', 'Retrieve'] },
  webElement: { id: 706, name: '页面元素', component: 'automation/webElement', buttons: ['Search', 'Retrieve', 'Create', 'Update', 'Delete'] },
} as const;

type Gate = 'kinds' | 'runs' | 'workers' | 'crontab' | 'interval' | 'schedule' | 'run' | 'webElement' | 'results';

export interface AutomationMockOptions {
  /** These answer a failure. */
  failing?: Gate[];
  /** These never answer (loading states). */
  slow?: Gate[];
  /** No runs, workers, crontabs, intervals or schedules. */
  empty?: boolean;
  /** Many rows with long names, errors and results. */
  long?: boolean;
  /** Without the Create and Update buttons (a read-only operator). */
  readOnly?: boolean;
  // the check history
  /** The locators have no check results yet. */
  noResults?: boolean;
}

export interface AutomationMockState {
  calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }>;
  runs: RunRow[];
  crontabs: CrontabRow[];
  intervals: IntervalRow[];
  schedules: ScheduleRow[];
  locators: LocatorRow[];
  // the locators' check results, newest first.
  results: PageCheckResult[];
}

const LONG = '一个名字很长很长的任务调度用于验证表格在内容超长时的换行与截断效果的示例名称';

export const KINDS: TaskKindRow[] = z.array(taskKindRow).parse([
  {
    kind: 'rollups.rebuild',
    name: '重算汇总数据',
    description: '按日期范围重新计算埋点和收入的小时/日汇总（从原始事件和订单），可限定一个游戏。',
    arguments: [
      { name: 'target', label: '范围', type: 'enum', required: true, default: 'all', options: ['all', 'tracking', 'income'] },
      { name: 'days', label: '最近天数（与日期范围二选一）', type: 'integer', required: false, default: 2, min: 1, max: 366 },
      { name: 'start', label: '开始日期', type: 'date', required: false },
      { name: 'end', label: '结束日期', type: 'date', required: false },
      { name: 'game', label: '游戏 ID（留空为全部）', type: 'integer', required: false, default: null, min: 1 },
    ],
    retry_limit: 2,
    timeout_seconds: 1800,
    recent: { succeeded: 3 },
  },
  { kind: 'codes.expire', name: '兑换码过期处理', description: '结束时间已过（再加宽限天数）的兑换码批次记为已过期。', arguments: [{ name: 'grace_days', label: '宽限天数', type: 'integer', required: false, default: 0, min: 0, max: 3650 }], retry_limit: 2, timeout_seconds: 600, recent: {} },
  {
    kind: 'logs.cleanup',
    name: '清理日志',
    description: '删除早于指定天数的登录日志和/或操作日志。',
    arguments: [
      { name: 'log', label: '日志', type: 'enum', required: true, default: 'both', options: ['both', 'login', 'operation'] },
      { name: 'older_than_days', label: '保留天数', type: 'integer', required: true, default: 90, min: 1, max: 3650 },
    ],
    retry_limit: 2,
    timeout_seconds: 600,
    recent: { failed: 1, succeeded: 1 },
  },
  {
    kind: 'messages.announce',
    name: '发送公告',
    description: '以消息中心公告发给所有用户（在线用户立即收到通知）。',
    arguments: [
      { name: 'title', label: '标题', type: 'string', required: true, max: 100 },
      { name: 'content', label: '内容', type: 'text', required: true, max: 5000 },
    ],
    retry_limit: 1,
    timeout_seconds: 60,
    recent: {},
  },
  {
    kind: 'diagnostics.probe',
    name: '队列探测',
    description: '检验任务队列：等待指定毫秒数，前 N 次尝试故意失败（随后按退避重试），然后返回消息。',
    arguments: [
      { name: 'message', label: '返回消息', type: 'string', required: false, default: 'ok', max: 200 },
      { name: 'sleep_ms', label: '等待（毫秒）', type: 'integer', required: false, default: 0, min: 0, max: 600_000 },
      { name: 'fail_attempts', label: '先失败次数', type: 'integer', required: false, default: 0, min: 0, max: 10 },
    ],
    retry_limit: 3,
    timeout_seconds: 900,
    recent: { running: 1, retrying: 1 },
  },
]);

const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const dt = (d: number) => `2026-11-${String(d).padStart(2, '0')} 10:00:00`;
const audit = (id: number, description: string | null = null) => ({
  id,
  description,
  creator: 1,
  creator_name: '超级管理员',
  modifier: '1',
  modifier_name: '超级管理员',
  dept_belong_id: '1',
  create_datetime: dt(10 + (id % 10)),
  update_datetime: dt(20),
});

function run(n: number, state: RunRow['state'], task = KINDS[n % KINDS.length] as TaskKindRow, extra: Partial<RunRow> = {}): RunRow {
  const finished = state === 'succeeded' || state === 'failed' || state === 'cancelled';
  const started = state !== 'queued';
  return runRow.parse({
    id: uuid(n),
    task: task.kind,
    task_name: task.name,
    args: {},
    schedule: n % 3 === 0 ? 1 : null,
    schedule_name: n % 3 === 0 ? '每日重算近两天汇总' : null,
    trigger: n % 3 === 0 ? 'schedule' : 'manual',
    due: null,
    state,
    attempts: state === 'queued' ? 0 : state === 'retrying' ? 1 : state === 'failed' ? task.retry_limit + 1 : 1,
    max_attempts: task.retry_limit + 1,
    queued: iso(n * 7 + 1),
    started: started ? iso(n * 7) : null,
    finished: finished ? iso(n * 7 - 0.05) : null,
    duration_ms: finished ? 850 + n * 1300 : null,
    result: state === 'succeeded' ? { message: 'ok', rows: n * 10 } : null,
    error: state === 'failed' || state === 'retrying' ? `第 ${n} 次：连接数据库超时（ETIMEDOUT）` : state === 'cancelled' ? '已取消' : null,
    instance: started ? 'web-1-4821' : null,
    retry_of: null,
    ...extra,
  });
}

function seedRuns(long: boolean): RunRow[] {
  const states: RunRow['state'][] = ['running', 'retrying', 'queued', 'succeeded', 'failed', 'cancelled', 'succeeded', 'succeeded'];
  const base = states.map((s, i) => run(i + 1, s));
  if (!long) return base;
  return [
    ...base,
    ...Array.from({ length: 52 }, (_, i) =>
      run(i + 20, i % 4 === 0 ? 'failed' : 'succeeded', KINDS[i % KINDS.length], {
        error: i % 4 === 0 ? `Error: ${LONG}，堆栈与上下文：`.repeat(3) : null,
        result: i % 4 === 0 ? null : { message: LONG, rows: i * 1000, games: Array.from({ length: 8 }, (_, g) => g + 1) },
        schedule_name: LONG,
      }),
    ),
  ];
}

function seedWorkers(long: boolean, empty: boolean): WorkersAnswer {
  const now = Date.now();
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  const worker = (i: number, status: 'online' | 'lost' | 'stopped', heartbeat: number) => ({
    instance: long && i === 1 ? `web-${LONG}` : `web-${i}-${4800 + i}`,
    host: long && i === 1 ? `console-node-${LONG}` : `console-node-${i}`,
    pid: 4800 + i,
    started: ago(3600 * (i + 1)),
    heartbeat: ago(heartbeat),
    stopped: status === 'stopped' ? ago(heartbeat) : null,
    status,
    in_flight: status === 'online' ? i % 3 : 0,
    completed: 1200 * i + 37,
    failed: i * 3,
    load: status === 'online' ? { loadavg: [0.42 * i, 0.35, 0.3], cpu: 0.07 * i, rss_mb: 160 + i * 12, event_loop_lag_ms: 1.5 * i } : {},
  });
  const workers = empty
    ? []
    : [worker(1, 'online', 2), worker(2, 'online', 4), worker(3, 'lost', 47), worker(4, 'stopped', 7200), ...(long ? Array.from({ length: 10 }, (_, i) => worker(i + 5, 'online', i)) : [])];
  const queues = empty
    ? []
    : KINDS.map((k, i) => ({ queue: i === 0 ? 'tasks.exclusive' : 'tasks', task: k.kind, queued: i * 3, active: i % 2, retrying: i === 4 ? 1 : 0, failed: i, completed: 100 + i * 50 }));
  return workersAnswer.parse({ workers, queues, lost_after_seconds: 15 });
}

const NEXT = (expression: string): string[] => {
  // The stories' crontabs are "M H * * *" in Asia/Shanghai: the next 5 days at H:M (+08:00).
  const m = /^(\d+) (\d+) \* \* \*$/.exec(expression);
  if (!m) return [];
  const start = new Date(Date.now() + 8 * 3_600_000);
  return Array.from({ length: 5 }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1 + i));
    return `${d.toISOString().slice(0, 10)}T${m[2]?.padStart(2, '0')}:${m[1]?.padStart(2, '0')}:00+08:00`;
  });
};

/** The server's message for a crontab it cannot read (as server/jobs/schedule-time.ts words it). */
function crontabProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `Crontab 表达式无效：应为 5 个字段（分 时 日 月 周），实际 ${fields.length} 个。`;
  const ranges: Array<[number, number]> = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 7],
  ];
  for (let i = 0; i < 5; i += 1) {
    for (const n of (fields[i] ?? '').match(/\d+/g) ?? []) {
      const [lo, hi] = ranges[i] as [number, number];
      if (Number(n) < lo || Number(n) > hi) return `Crontab 表达式无效：值 ${n} 超出范围 ${lo}-${hi}。`;
    }
  }
  return null;
}

/** Two H5 games of the sample catalogue (page locators belong to one). */
const H5_GAMES = [
  { id: 11, name: '消消乐园', url: 'https://h5.example.com/games/xiaoxiao/index.html', code: 'h5-xiaoxiao' },
  { id: 12, name: '开心斗地主', url: 'https://h5.example.com/games/doudizhu/index.html', code: 'h5-doudizhu' },
];
const h5Row = (g: (typeof H5_GAMES)[number]) =>
  gameRow.parse({
    ...audit(g.id, null),
    kind: 'h5',
    name: g.name,
    icon: null,
    status: 'online',
    partner: null,
    partner_name: null,
    tags: [],
    tag_info: [],
    package_id: null,
    min_sdk: null,
    url: g.url,
    code: g.code,
    platform: null,
    app_id: null,
    category: null,
    current_release: null,
    current_version: null,
    current_build: null,
    release_count: 0,
  });

function seedLocators(long: boolean, empty: boolean): LocatorRow[] {
  if (empty) return [];
  const locator = (id: number, game: (typeof H5_GAMES)[number], over: Partial<LocatorRow>) =>
    locatorRow.parse({
      ...audit(id, null),
      game: game.id,
      game_name: game.name,
      game_url: game.url,
      name: '游戏画布',
      url: null,
      selector: 'canvas',
      check_kind: 'exists',
      attribute: null,
      expected: null,
      match: 'contains',
      enabled: true,
      last_checked: '2026-11-25 09:00:03',
      last_passed: true,
      last_actual: '<canvas>',
      last_message: null,
      ...over,
    });
  const rows = [
    locator(1, H5_GAMES[0] as (typeof H5_GAMES)[number], {}),
    locator(2, H5_GAMES[0] as (typeof H5_GAMES)[number], { name: '开始按钮', selector: 'button.start, #start', check_kind: 'text', expected: '开始', last_passed: false, last_actual: '继续游戏', last_message: '文本不包含「开始」' }),
    locator(3, H5_GAMES[1] as (typeof H5_GAMES)[number], { name: '隐私政策链接', selector: 'a.privacy', check_kind: 'attribute', attribute: 'href', expected: 'privacy', last_checked: null, last_passed: null, last_actual: null }),
  ];
  if (!long) return rows;
  return [
    ...rows,
    ...Array.from({ length: 24 }, (_, i) =>
      locator(10 + i, H5_GAMES[i % 2] as (typeof H5_GAMES)[number], { name: `${LONG}${i}`, selector: `#app > div.stage-${i} > .panel .button-group > button[data-action="start-game-${i}"]`, last_passed: i % 3 !== 0, last_message: i % 3 === 0 ? `没有元素匹配选择器 #app > div.stage-${i} > .panel .button-group` : null }),
    ),
  ];
}

// the check results of the sample locators: 1 always passed (3 runs), 2 passed then
// failed (23 runs, three pages of 10), 3 never checked; with long content, long reasons and URLs.
function seedResults(locators: LocatorRow[], long: boolean): PageCheckResult[] {
  const out: PageCheckResult[] = [];
  let id = 0;
  const start = Date.UTC(2026, 10, 25, 1, 0, 3);
  const at = (n: number) => new Date(start - n * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  for (const l of locators) {
    const runs = l.id === 1 ? 3 : l.id === 2 ? 23 : l.id >= 10 ? 12 : 0;
    for (let n = 0; n < runs; n += 1) {
      id += 1;
      const failed = l.id === 2 ? n < 15 : l.id >= 10 ? n % 3 === 0 : false;
      const unreachable = failed && n % 5 === 4;
      out.push(
        pageCheckResult.parse({
          id,
          run: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
          game: l.game,
          locator: l.id,
          url: l.url ?? l.game_url ?? '',
          http_status: unreachable ? 502 : 200,
          passed: !failed,
          actual: unreachable ? null : failed ? '继续游戏' : l.check_kind === 'text' ? '开始游戏' : '<canvas>',
          message: unreachable ? '页面返回 HTTP 502' : failed ? (long ? `没有元素匹配选择器 ${l.selector}；页面可能已改版，请核对游戏入口页面的结构后更新这个页面元素的选择器` : '文本不包含「开始」') : null,
          duration_ms: 120 + ((n * 37) % 900),
          checked_at: at(n),
        }),
      );
    }
  }
  return out.sort((a, b) => (a.checked_at < b.checked_at ? 1 : a.checked_at > b.checked_at ? -1 : b.id - a.id));
}

function seedResources(state: AutomationMockState, long: boolean, empty: boolean) {
  state.locators = seedLocators(long, empty);
  if (empty) {
    state.crontabs = [];
    state.intervals = [];
    state.schedules = [];
    return;
  }
  state.crontabs = [
    crontabRow.parse({ ...audit(1, '每天凌晨 3:30'), expression: '30 3 * * *', timezone: 'Asia/Shanghai', next_runs: NEXT('30 3 * * *'), schedules: 1 }),
    crontabRow.parse({ ...audit(2, '每周一凌晨 4 点'), expression: '0 4 * * 1', timezone: 'Asia/Shanghai', next_runs: ['2026-11-30T04:00:00+08:00', '2026-12-07T04:00:00+08:00', '2026-12-14T04:00:00+08:00', '2026-12-21T04:00:00+08:00', '2026-12-28T04:00:00+08:00'], schedules: 1 }),
    crontabRow.parse({ ...audit(3, long ? LONG : '纽约时间每天 9 点'), expression: '0 9 * * *', timezone: 'America/New_York', next_runs: ['2026-11-25T09:00:00-05:00', '2026-11-26T09:00:00-05:00', '2026-11-27T09:00:00-05:00', '2026-11-28T09:00:00-05:00', '2026-11-29T09:00:00-05:00'], schedules: 0 }),
  ];
  state.intervals = [
    intervalRow.parse({ ...audit(1, '每小时'), every: 1, period: 'hours', schedules: 1 }),
    intervalRow.parse({ ...audit(2, '每 10 分钟'), every: 10, period: 'minutes', schedules: 1 }),
    intervalRow.parse({ ...audit(3, long ? LONG : '每天'), every: 1, period: 'days', schedules: 0 }),
  ];
  const schedule = (id: number, name: string, task: TaskKindRow, args: Record<string, unknown>, bind: { crontab?: number; interval?: number }, enabled: boolean, last: RunRow['state'] | null) =>
    scheduleRow.parse({
      ...audit(id),
      name,
      task: task.kind,
      task_name: task.name,
      args,
      crontab: bind.crontab ?? null,
      interval: bind.interval ?? null,
      schedule_text: bind.crontab ? `${state.crontabs[bind.crontab - 1]?.expression ?? ''} (Asia/Shanghai)` : `每 ${state.intervals[(bind.interval ?? 1) - 1]?.every ?? 1} 小时`,
      enabled,
      exclusive: id !== 4,
      next_run: enabled ? iso(-30 * id) : null,
      last_run: last ? iso(60 * id) : null,
      total_runs: last ? id * 4 : 0,
      last_state: last,
    });
  state.schedules = [
    schedule(1, '每日重算近两天汇总', KINDS[0] as TaskKindRow, { target: 'all', days: 2 }, { crontab: 1 }, true, 'succeeded'),
    schedule(2, '每周清理 90 天前日志', KINDS[2] as TaskKindRow, { log: 'both', older_than_days: 90 }, { crontab: 2 }, true, 'failed'),
    schedule(3, '兑换码过期处理', KINDS[1] as TaskKindRow, { grace_days: 0 }, { interval: 1 }, true, null),
    schedule(4, long ? LONG : '队列探测', KINDS[4] as TaskKindRow, { message: 'ok', sleep_ms: 200, fail_attempts: 0 }, { interval: 2 }, false, 'retrying'),
  ];
}

export function automationBackend(options: AutomationMockOptions = {}): MockBackend & { automation: AutomationMockState } {
  const long = !!options.long;
  const empty = !!options.empty;
  const state: AutomationMockState = { calls: [], runs: [], crontabs: [], intervals: [], schedules: [], locators: [], results: [] };
  let serial = 1000;
  const seed = () => {
    state.runs = empty ? [] : seedRuns(long);
    seedResources(state, long, empty);
    state.results = options.noResults ? [] : seedResults(state.locators, long);
  };
  seed();
  const base = mockBackend();
  const menus = menusOf(options.readOnly ?? false);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: Gate) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const record = (request: Request, body: unknown = null) => state.calls.push({ method: request.method, path: new URL(request.url).pathname, query: new URL(request.url).searchParams, body });
  const page = <T extends z.ZodType>(schema: T, rows: z.input<T>[], q: URLSearchParams) => {
    const p = Math.max(1, Number(q.get('page') ?? 1));
    const limit = Math.max(1, Number(q.get('limit') ?? 20));
    return ok(listPage(schema), { page: p, limit, total: rows.length, is_next: p * limit < rows.length, is_previous: p > 1, data: rows.slice((p - 1) * limit, p * limit) });
  };
  const enqueue = (task: TaskKindRow, args: Record<string, unknown>, extra: Partial<RunRow> = {}) => {
    serial += 1;
    const r = run(serial, 'queued', task, { args, queued: new Date().toISOString(), schedule: null, schedule_name: null, trigger: 'manual', ...extra });
    state.runs.unshift(r);
    return r.id;
  };
  /** Runs move on at each list: queued → running → succeeded (as a worker would). */
  const advance = () => {
    state.runs = state.runs.map((r) => {
      if (Number(r.id.slice(-12)) <= 1000) return r;
      if (r.state === 'queued') return { ...r, state: 'running', attempts: 1, started: new Date().toISOString(), instance: 'web-1-4801' };
      if (r.state === 'running') return { ...r, state: 'succeeded', finished: new Date().toISOString(), duration_ms: 1234, result: { message: String(r.args.message ?? 'ok') } };
      return r;
    });
  };

  /** A CRUD viewset over one of the state's lists. */
  const viewset = <T extends { id: number }>(
    name: 'crontab' | 'interval' | 'schedule' | 'webElement',
    schema: z.ZodType<T>,
    list: () => T[],
    set: (rows: T[]) => void,
    make: (body: Record<string, unknown>, current: T | null) => T | string,
  ): HttpHandler[] => {
    const path = `*/api/automation/${name}/`;
    return [
      http.get(path, async ({ request }) => {
        record(request);
        const refused = await gate(name);
        if (refused) return refused;
        const q = new URL(request.url).searchParams;
        const search = (q.get('search') ?? '').toLowerCase();
        const rows = list().filter((r) => !search || JSON.stringify(r).toLowerCase().includes(search));
        return HttpResponse.json(page(schema, rows, q));
      }),
      http.post(path, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        record(request, body);
        const made = make(body, null);
        if (typeof made === 'string') return HttpResponse.json(failure(4000, made));
        set([made, ...list()]);
        return HttpResponse.json(ok(schema, made, '新增成功'));
      }),
      http.put(`${path}:id/`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        record(request, body);
        const current = list().find((r) => r.id === Number(params.id)) ?? null;
        if (!current) return HttpResponse.json(failure(4000, '未找到该记录'));
        const made = make(body, current);
        if (typeof made === 'string') return HttpResponse.json(failure(4000, made));
        set(list().map((r) => (r.id === current.id ? made : r)));
        return HttpResponse.json(ok(schema, made, '更新成功'));
      }),
      http.delete(`${path}:id/`, ({ request, params }) => {
        record(request);
        set(list().filter((r) => r.id !== Number(params.id)));
        return HttpResponse.json(ok(z.null(), null, '删除成功'));
      }),
    ];
  };
  const nextId = (rows: Array<{ id: number }>) => rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;

  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/automation/task/runs/:run/', async ({ request, params }) => {
      record(request);
      const r = state.runs.find((x) => x.id === params.run);
      return HttpResponse.json(r ? ok(runRow, r) : failure(4000, '未找到该记录'));
    }),
    http.get('*/api/automation/task/runs/', async ({ request }) => {
      record(request);
      const refused = await gate('runs');
      if (refused) return refused;
      advance();
      const q = new URL(request.url).searchParams;
      const rows = state.runs.filter((r) => (!q.get('state') || r.state === q.get('state')) && (!q.get('task') || r.task === q.get('task')));
      return HttpResponse.json(page(runRow, rows, q));
    }),
    http.get('*/api/automation/task/', async ({ request }) => {
      record(request);
      const refused = await gate('kinds');
      if (refused) return refused;
      const kinds = long ? KINDS.map((k, i) => (i === 0 ? { ...k, name: LONG, description: `${LONG}。`.repeat(4) } : k)) : KINDS;
      return HttpResponse.json(ok(z.array(taskKindRow), empty ? [] : kinds));
    }),
    http.post('*/api/automation/task/runs/:run/cancel/', async ({ request, params }) => {
      record(request, {});
      const r = state.runs.find((x) => x.id === params.run);
      if (!r) return HttpResponse.json(failure(4000, '未找到该记录'));
      if (!['queued', 'running', 'retrying'].includes(r.state)) return HttpResponse.json(failure(4000, `运行已结束（${r.state}），不能取消。`));
      const cancelled = { ...r, state: 'cancelled' as const, finished: new Date().toISOString(), error: '已取消' };
      state.runs = state.runs.map((x) => (x.id === r.id ? cancelled : x));
      return HttpResponse.json(ok(runRow, cancelled, '已取消'));
    }),
    http.post('*/api/automation/task/runs/:run/retry/', async ({ request, params }) => {
      record(request, {});
      const r = state.runs.find((x) => x.id === params.run);
      const task = KINDS.find((k) => k.kind === r?.task);
      if (!r || !task) return HttpResponse.json(failure(4000, '未找到该记录'));
      return HttpResponse.json(ok(runQueued, { run_id: enqueue(task, r.args, { retry_of: r.id }) }, '已重新加入队列'));
    }),
    // Page checks: the H5 games, and a check of the locators (each checked one passes in this mock).
    http.get('*/api/game/h5/', ({ request }) => {
      record(request);
      return HttpResponse.json(page(gameRow, H5_GAMES.map(h5Row), new URL(request.url).searchParams));
    }),
    // the check results, filtered and paged like the server (its refusals too).
    http.get('*/api/automation/webElement/results/', async ({ request }) => {
      record(request);
      const refused = await gate('results');
      if (refused) return refused;
      const q = new URL(request.url).searchParams;
      const passed = q.get('passed');
      if (passed !== null && passed !== 'true' && passed !== 'false') return HttpResponse.json(failure(4000, '是否通过:应为 true 或 false。'));
      const rows = state.results.filter((r) => (!q.get('locator') || r.locator === Number(q.get('locator'))) && (!q.get('game') || r.game === Number(q.get('game'))) && (passed === null || String(r.passed) === passed));
      return HttpResponse.json(page(pageCheckResult, rows, q));
    }),
    http.post('*/api/automation/task/pages.check/run/', async ({ request }) => {
      const body = (await request.json()) as { args?: Record<string, unknown> };
      record(request, body);
      const refused = await gate('run');
      if (refused) return refused;
      const one = typeof body.args?.locator === 'number' ? body.args.locator : null;
      const checked = new Date().toISOString().slice(0, 19).replace('T', ' ');
      state.locators = state.locators.map((l) => (l.enabled && (one === null || l.id === one) ? { ...l, last_checked: checked, last_passed: true, last_message: null } : l));
      // each checked locator gains a passed result.
      for (const l of state.locators.filter((x) => x.enabled && (one === null || x.id === one)))
        state.results.unshift(pageCheckResult.parse({ id: state.results.reduce((m, r) => Math.max(m, r.id), 0) + 1, run: null, game: l.game, locator: l.id, url: l.url ?? l.game_url ?? '', http_status: 200, passed: true, actual: l.last_actual, message: null, duration_ms: 150, checked_at: checked }));
      serial += 1;
      const kind = { kind: 'pages.check', name: 'H5 页面检查', retry_limit: 1 } as TaskKindRow;
      const r = run(serial, 'queued', kind, { args: body.args ?? {}, queued: new Date().toISOString(), schedule: null, schedule_name: null, trigger: 'manual' });
      state.runs.unshift(r);
      return HttpResponse.json(ok(runQueued, { run_id: r.id }, '已加入队列'));
    }),
    ...viewset(
      'webElement',
      locatorRow,
      () => state.locators,
      (rows) => (state.locators = rows),
      (body, current) => {
        const selector = String(body.selector ?? current?.selector ?? '');
        if (selector.includes('>>>')) return 'CSS 选择器:CSS 选择器无效：Expected selector, found >';
        const url = body.url === undefined ? (current?.url ?? null) : (body.url as string | null);
        if (url && !/^https?:\/\//i.test(url)) return `页面地址:只能检查 http 或 https 页面，不能检查 ${url.split(':')[0] ?? ''}: 地址。`;
        const game = H5_GAMES.find((g) => g.id === Number(body.game ?? current?.game));
        if (!game) return `游戏:游戏 ${String(body.game)} 不存在。`;
        const id = current?.id ?? nextId(state.locators);
        return locatorRow.parse({
          ...(current ?? { last_checked: null, last_passed: null, last_actual: null, last_message: null }),
          ...audit(id, (body.description as string | null | undefined) ?? current?.description ?? null),
          game: game.id,
          game_name: game.name,
          game_url: game.url,
          name: String(body.name ?? current?.name ?? ''),
          url,
          selector,
          check_kind: body.check_kind ?? current?.check_kind ?? 'exists',
          attribute: (body.attribute as string | null | undefined) ?? current?.attribute ?? null,
          expected: (body.expected as string | null | undefined) ?? current?.expected ?? null,
          match: body.match ?? current?.match ?? 'contains',
          enabled: body.enabled ?? current?.enabled ?? true,
        });
      },
    ),
    http.post('*/api/automation/task/:kind/run/', async ({ request, params }) => {
      const body = (await request.json()) as { args?: Record<string, unknown> };
      record(request, body);
      const refused = await gate('run');
      if (refused) return refused;
      const task = KINDS.find((k) => k.kind === params.kind);
      if (!task) return HttpResponse.json(failure(4000, `任务「${String(params.kind)}」不存在。`));
      if (task.kind === 'logs.cleanup' && Number(body.args?.older_than_days) < 1) return HttpResponse.json(failure(4000, '参数:older_than_days 至少保留 1 天。'));
      return HttpResponse.json(ok(runQueued, { run_id: enqueue(task, body.args ?? {}) }, '已加入队列'));
    }),
    http.post('*/api/automation/schedule/:id/run/', async ({ request, params }) => {
      record(request, {});
      const s = state.schedules.find((x) => x.id === Number(params.id));
      const task = KINDS.find((k) => k.kind === s?.task);
      if (!s || !task) return HttpResponse.json(failure(4000, '未找到该记录'));
      state.schedules = state.schedules.map((x) => (x.id === s.id ? { ...x, total_runs: x.total_runs + 1, last_run: new Date().toISOString(), last_state: 'queued' } : x));
      return HttpResponse.json(ok(runQueued, { run_id: enqueue(task, s.args, { schedule: s.id, schedule_name: s.name }) }, '已加入队列'));
    }),
    http.get('*/api/automation/celery/', async ({ request }) => {
      record(request);
      const refused = await gate('workers');
      if (refused) return refused;
      return HttpResponse.json(ok(workersAnswer, seedWorkers(long, empty)));
    }),
    ...viewset(
      'crontab',
      crontabRow,
      () => state.crontabs,
      (rows) => (state.crontabs = rows),
      (body, current) => {
        const expression = String(body.expression ?? current?.expression ?? '').trim();
        const problem = crontabProblem(expression);
        if (problem) return problem;
        const id = current?.id ?? nextId(state.crontabs);
        const timezone = String(body.timezone ?? current?.timezone ?? 'Asia/Shanghai');
        return crontabRow.parse({ ...audit(id, (body.description as string | null | undefined) ?? current?.description ?? null), expression, timezone, next_runs: NEXT(expression), schedules: current?.schedules ?? 0 });
      },
    ),
    ...viewset(
      'interval',
      intervalRow,
      () => state.intervals,
      (rows) => (state.intervals = rows),
      (body, current) => {
        const every = Number(body.every ?? current?.every);
        if (!Number.isInteger(every) || every < 1) return '间隔:间隔必须是正整数。';
        const id = current?.id ?? nextId(state.intervals);
        return intervalRow.parse({ ...audit(id, (body.description as string | null | undefined) ?? current?.description ?? null), every, period: body.period ?? current?.period, schedules: current?.schedules ?? 0 });
      },
    ),
    ...viewset(
      'schedule',
      scheduleRow,
      () => state.schedules,
      (rows) => (state.schedules = rows),
      (body, current) => {
        const task = KINDS.find((k) => k.kind === (body.task ?? current?.task));
        if (!task) return `任务:任务「${String(body.task)}」不存在。`;
        const crontab = 'crontab' in body ? ((body.crontab as number | null) ?? null) : (current?.crontab ?? null);
        const interval = 'interval' in body ? ((body.interval as number | null) ?? null) : (current?.interval ?? null);
        if ((crontab === null) === (interval === null)) return '调度:请在 Crontab 和间隔周期中选择一个（只能选一个）。';
        const c = state.crontabs.find((x) => x.id === crontab);
        const iv = state.intervals.find((x) => x.id === interval);
        if (crontab !== null && !c) return `Crontab:id 为 ${crontab} 的 Crontab 不存在（可能已被删除）。`;
        const enabled = typeof body.enabled === 'boolean' ? body.enabled : (current?.enabled ?? true);
        const id = current?.id ?? nextId(state.schedules);
        return scheduleRow.parse({
          ...audit(id, (body.description as string | null | undefined) ?? current?.description ?? null),
          name: String(body.name ?? current?.name ?? ''),
          task: task.kind,
          task_name: task.name,
          args: (body.args as Record<string, unknown> | undefined) ?? current?.args ?? {},
          crontab,
          interval,
          schedule_text: c ? `${c.expression} (${c.timezone})` : iv ? `每 ${iv.every} ${iv.period}` : '',
          enabled,
          exclusive: typeof body.exclusive === 'boolean' ? body.exclusive : (current?.exclusive ?? false),
          next_run: enabled ? (c?.next_runs[0] ?? new Date(Date.now() + 600_000).toISOString()) : null,
          last_run: current?.last_run ?? null,
          total_runs: current?.total_runs ?? 0,
          last_state: current?.last_state ?? null,
        });
      },
    ),
  ];
  const reset = () => {
    base.reset();
    state.calls = [];
    serial = 1000;
    seed();
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { automation: state });
}

function menusOf(readOnly: boolean): MenuItem[] {
  return [
    menuEntry(700, null, '自动化', { icon: 'tasks', is_catalog: true }),
    ...Object.values(AUTOMATION_SCREENS).map((s) =>
      menuEntry(s.id, 700, s.name, { path: `/${s.component}`, web_path: `/${s.component}`, component: s.component, component_name: s.component.split('/')[1], menuPermission: s.buttons.filter((b) => !(readOnly && (b === 'Create' || b === 'Update' || b === 'Delete'))) }),
    ),
  ];
}
