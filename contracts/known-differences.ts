import type { TestInfo } from '@playwright/test';

/**
 * Where the real back end (django-vue-admin 2.x, "upstream") and the reference server knowingly
 * differ. Each entry names the difference, both behaviours and the evidence: the facts recorded in
 * API-CONTRACT.md (§3 "Known upstream defects", the captured examples of §16, §17 and §18). Where the real
 * back end is wrong by the spec or by common sense, the reference server keeps the correct behaviour.
 *
 * The contract suite asserts the reference behaviour on the reference server. On a target that is the
 * real back end (detected: it has no `api/captcha/status/`; or declared: CONTRACT_FLAVOUR=upstream) it
 * accepts exactly the documented upstream behaviour instead, and nothing else: an answer that is
 * neither fails, naming the route and both behaviours. Either way the test carries an annotation of
 * type `known-difference` saying which behaviour it saw (HTML and JSON reports), so a difference is
 * never silently hidden.
 */
export interface KnownDifference {
  id: string;
  what: string;
  reference: string;
  upstream: string;
  /** Where the upstream behaviour is recorded. */
  source: string;
}

export const KNOWN_DIFFERENCES = {
  logoutRevokesRefresh: {
    id: 'logout-revokes-refresh',
    what: 'POST api/logout/ and the refresh token',
    reference: 'logout revokes the refresh token: token/refresh/ then answers HTTP 401 {code: 400}',
    upstream: 'logout revokes nothing: the refresh token keeps working until it expires',
    source: 'API-CONTRACT.md §4, known upstream defects; examples 83-84',
  },
  socketBadToken: {
    id: 'socket-bad-token',
    what: 'socket handshake with a bad token',
    reference: 'the upgrade is accepted and the server closes at once with code 4401, reason token_not_valid',
    upstream: 'the handshake fails with HTTP 500 (no close code)',
    source: 'API-CONTRACT.md §12 and "Websocket edge cases"',
  },
  loginWithoutUserAgent: {
    id: 'login-without-user-agent',
    what: 'POST api/login/ without a User-Agent header',
    reference: 'answered with the envelope like any login',
    upstream: 'HTTP 500 (KeyError while writing the login log)',
    source: 'API-CONTRACT.md §3, appendix example 24',
  },
  socketApiPath: {
    id: 'socket-api-path',
    what: 'socket at api/ws/{token}/ (the path the console uses)',
    reference: 'served, like ws/{token}/',
    upstream: 'the back end itself serves only ws/{token}/; api/ws/ exists only where a proxy maps it',
    source: 'API-CONTRACT.md §12; console-spec §7',
  },
  uploadNeedsToken: {
    id: 'upload-needs-token',
    what: 'POST api/system/file/ without a token',
    reference: 'refused with 4000 身份认证信息未提供。 (a deliberate fix: anyone could fill the disk)',
    upstream: 'accepted: FileViewSet has permission_classes = [], the file is stored with creator null',
    source: 'API-CONTRACT.md §11, appendix example 64',
  },
  unknownRouteHtml: {
    id: 'unknown-route-html-404',
    what: 'an unknown path under /api/',
    reference: 'HTTP 404 with the envelope {code: 404, msg: 接口地址不正确, data: null}',
    upstream: "HTTP 404 with Django's HTML page (Content-Type text/html), no envelope",
    source: 'API-CONTRACT.md §3 "Outside the envelope", §17 (any unknown path under /api/), example 2',
  },
  msgAsList: {
    id: 'msg-as-list',
    what: 'POST api/system/message_center/ naming a user that does not exist',
    reference: 'code 4000 with one readable string, 目标用户:无效主键 “N” - 对象不存在。',
    upstream: 'code 4000 with msg as a list of field maps: [{"users": ["无效主键 “99999” － 对象不存在。"]}]',
    source: 'API-CONTRACT.md §17 (POST message_center/ with an unknown user id)',
  },
  dictionaryDuplicateValue: {
    id: 'dictionary-duplicate-value',
    what: 'POST api/system/dictionary/ with a value that already exists under the same parent',
    reference: 'refused with 4000 字典编号已存在（同一父级下不能重复）。 (two entries with one value make the dictionary ambiguous)',
    upstream: 'accepted (2000 新增成功): duplicate values are possible',
    source: 'API-CONTRACT.md §17 (POST dictionary/ with a value that already exists)',
  },
  exportContentType: {
    id: 'export-content-type',
    what: 'GET .../export_data/ and the import template GET .../import_data/ (xlsx downloads)',
    reference: 'Content-Type application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (the xlsx media type)',
    upstream: 'Content-Type application/msexcel (the legacy .xls type for an .xlsx file; recorded for export_data, the template comes from the same import/export mixin)',
    source: 'API-CONTRACT.md §17 (GET .../export_data/)',
  },
  areaTopLevelFilter: {
    id: 'area-pcode-isnull-ignored',
    what: 'GET api/system/area/?pcode__isnull=true (the top level of the area tree)',
    reference: 'only the rows without a parent (pcode null)',
    upstream: 'the filter is ignored: every area comes back (3,445 rows with lower levels mixed in)',
    source: 'API-CONTRACT.md §17 (GET area/ rows), example 57',
  },
  fileListOpen: {
    id: 'file-list-open',
    what: 'GET api/system/file/ as a user without the 附件管理 buttons (test)',
    reference: 'refused with 4000 您没有执行该操作的权限。 (GET: /api/system/file/), like every other guarded list',
    upstream: 'answered 2000 with the rows: the file list is readable by any signed-in user (FileViewSet permission_classes = [])',
    source: 'API-CONTRACT.md §17 (GET file/ as user test), §14 (file_list: none (public)), §13',
  },
  pagePastEnd: {
    id: 'page-past-end',
    what: 'a list page past the end',
    reference: 'an empty page: 2000, data.data [], msg 暂无数据',
    upstream: "code 4000, msg 'list' object has no attribute 'has_next'",
    source: 'API-CONTRACT.md §3 "Three list shapes", known upstream defects',
  },
  updateUserInfo: {
    id: 'update-user-info-broken',
    what: 'PUT api/system/user/update_user_info/ (the profile page saves here)',
    reference: 'saves the caller\'s name, email, mobile and gender: 2000 更新成功',
    upstream: "always code 4000: The field 'mobile' was declared on serializer UserInfoUpdateSerializer, but has not been included in the 'fields' option.",
    source: 'API-CONTRACT.md §9, known upstream defects, example 40',
  },
  userMessagePush: {
    id: 'user-message-no-push',
    what: 'a message sent to individual users (target_type 0) and the recipient\'s socket',
    reference: 'each recipient is pushed 您有一条新消息~ (refresh_unread true), like role, department and announcement messages',
    upstream: 'no frame at all: the recipient only sees it by polling get_unread_msg / get_self_receive',
    source: 'API-CONTRACT.md §12 (pushes observed), known upstream defects',
  },
  recentLogins: {
    id: 'recent-logins-reference-only',
    what: 'GET api/system/datav/recent_logins/ (the dashboard\'s latest sign-ins)',
    reference: 'the 10 newest sign-ins (an addition of the reference server)',
    upstream: "no such route: HTTP 404 with Django's HTML page (the dashboard shows - there)",
    source: 'API-CONTRACT.md §14 (the datav routes: no recent_logins), §17 (unknown paths)',
  },
  captchaStatus: {
    id: 'captcha-status-reference-only',
    what: 'GET api/captcha/status/',
    reference: '{status: base.captcha_state} (an addition of the reference server; the suite tells the servers apart by it)',
    upstream: 'no such route in this version: HTTP 404 (the console asks init/settings instead)',
    source: 'API-CONTRACT.md §5, appendix example 2',
  },
  selfServiceGrants: {
    id: 'role-actions-open-upstream',
    what: 'reset_to_default_password, role_get_menu, data_scope, data_scope_dept, and file multiple_delete / export_data, as user test',
    reference: 'refused without the matching buttons (anyone signed in could reset anyone\'s password otherwise)',
    upstream: 'IsAuthenticated or public: any signed-in user may call them (not called by the suite there: they would change data)',
    source: 'API-CONTRACT.md §14 (permission column); docs/system.md "On purpose different from upstream"',
  },
  refreshRotation: {
    id: 'refresh-rotation',
    what: 'POST token/refresh/ and the refresh token it answers',
    reference: 'a new refresh token each time (rotation); a replaced one coming back is refused and ends the whole session (reuse detection)',
    upstream: 'the refresh token sent is the one answered; it keeps working until it expires',
    source: 'API-CONTRACT.md §4 (example 29/32); docs/security.md',
  },
  logoutRevokesAccess: {
    id: 'logout-revokes-access',
    what: 'the access token after POST api/logout/',
    reference: 'refused at once (401 token_not_valid) on REST and on the socket',
    upstream: 'keeps working until it expires (up to 60 minutes)',
    source: 'API-CONTRACT.md §4; docs/security.md',
  },
  activeUploadRefused: {
    id: 'active-upload-refused',
    what: 'POST api/system/file/ with an SVG (or any type outside the allow-list, or content not matching its name)',
    reference: 'refused with 4000 file:不支持的文件类型… / file:文件内容与扩展名不符。; stored files are served as attachments except raster images',
    upstream: 'accepted and served inline from the console origin (stored XSS)',
    source: 'docs/security.md',
  },
  whiteListSuperuserOnly: {
    id: 'white-list-superuser-only',
    what: 'writing api/system/api_white_list/ and write-method entries',
    reference: 'only a superuser writes it; an entry opening POST/PUT/DELETE to everyone needs open_write: true (else 4000), and one without it grants nothing',
    upstream: 'any role with the white-list buttons writes it; any entry grants its call to every user',
    source: 'docs/security.md',
  },
  patchRefused: {
    id: 'patch-not-in-list',
    what: 'PATCH on a system resource (e.g. PATCH api/system/role/{id}/ with a grant), as superadmin',
    reference: 'a partial update: 2000 更新成功 with the fields sent changed',
    upstream: "refused: {\"code\":4000,\"msg\":\"'PATCH' is not in list\"} (its permission check knows GET, POST, PUT and DELETE only); PUT with the whole role saves a grant, as the console does",
    source: 'API-CONTRACT.md §18 (PATCH /api/system/role/{id}/)',
  },
  userWithoutPassword: {
    id: 'user-created-without-password',
    what: 'POST api/system/user/ without a password field',
    reference: 'the user gets the default password (base.default_password) and can sign in with it',
    upstream: 'the user gets an empty password ("password": "" in the answer) and every sign-in answers 401 账号/密码错误 until reset_to_default_password/ or reset_password/ sets one; the console\'s create form therefore always sends a password',
    source: 'API-CONTRACT.md §18 (POST /api/system/user/ without password)',
  },
  // dashboard realtime+monitor
  realtimeFrame: {
    id: 'realtime-frame',
    what: 'socket frame dashboard.realtime after {"type":"subscribe","topic":"dashboard.realtime"}',
    reference: 'pushed at most once per second to subscribed sockets of users with dashboard/realtime',
    upstream: 'the back end has no live frame (client frames are ignored); the console polls GET api/dashboard/realtime/',
    source: 'docs/dashboard.md',
  },
} as const satisfies Record<string, KnownDifference>;

export type KnownDifferenceId = keyof typeof KNOWN_DIFFERENCES;

/** Which of the two documented behaviours a test observed. */
export type Observed = 'reference' | 'upstream';

/** What the suite believes the target is: the reference server, or the real back end. */
export type Flavour = 'reference' | 'upstream';

/** CONTRACT_FLAVOUR=reference|upstream declares what the target is, instead of detecting it. */
export function declaredFlavour(): Flavour | null {
  const v = process.env.CONTRACT_FLAVOUR;
  if (v === undefined || v === '') return null;
  if (v === 'reference' || v === 'upstream') return v;
  throw new Error(`CONTRACT_FLAVOUR must be "reference" or "upstream", not ${JSON.stringify(v)}`);
}

/** Records the difference on the test, as an annotation and (for the upstream case) a line in the output. */
export function reportDifference(testInfo: TestInfo, id: KnownDifferenceId, observed: Observed): void {
  const d = KNOWN_DIFFERENCES[id];
  const description =
    observed === 'upstream'
      ? `[${d.id}] ${d.what}: the target shows the real back end's known behaviour (${d.upstream}); the reference server does: ${d.reference}. See ${d.source}.`
      : `[${d.id}] ${d.what}: the target shows the reference behaviour (${d.reference}); the real back end is known to differ: ${d.upstream}. See ${d.source}.`;
  testInfo.annotations.push({ type: 'known-difference', description });
  if (observed === 'upstream') console.log(`known difference ${description}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks one known difference on what the target answered. `checks.reference` and `checks.upstream`
 * each assert one behaviour (they throw when the answer is not it; their messages name the route).
 *
 * - The reference behaviour passes on any target (a fixed real back end is welcome).
 * - The documented upstream behaviour passes only on a target that is the real back end.
 * - Anything else fails with both expectations and what was wrong for each.
 *
 * Either way the observed behaviour is reported as an annotation. Returns which one it was, for a test
 * that must clean up differently (e.g. the duplicate a real back end accepted).
 */
export async function expectKnownDifference(
  testInfo: TestInfo,
  target: { flavour: Flavour },
  id: KnownDifferenceId,
  checks: { reference: () => void | Promise<void>; upstream: () => void | Promise<void> },
): Promise<Observed> {
  const d = KNOWN_DIFFERENCES[id];
  let referenceError: unknown;
  try {
    await checks.reference();
    reportDifference(testInfo, id, 'reference');
    return 'reference';
  } catch (error) {
    referenceError = error;
  }
  if (target.flavour !== 'upstream') {
    // The reference server must keep the correct behaviour: its failure is the plain assertion failure.
    throw referenceError instanceof Error ? referenceError : new Error(messageOf(referenceError));
  }
  try {
    await checks.upstream();
  } catch (upstreamError) {
    throw new Error(
      `Neither the reference behaviour nor the known difference [${d.id}] (${d.what}):\n` +
        `- expected either the reference behaviour: ${d.reference}\n  but: ${messageOf(referenceError)}\n` +
        `- or the real back end's documented behaviour (${d.source}): ${d.upstream}\n  but: ${messageOf(upstreamError)}`,
      { cause: upstreamError },
    );
  }
  reportDifference(testInfo, id, 'upstream');
  return 'upstream';
}
