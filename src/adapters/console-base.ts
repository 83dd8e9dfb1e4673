import { isRecord } from '../../contracts/json';
import type { OAuth2Config } from '../../contracts/schemas';
import type {
  ActionOptions,
  DownloadedFile,
  ExportQuery,
  ListQuery,
  LoginSession,
  NewPassword,
  ProgressListener,
  ResourceApi,
  ResourcePage,
  ResourceRow,
  RowId,
  UploadedFile,
  UploadOptions,
} from './api';
import { encodePassword, type PasswordEncoding } from './password';
import type { HttpClient, RequestOptions } from './rest/http';
import { loginSessionOf, oauth2ConfigOf } from './rest/login-api';
import type {
  EventAnalysis,
  EventAnalysisQuery,
  FunnelAnalysis,
  FunnelAnalysisQuery,
  ReportParams,
  SessionAnalysis,
  SessionAnalysisQuery,
  TrackingCredentials,
  TrackingReport,
} from '../features/tracking/adapters/tracking';
import type {
  DistributionQuery,
  DistributionResult,
  HistoryQuery,
  HistoryResult,
  IncomeRange,
  IncomeReport,
  OrderFilters,
  OverviewResult,
  RankQuery,
  RankResult,
  StreamedFile,
  StreamOptions,
} from '../features/income/adapters/income';
// Partners (issue 16 part B, i16-ads)
import type { PartnerOverviewResult, PartnerSettlement, SettlementQuery, SettlementResult, ShareRate, ShareRateInput } from '../features/cooperate/adapters/cooperate';

// Partners (issue 16 part B, i16-ads): query writers and schemas load with the first partner call.
const cooperateModule = () => import('../features/cooperate/adapters/cooperate');
// dashboard realtime+monitor (i17-live)
import type { MonitorResult, RealtimeSnapshot } from '../features/dashboard/adapters/dashboard-live';

// automation console (i17-console): types, and the module that loads with the first automation call.
import type { RunPage, RunQuery, RunRow, TaskKindRow, WorkersAnswer } from '../features/automation/adapters/automation';
const automationModule = () => import('../features/automation/adapters/automation');
// end automation console (i17-console)

// advertising (i16-adverts): query writers and schemas load with the first advertising call.
import type { AttributionQuery, AttributionResult, PerformanceQuery, PerformanceResult, SpendDay, SpendResult } from '../features/advertising/adapters/advertising';
const advertisingModule = () => import('../features/advertising/adapters/advertising');

// workbench (i17-workbench): schemas load with the first workbench call.
import type { MyLogin, WorkbenchLayout, WorkbenchShortcut, WorkbenchWidget } from '../features/dashboard/adapters/workbench';
const workbenchModule = () => import('../features/dashboard/adapters/workbench');

// ---- issue 16 part B, players (i16-players)
import type { RetentionQuery, RetentionResult } from '../features/players/adapters/players';
// issue 16 data reports
import type { StatsQuery, StatsReport, StatsResult } from '../features/players/adapters/players';
const playersModule = () => import('../features/players/adapters/players');
// ---- center_users accounts+game_users (i16-accounts)
import type { AccountDetail, BanInput, GameUserDetail, GameUserDevices, GameUserKey, PlayerSessions, PlayerTrackPage, SessionsQuery, TrackQuery, UnbanInput } from '../features/players/adapters/accounts';
const accountsModule = () => import('../features/players/adapters/accounts');

/** The revenue query writers and schemas load with the first revenue call (issue 16: not in the login page's chunk). */
const incomeModule = () => import('../features/income/adapters/income');

/** The tracking query writers load with the first tracking call (issue 15: not in the login page's chunk). */
const trackingModule = () => import('../features/tracking/adapters/tracking');
const reportPath = (report: TrackingReport) => `/api/data_embed/${report}/`;

/** Generic resource calls plus a JSON request on the adapter's own transport (REST, or the gateway's rest / restWrite). */
export interface ResourceTransport extends ResourceApi {
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** GET a file at a path with ordered query pairs (files travel over REST in both adapters). */
  downloadFrom(path: string, pairs: ReportParams, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** Like downloadFrom, reporting bytes received and the X-Export-Rows header, cancellable by a signal. */
  streamFrom(path: string, pairs: ReportParams, options?: StreamOptions): Promise<StreamedFile>;
}

const USERS = '/api/system/user/';
const OAUTH2 = '/api/oauth2/';

/**
 * What both adapters (REST and GraphQL) share, written once: the generic resource calls handed to the
 * object that does the work, the password calls (encoded like the login's), and the OAuth2 sign-in
 * whose session goes into the cookies through the HTTP client (their one writer).
 */
export abstract class ConsoleApiBase implements ResourceApi {
  /** The HTTP client whose rules every call runs under; it owns the session cookies. */
  protected abstract readonly http: HttpClient;
  protected abstract readonly resources: ResourceTransport;
  protected abstract readonly passwordEncoding: PasswordEncoding;

  list(resource: string, query?: ListQuery): Promise<ResourcePage> {
    return this.resources.list(resource, query);
  }
  retrieve(resource: string, id: RowId): Promise<ResourceRow> {
    return this.resources.retrieve(resource, id);
  }
  create(resource: string, body: ResourceRow): Promise<ResourceRow> {
    return this.resources.create(resource, body);
  }
  update(resource: string, id: RowId, body: ResourceRow): Promise<ResourceRow> {
    return this.resources.update(resource, id, body);
  }
  remove(resource: string, id: RowId): Promise<void> {
    return this.resources.remove(resource, id);
  }
  multipleDelete(resource: string, keys: readonly RowId[]): Promise<void> {
    return this.resources.multipleDelete(resource, keys);
  }
  action(resource: string, path: string, options?: ActionOptions): Promise<unknown> {
    return this.resources.action(resource, path, options);
  }
  exportData(resource: string, query: ExportQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.exportData(resource, query, onProgress);
  }
  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.importTemplate(resource, onProgress);
  }
  importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string> {
    return this.resources.importData(resource, file, fileName, onProgress);
  }
  upload(file: Blob, fileName: string, options?: UploadOptions): Promise<UploadedFile> {
    return this.resources.upload(file, fileName, options);
  }
  uploadTo(resource: string, path: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<unknown> {
    return this.resources.uploadTo(resource, path, file, fileName, onProgress);
  }
  downloadFile(resource: string, path: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.resources.downloadFile(resource, path, onProgress);
  }

  /** One analysis report's data (REST: GET with the query; GraphQL: the gateway's trackingReport). */
  protected abstract report(report: TrackingReport, params: ReportParams): Promise<unknown>;

  async eventAnalysis(query: EventAnalysisQuery): Promise<EventAnalysis> {
    const { eventParams } = await trackingModule();
    const data = await this.report('event', eventParams(query));
    if (isRecord(data) && Array.isArray(data.times) && Array.isArray(data.lines)) {
      return { ...(data as unknown as EventAnalysis), series: Array.isArray(data.series) ? (data.series as EventAnalysis['series']) : [] };
    }
    throw this.http.malformed({ path: reportPath('event') });
  }

  async funnelAnalysis(query: FunnelAnalysisQuery): Promise<FunnelAnalysis> {
    const { funnelParams } = await trackingModule();
    const data = await this.report('funnel', funnelParams(query));
    if (isRecord(data) && Array.isArray(data.steps) && isRecord(data.funnel)) return data as unknown as FunnelAnalysis;
    throw this.http.malformed({ path: reportPath('funnel') });
  }

  async sessionAnalysis(query: SessionAnalysisQuery): Promise<SessionAnalysis> {
    const { sessionParams } = await trackingModule();
    const data = await this.report('sessions', sessionParams(query));
    if (isRecord(data) && typeof data.sessions === 'number' && Array.isArray(data.histogram) && Array.isArray(data.days)) return data as unknown as SessionAnalysis;
    throw this.http.malformed({ path: reportPath('sessions') });
  }

  async exportEventAnalysis(query: EventAnalysisQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    const { eventParams } = await trackingModule();
    return this.resources.downloadFrom(`${reportPath('event')}export/`, eventParams(query), onProgress);
  }

  /** One revenue report's data (REST: GET with the pairs; GraphQL: the gateway's resourceList with equals arguments). */
  protected abstract incomeReport(path: string, params: ReportParams): Promise<unknown>;

  incomeOverview(query: IncomeRange): Promise<OverviewResult> {
    return this.incomeCall('overview', query);
  }
  incomeHistory(query: HistoryQuery): Promise<HistoryResult> {
    return this.incomeCall('history', query);
  }
  incomeDistribution(query: DistributionQuery): Promise<DistributionResult> {
    return this.incomeCall('distribution', query);
  }
  incomeRank(query: RankQuery): Promise<RankResult> {
    return this.incomeCall('rank', query);
  }

  /** A revenue report: its pairs, the call, the answer checked by its schema (all from the lazy income module). */
  private async incomeCall<T>(report: IncomeReport, query: object): Promise<T> {
    const { INCOME_PATH, incomeReportParams, INCOME_PARSERS } = await incomeModule();
    const path = INCOME_PATH[report];
    const value = INCOME_PARSERS[report](await this.incomeReport(path, incomeReportParams(report, query)));
    if (value === null) throw this.http.malformed({ path });
    return value as T;
  }

  // ---- issue 16 part B, players (i16-players): the players reports travel like the revenue reports.
  async playersRetention(query: RetentionQuery): Promise<RetentionResult> {
    const { RETENTION_PATH, retentionParams, PLAYERS_PARSERS } = await playersModule();
    const value = PLAYERS_PARSERS.retention(await this.incomeReport(RETENTION_PATH, retentionParams(query)));
    if (value === null) throw this.http.malformed({ path: RETENTION_PATH });
    return value;
  }

  // issue 16 data reports: data_reports/game_stats and user_stats travel like the revenue reports; the xlsx over REST.
  async dataReport(report: StatsReport, query: StatsQuery): Promise<StatsResult> {
    const { STATS_PATH, statsParams, parseStats } = await playersModule();
    const value = parseStats(await this.incomeReport(STATS_PATH[report], statsParams(report, query)));
    if (value === null) throw this.http.malformed({ path: STATS_PATH[report] });
    return value;
  }
  async exportDataReport(report: StatsReport, query: StatsQuery): Promise<StreamedFile> {
    const { statsExportPath, statsParams } = await playersModule();
    return this.resources.streamFrom(statsExportPath(report), statsParams(report, query));
  }
  // ---- end issue 16 data reports

  async exportOrders(filters: OrderFilters, options?: StreamOptions): Promise<StreamedFile> {
    const { orderFilterParams, ORDERS_EXPORT_PATH } = await incomeModule();
    return this.resources.streamFrom(ORDERS_EXPORT_PATH, orderFilterParams(filters), options);
  }

  // ---- Partners (issue 16 part B, i16-ads): cooperate/* (reads as the revenue reports, writes as JSON requests)
  partnerOverview(query: { start: string; end: string }): Promise<PartnerOverviewResult> {
    return this.cooperateRead('overview', (m) => m.partnerOverviewParams(query));
  }
  settlements(query: SettlementQuery): Promise<SettlementResult> {
    return this.cooperateRead('reports', (m) => m.settlementParams(query));
  }
  shareRates(partner: number): Promise<ShareRate[]> {
    return this.cooperateRead('rates', () => [['partner', String(partner)]]);
  }
  async setShareRate(input: ShareRateInput): Promise<ShareRate> {
    const { COOPERATE_PATH, COOPERATE_PARSERS } = await cooperateModule();
    const request: RequestOptions = { method: 'POST', path: COOPERATE_PATH.rates, body: input };
    const value = COOPERATE_PARSERS.rate(await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value;
  }
  async lockSettlement(partner: number, month: string): Promise<PartnerSettlement> {
    const { COOPERATE_PATH, COOPERATE_PARSERS } = await cooperateModule();
    const request: RequestOptions = { method: 'POST', path: COOPERATE_PATH.lock, body: { partner, month } };
    const value = COOPERATE_PARSERS.lock(await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value;
  }
  async exportSettlements(query: SettlementQuery): Promise<StreamedFile> {
    const { COOPERATE_PATH, settlementParams } = await cooperateModule();
    return this.resources.streamFrom(COOPERATE_PATH.export, settlementParams(query));
  }
  private async cooperateRead<K extends 'overview' | 'reports' | 'rates'>(
    kind: K,
    pairs: (m: Awaited<ReturnType<typeof cooperateModule>>) => ReportParams,
  ): Promise<NonNullable<ReturnType<Awaited<ReturnType<typeof cooperateModule>>['COOPERATE_PARSERS'][K]>>> {
    const m = await cooperateModule();
    const path = m.COOPERATE_PATH[kind];
    const value = m.COOPERATE_PARSERS[kind](await this.incomeReport(path, pairs(m)));
    if (value === null) throw this.http.malformed({ path });
    return value as NonNullable<ReturnType<(typeof m.COOPERATE_PARSERS)[K]>>;
  }
  // ---- end Partners

  // dashboard realtime+monitor (i17-live): reads as the revenue reports, parsed by the contract schemas.
  dashboardRealtime(): Promise<RealtimeSnapshot> {
    return this.dashboardLiveRead('realtime');
  }
  dashboardMonitor(): Promise<MonitorResult> {
    return this.dashboardLiveRead('monitor');
  }
  private async dashboardLiveRead<K extends 'realtime' | 'monitor'>(kind: K): Promise<K extends 'realtime' ? RealtimeSnapshot : MonitorResult> {
    const m = await import('../features/dashboard/adapters/dashboard-live');
    const path = m.DASHBOARD_LIVE_PATH[kind];
    const value = m.DASHBOARD_LIVE_PARSERS[kind](await this.incomeReport(path, []));
    if (value === null) throw this.http.malformed({ path });
    return value as K extends 'realtime' ? RealtimeSnapshot : MonitorResult;
  }
  // advertising (i16-adverts): advertisement/* (reads as the revenue reports, writes as JSON requests, the sheet over REST)
  async campaignPerformance(query: PerformanceQuery): Promise<PerformanceResult> {
    const m = await advertisingModule();
    const value = m.ADVERTISING_PARSERS.performance(await this.incomeReport(m.ADVERTISING_PATH.performance, m.performanceParams(query)));
    if (value === null) throw this.http.malformed({ path: m.ADVERTISING_PATH.performance });
    return value;
  }
  async attribution(query: AttributionQuery): Promise<AttributionResult> {
    const m = await advertisingModule();
    const value = m.ADVERTISING_PARSERS.attribution(await this.incomeReport(m.ADVERTISING_PATH.attribution, m.attributionParams(query)));
    if (value === null) throw this.http.malformed({ path: m.ADVERTISING_PATH.attribution });
    return value;
  }
  async campaignSpend(campaign: number): Promise<SpendResult> {
    const m = await advertisingModule();
    const path = m.ADVERTISING_PATH.spend(campaign);
    const value = m.ADVERTISING_PARSERS.spend(await this.incomeReport(path, []));
    if (value === null) throw this.http.malformed({ path });
    return value;
  }
  async setCampaignSpend(campaign: number, days: SpendDay[]): Promise<SpendResult> {
    const m = await advertisingModule();
    const request: RequestOptions = { method: 'PUT', path: m.ADVERTISING_PATH.spend(campaign), body: { days } };
    const value = m.ADVERTISING_PARSERS.spend(await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value;
  }
  async importCampaignSpend(campaign: number, file: Blob, fileName: string): Promise<SpendResult> {
    const m = await advertisingModule();
    const value = m.ADVERTISING_PARSERS.spend(await this.resources.uploadTo(m.ADVERTISING_PATH.campaigns, m.ADVERTISING_PATH.spendImport(campaign), file, fileName));
    if (value === null) throw this.http.malformed({ path: `${m.ADVERTISING_PATH.campaigns}${m.ADVERTISING_PATH.spendImport(campaign)}` });
    return value;
  }
  // ---- end advertising
  // ---- center_users accounts+game_users (i16-accounts): reads like the revenue reports, ban/unban as JSON requests.
  accountDetail(distinctId: string): Promise<AccountDetail> {
    return this.accountsRead('accountDetail', (m) => m.accountParams(distinctId));
  }
  banAccount(input: BanInput): Promise<AccountDetail> {
    return this.accountsWrite('ban', input);
  }
  unbanAccount(input: UnbanInput): Promise<AccountDetail> {
    return this.accountsWrite('unban', input);
  }
  gameUserDetail(key: GameUserKey): Promise<GameUserDetail> {
    return this.accountsRead('detail', (m) => m.gameUserParams(key));
  }
  gameUserTrack(query: TrackQuery): Promise<PlayerTrackPage> {
    return this.accountsRead('track', (m) => m.trackParams(query));
  }
  gameUserDevices(key: GameUserKey): Promise<GameUserDevices> {
    return this.accountsRead('devices', (m) => m.gameUserParams(key));
  }
  gameUserSessions(query: SessionsQuery): Promise<PlayerSessions> {
    return this.accountsRead('sessions', (m) => m.sessionsParams(query));
  }
  private async accountsRead<K extends keyof Awaited<ReturnType<typeof accountsModule>>['ACCOUNTS_PARSERS']>(
    kind: K,
    pairs: (m: Awaited<ReturnType<typeof accountsModule>>) => ReportParams,
  ): Promise<NonNullable<ReturnType<Awaited<ReturnType<typeof accountsModule>>['ACCOUNTS_PARSERS'][K]>>> {
    const m = await accountsModule();
    const path = m.ACCOUNTS_PATH[kind];
    const value = m.ACCOUNTS_PARSERS[kind](await this.incomeReport(path, pairs(m)));
    if (value === null) throw this.http.malformed({ path });
    return value as NonNullable<ReturnType<(typeof m.ACCOUNTS_PARSERS)[K]>>;
  }
  private async accountsWrite(kind: 'ban' | 'unban', body: BanInput | UnbanInput): Promise<AccountDetail> {
    const { ACCOUNTS_PATH, ACCOUNTS_PARSERS } = await accountsModule();
    const request: RequestOptions = { method: 'POST', path: ACCOUNTS_PATH[kind], body };
    const value = ACCOUNTS_PARSERS.accountDetail(await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value;
  }
  // ---- end center_users accounts+game_users
  // workbench (i17-workbench): JSON requests on the adapter's transport, answers parsed by the contract.
  workbenchLayout(): Promise<WorkbenchLayout> {
    return this.workbenchCall('layout', { path: '/api/system/workbench/layout/' });
  }
  saveWorkbenchLayout(widgets: WorkbenchWidget[]): Promise<WorkbenchLayout> {
    return this.workbenchCall('layout', { method: 'PUT', path: '/api/system/workbench/layout/', body: { widgets } });
  }
  resetWorkbenchLayout(): Promise<WorkbenchLayout> {
    return this.workbenchCall('layout', { method: 'DELETE', path: '/api/system/workbench/layout/' });
  }
  async recordVisit(path: string): Promise<void> {
    await this.resources.request({ method: 'POST', path: '/api/system/workbench/visit/', body: { path }, quiet: true });
  }
  workbenchShortcuts(): Promise<WorkbenchShortcut[]> {
    return this.workbenchCall('shortcuts', { path: '/api/system/workbench/shortcuts/' });
  }
  myLogins(): Promise<MyLogin[]> {
    return this.workbenchCall('myLogins', { path: '/api/system/workbench/my_logins/' });
  }
  private async workbenchCall<K extends 'layout' | 'shortcuts' | 'myLogins'>(
    kind: K,
    request: RequestOptions,
  ): Promise<NonNullable<ReturnType<Awaited<ReturnType<typeof workbenchModule>>['WORKBENCH_PARSERS'][K]>>> {
    const { WORKBENCH_PARSERS } = await workbenchModule();
    const value = WORKBENCH_PARSERS[kind](await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value as NonNullable<ReturnType<(typeof WORKBENCH_PARSERS)[K]>>;
  }
  // ---- end workbench

  async regenerateTrackingSecret(app: number): Promise<TrackingCredentials> {
    const request: RequestOptions = { method: 'POST', path: `/api/embed_configure/game/${app}/regenerate/` };
    const data = await this.resources.request(request);
    if (isRecord(data) && typeof data.app_key === 'string' && typeof data.secret === 'string') return { app_key: data.app_key, secret: data.secret };
    throw this.http.malformed(request);
  }

  async resetPassword(userId: RowId, form: NewPassword): Promise<void> {
    await this.resources.request({ method: 'PUT', path: `${USERS}${userId}/reset_password/`, body: this.encoded(form) });
  }

  async changePassword(userId: RowId, form: NewPassword & { oldPassword: string }): Promise<void> {
    await this.resources.request({ method: 'PUT', path: `${USERS}${userId}/change_password/`, body: this.encoded(form) });
  }

  async oauth2Config(): Promise<OAuth2Config> {
    const request: RequestOptions = { path: `${OAUTH2}config/`, plain: true, quiet: true };
    const data = await this.resources.request(request);
    const config = oauth2ConfigOf(data);
    if (!config) throw this.http.malformed(request);
    return config;
  }

  async oauth2Login(input: { code: string; redirectUri: string }): Promise<LoginSession> {
    const request: RequestOptions = { method: 'POST', path: `${OAUTH2}login/`, body: { code: input.code, redirectUri: input.redirectUri } };
    const session = loginSessionOf(await this.resources.request(request));
    if (!session) throw this.http.malformed(request);
    this.http.session.start(session);
    return session;
  }

  // automation console (i17-console): task kinds, runs and workers read like the revenue reports, writes as JSON requests.
  async taskKinds(): Promise<TaskKindRow[]> {
    const { AUTOMATION_PATH, AUTOMATION_PARSERS } = await automationModule();
    return this.automationRead(AUTOMATION_PATH.tasks, [], AUTOMATION_PARSERS.tasks);
  }
  async taskRuns(query: RunQuery): Promise<RunPage> {
    const { AUTOMATION_PATH, AUTOMATION_PARSERS, runParams } = await automationModule();
    return this.automationRead(AUTOMATION_PATH.runs, runParams(query), AUTOMATION_PARSERS.runs);
  }
  async taskRun(id: string): Promise<RunRow> {
    const { AUTOMATION_PARSERS, runPath } = await automationModule();
    return this.automationRead(runPath(id), [], AUTOMATION_PARSERS.run);
  }
  async workers(): Promise<WorkersAnswer> {
    const { AUTOMATION_PATH, AUTOMATION_PARSERS } = await automationModule();
    return this.automationRead(AUTOMATION_PATH.workers, [], AUTOMATION_PARSERS.workers);
  }
  async runTask(kind: string, args: Record<string, unknown>): Promise<string> {
    const { AUTOMATION_PARSERS, taskRunPath } = await automationModule();
    return this.automationWrite(taskRunPath(kind), { args }, AUTOMATION_PARSERS.queued);
  }
  async runSchedule(id: number): Promise<string> {
    const { AUTOMATION_PARSERS, scheduleRunPath } = await automationModule();
    return this.automationWrite(scheduleRunPath(id), {}, AUTOMATION_PARSERS.queued);
  }
  async cancelRun(id: string): Promise<RunRow> {
    const { AUTOMATION_PARSERS, runPath } = await automationModule();
    return this.automationWrite(`${runPath(id)}cancel/`, {}, AUTOMATION_PARSERS.run);
  }
  async retryRun(id: string): Promise<string> {
    const { AUTOMATION_PARSERS, runPath } = await automationModule();
    return this.automationWrite(`${runPath(id)}retry/`, {}, AUTOMATION_PARSERS.queued);
  }
  private async automationRead<T>(path: string, pairs: ReportParams, parse: (data: unknown) => T | null): Promise<T> {
    const value = parse(await this.incomeReport(path, pairs));
    if (value === null) throw this.http.malformed({ path });
    return value;
  }
  private async automationWrite<T>(path: string, body: unknown, parse: (data: unknown) => T | null): Promise<T> {
    const request: RequestOptions = { method: 'POST', path, body };
    const value = parse(await this.resources.request(request));
    if (value === null) throw this.http.malformed(request);
    return value;
  }
  // end automation console (i17-console)
  // issue 17 rest: the page locators' check results, read like the runs list.
  async pageCheckResults(query: import('../features/automation/adapters/automation').PageCheckQuery): Promise<import('../features/automation/adapters/automation').PageCheckPage> {
    const { PAGE_CHECK_RESULTS_PATH, pageCheckParams, parsePageCheckPage } = await automationModule();
    return this.automationRead(PAGE_CHECK_RESULTS_PATH, pageCheckParams(query), parsePageCheckPage);
  }
  // end issue 17 rest

  /** Every password field of a body, encoded the way the login's is. */
  private encoded<F extends object>(form: F): Record<string, string> {
    return Object.fromEntries(Object.entries(form).map(([key, value]) => [key, encodePassword(this.passwordEncoding, String(value))]));
  }
}

export { loginSessionOf };
