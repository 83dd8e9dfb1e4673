import type { TestInfo } from '@playwright/test';

/**
 * Where the real back end (django-vue-admin 2.x, "upstream") and the reference server knowingly
 * differ (API-CONTRACT.md, "Known upstream defects"). The contract suite asserts the reference
 * behaviour on the reference server, accepts the documented upstream behaviour on the real back end,
 * and reports every such case as a test annotation of type `known-difference` (visible in the HTML
 * report and printed in the list output), so a difference is never silently hidden.
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
    source: 'API-CONTRACT.md §4, known upstream defects',
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
  refreshRotation: {
    id: 'refresh-rotation',
    what: 'POST token/refresh/ and the refresh token it answers',
    reference: 'a new refresh token each time (rotation); a replaced one coming back is refused and ends the whole session (reuse detection)',
    upstream: 'the refresh token sent is the one answered; it keeps working until it expires',
    source: 'API-CONTRACT.md §4 (example 29/32); issue 12',
  },
  logoutRevokesAccess: {
    id: 'logout-revokes-access',
    what: 'the access token after POST api/logout/',
    reference: 'refused at once (401 token_not_valid) on REST and on the socket',
    upstream: 'keeps working until it expires (up to 60 minutes)',
    source: 'API-CONTRACT.md §4; issue 12',
  },
  activeUploadRefused: {
    id: 'active-upload-refused',
    what: 'POST api/system/file/ with an SVG (or any type outside the allow-list, or content not matching its name)',
    reference: 'refused with 4000 file:不支持的文件类型… / file:文件内容与扩展名不符。; stored files are served as attachments except raster images',
    upstream: 'accepted and served inline from the console origin (stored XSS)',
    source: 'issue 12',
  },
  whiteListSuperuserOnly: {
    id: 'white-list-superuser-only',
    what: 'writing api/system/api_white_list/ and write-method entries',
    reference: 'only a superuser writes it; an entry opening POST/PUT/DELETE to everyone needs open_write: true (else 4000), and one without it grants nothing',
    upstream: 'any role with the white-list buttons writes it; any entry grants its call to every user',
    source: 'issue 12',
  },
} as const satisfies Record<string, KnownDifference>;

export type KnownDifferenceId = keyof typeof KNOWN_DIFFERENCES;

/** Which of the two documented behaviours a test observed. */
export type Observed = 'reference' | 'upstream';

/** Records the difference on the test, as an annotation and a line in the output. */
export function reportDifference(testInfo: TestInfo, id: KnownDifferenceId, observed: Observed): void {
  const d = KNOWN_DIFFERENCES[id];
  const description =
    observed === 'upstream'
      ? `${d.what}: the target shows the real back end's known behaviour (${d.upstream}); the reference server does: ${d.reference}. See ${d.source}.`
      : `${d.what}: the target shows the reference behaviour (${d.reference}); the real back end is known to differ: ${d.upstream}. See ${d.source}.`;
  testInfo.annotations.push({ type: 'known-difference', description });
  if (observed === 'upstream') console.log(`known difference [${d.id}] ${description}`);
}
