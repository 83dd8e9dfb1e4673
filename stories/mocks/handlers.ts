import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { z } from 'zod';
import {
  captchaResult,
  captchaStatus,
  attachmentTotalResult,
  loginTotalResult,
  registeredUserTrend,
  usersTotalResult,
  deptNode,
  dictionaryEntry,
  dictionaryGroup,
  listPage,
  loginResult,
  loginTrend,
  menuItem,
  recentLogin,
  refreshResult,
  settings,
  userInfo,
} from '../../contracts/schemas';
import {
  ACCESS_TOKEN,
  captchaAnswer,
  captchaChallenge,
  captchaOff,
  counts,
  departments,
  dictionaries,
  failure,
  loginData,
  menus,
  ok,
  PASSWORD,
  PASSWORD_MD5,
  recentLogins,
  REFRESHED_ACCESS_TOKEN,
  registered,
  REFRESH_TOKEN,
  settingsData,
  superadmin,
  trend,
  wrapList,
} from './fixtures';

/** The dashboard's datav calls. */
export type DatavCall = 'usersTotal' | 'usersLoginTotal' | 'attachmentTotal' | 'loginTrend' | 'registeredUsers' | 'recentLogins';

export interface MockBackendOptions {
  /** base.captcha_state (default true). */
  captcha?: boolean;
  /** The real back end has no api/captcha/status/ (HTTP 404): the console must fall back to settings. */
  withoutCaptchaStatus?: boolean;
  /** Which dashboard calls answer with an error (HTTP 500 / 404 as noted). */
  failing?: ReadonlyArray<DatavCall>;
  /**
   * The datav answers (default: the fixtures, in the real keys). A story of another back end passes its
   * own, e.g. the older `{count}` form; they are sent as given (and must still be an envelope).
   */
  datav?: Partial<Record<DatavCall, JsonBodyType>>;
  /** Message of the wrong-password 401 ('' makes the console use its own text). */
  wrongPasswordMessage?: string;
  /** Milliseconds each login takes (to see the button's loading state). */
  loginDelayMs?: number;
  /** Milliseconds the captcha status and the settings take (the login page before it knows them). */
  startDelayMs?: number;
}

/** What the mock back end saw, for play functions to check. */
export interface MockBackendState {
  captchaIssued: number;
  logins: unknown[];
  logouts: unknown[];
  refreshes: number;
  dashboardCalls: number;
}

/**
 * A class, not a plain object: Storybook deep-merges plain objects in parameters (which would copy
 * `state` away from the handlers that write it); an instance is passed through as it is.
 */
export class MockBackend {
  constructor(
    readonly handlers: HttpHandler[],
    readonly state: MockBackendState,
    readonly reset: () => void,
  ) {}
}

const HTML_404 = '<!DOCTYPE html><html><head><title>Page not found</title></head><body>Not Found</body></html>';
const tokenInvalid = failure(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });

/**
 * A mock of the REST contract (API-CONTRACT §3-§9) for the stories: JWT checks, captcha on or off,
 * login with md5 or plain password, token refresh, and the dashboard calls.
 */
export function mockBackend(options: MockBackendOptions = {}): MockBackend {
  const captchaOn = options.captcha ?? true;
  const failing = new Set(options.failing ?? []);
  const state: MockBackendState = { captchaIssued: 0, logins: [], logouts: [], refreshes: 0, dashboardCalls: 0 };
  const issued = new Map<number, string>();
  let validAccess = new Set([ACCESS_TOKEN]);

  const authorized = (request: Request) => {
    const header = request.headers.get('Authorization') ?? '';
    return header.startsWith('JWT ') && validAccess.has(header.slice(4));
  };
  const guarded = (request: Request, answer: () => JsonBodyType) => (authorized(request) ? HttpResponse.json(answer()) : HttpResponse.json(tokenInvalid));

  const datav = (name: DatavCall, path: string, answer: () => JsonBodyType): HttpHandler =>
    http.get(`*/api/system/datav/${path}/`, ({ request }) => {
      state.dashboardCalls += 1;
      if (failing.has(name)) return name === 'recentLogins' ? new HttpResponse(HTML_404, { status: 404, headers: { 'Content-Type': 'text/html' } }) : HttpResponse.json(failure(4000, '统计服务暂不可用'));
      const given = options.datav?.[name];
      return guarded(request, given === undefined ? answer : () => given);
    });

  const handlers: HttpHandler[] = [
    http.get('*/api/captcha/status/', async () => {
      if (options.startDelayMs) await delay(options.startDelayMs);
      return options.withoutCaptchaStatus
        ? new HttpResponse(HTML_404, { status: 404, headers: { 'Content-Type': 'text/html' } })
        : HttpResponse.json(ok(captchaStatus, { status: captchaOn }));
    }),
    http.get('*/api/captcha/', () => {
      if (!captchaOn) return HttpResponse.json(ok(captchaResult, captchaOff));
      state.captchaIssued += 1;
      const key = state.captchaIssued;
      issued.set(key, captchaAnswer(key));
      return HttpResponse.json(ok(captchaResult, captchaChallenge(key)));
    }),
    http.get('*/api/init/settings/', async () => {
      if (options.startDelayMs) await delay(options.startDelayMs);
      return HttpResponse.json(ok(settings, settingsData(captchaOn)));
    }),
    http.post('*/api/login/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.logins.push(body);
      if (options.loginDelayMs) await delay(options.loginDelayMs);
      if (captchaOn) {
        if (body.captcha === undefined || body.captcha === '') return HttpResponse.json(failure(4000, '验证码不能为空'));
        const expected = issued.get(Number(body.captchaKey));
        issued.delete(Number(body.captchaKey));
        if (expected === undefined || String(body.captcha) !== expected) return HttpResponse.json(failure(4000, '图片验证码错误'));
      }
      if (body.username !== superadmin.username || (body.password !== PASSWORD && body.password !== PASSWORD_MD5)) {
        return HttpResponse.json(failure(401, options.wrongPasswordMessage ?? '账号/密码错误'));
      }
      validAccess.add(ACCESS_TOKEN);
      return HttpResponse.json(ok(loginResult, loginData, '请求成功'));
    }),
    http.post('*/token/refresh/', async ({ request }) => {
      state.refreshes += 1;
      const body = (await request.json()) as Record<string, unknown>;
      if (body.refresh !== REFRESH_TOKEN) return HttpResponse.json(failure(400, 'error'), { status: 401 });
      validAccess = new Set([REFRESHED_ACCESS_TOKEN]);
      return HttpResponse.json(ok(refreshResult, { access: REFRESHED_ACCESS_TOKEN, refresh: REFRESH_TOKEN }));
    }),
    http.post('*/api/logout/', async ({ request }) => {
      state.logouts.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
      return HttpResponse.json(ok(z.null(), null, '注销成功'));
    }),
    http.get('*/api/system/user/user_info/', ({ request }) => guarded(request, () => ok(userInfo, superadmin, '获取成功'))),
    http.get('*/api/init/dictionary/', ({ request }) => {
      const key = new URL(request.url).searchParams.get('dictionary_key') ?? '';
      if (key === 'all') return HttpResponse.json(ok(listPage(dictionaryGroup), wrapList(dictionaryGroup, dictionaries), '获取成功'));
      const entries = dictionaries.find((group) => group.value === key)?.children ?? [];
      return HttpResponse.json(ok(listPage(dictionaryEntry), wrapList(dictionaryEntry, entries), '获取成功'));
    }),
    http.get('*/api/system/menu/web_router/', ({ request }) => guarded(request, () => ok(listPage(menuItem), wrapList(menuItem, menus), '获取成功'))),
    http.get('*/api/system/dept/all_dept/', ({ request }) => guarded(request, () => ok(z.array(deptNode), departments, '获取成功'))),
    datav('usersTotal', 'users_total', () => ok(usersTotalResult, counts.users, '获取成功')),
    datav('usersLoginTotal', 'users_login_total', () => ok(loginTotalResult, counts.logins, '获取成功')),
    datav('attachmentTotal', 'attachment_total', () => ok(attachmentTotalResult, counts.attachments, '获取成功')),
    datav('loginTrend', 'login_user', () => ok(loginTrend, trend, '获取成功')),
    datav('registeredUsers', 'registered_user', () => ok(registeredUserTrend, registered, '获取成功')),
    datav('recentLogins', 'recent_logins', () => ok(z.array(recentLogin), recentLogins)),
  ];

  return new MockBackend(handlers, state, () => {
    Object.assign(state, { captchaIssued: 0, logins: [], logouts: [], refreshes: 0, dashboardCalls: 0 });
    issued.clear();
    validAccess = new Set([ACCESS_TOKEN]);
  });
}
