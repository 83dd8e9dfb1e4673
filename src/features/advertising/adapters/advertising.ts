/**
 * The advertising port (advertisement/*): the transport-neutral queries, the answers as
 * contracts/schemas/advertisement defines them (each parsed by its schema: a drifted wire shape is a
 * clear "malformed" error), and the one place a query becomes ordered name/value pairs. Reads go like
 * the revenue reports (REST GET; the gateway's rest query), writes through the adapter's JSON request
 * (REST PUT; the gateway's restWrite), the spend sheet upload over REST in both. Campaign rows
 * themselves are a resource (the CRUD page's generic calls). This module loads with the first
 * advertising call (not in the login page's chunk).
 */
import { attributionResult, campaignInstallsPage, performanceResult, spendResult, type AttributionResult, type CampaignInstallsPage, type PerformanceResult, type SpendResult } from '../../../../contracts/schemas/advertising';
import { pairsOf, parseAnswer, readParsed, requestParsed, type DownloadedFile, type PortTransport, type ReportParams } from '../../../adapters/port';

export type { AdMatch, AttributionRow, AttributionResult, CampaignFigures, CampaignInstallsPage, CampaignPerformance, CampaignRow, CampaignStatus, PerformanceResult, SpendResult } from '../../../../contracts/schemas/advertising';

export const ADVERTISING_PATH = {
  campaigns: '/api/advertisement/campaign/',
  performance: '/api/advertisement/campaign/performance/',
  campaignInstalls: '/api/advertisement/campaign/installs/',
  attribution: '/api/advertisement/attribution/',
  spend: (campaign: number) => `/api/advertisement/campaign/${campaign}/spend/`,
  spendImport: (campaign: number) => `${campaign}/spend/import/`,
  spendTemplate: 'spend_template/',
  click: '/api/advertisement/click/',
} as const;

/** Campaign figures over start..end (YYYY-MM-DD), one game or every game; window in days (default 7 on the server). */
export interface PerformanceQuery {
  start: string;
  end: string;
  game?: number;
  campaign?: number;
  window?: number;
}

/** The installs behind a campaign's installs figure (广告计划's drill-down): the figure's range, game and window; page (limit ≤ 100). */
export interface CampaignInstallsQuery {
  campaign: number;
  start: string;
  end: string;
  game?: number;
  window?: number;
  page?: number;
  limit?: number;
}

/** The attribution list: range, filters, page (limit ≤ 100). */
export interface AttributionQuery {
  start: string;
  end: string;
  game?: number;
  campaign?: number;
  channel?: string;
  match?: 'last_click' | 'organic';
  device?: string;
  window?: number;
  page?: number;
  limit?: number;
}

export interface SpendDay {
  day: string;
  /** CNY fen. */
  amount: number;
}

export function performanceParams(q: PerformanceQuery): ReportParams {
  const { start, end, game, campaign, window } = q;
  return pairsOf({ start, end, game, campaign, window });
}

export function attributionParams(q: AttributionQuery): ReportParams {
  const { start, end, game, campaign, channel, match, device, window, page, limit } = q;
  return pairsOf({ start, end, game, campaign, channel, match, device, window, page, limit });
}

export function campaignInstallsParams(q: CampaignInstallsQuery, paged: boolean): ReportParams {
  const { campaign, start, end, game, window } = q;
  return pairsOf({ campaign, start, end, game, window, ...(paged ? { page: q.page ?? 1, limit: q.limit ?? 20 } : {}) });
}

/** The tracking link of a campaign for a device placeholder (what staff hand to the ad network). */
export function trackingLink(origin: string, campaign: number, device = '{device_id}'): string {
  return `${origin}${ADVERTISING_PATH.click}?campaign=${campaign}&device=${device}`;
}

/** The calls of the advertising screens (besides the campaign resource). */
export interface AdvertisingPort {
  performance(query: PerformanceQuery): Promise<PerformanceResult>;
  attribution(query: AttributionQuery): Promise<AttributionResult>;
  /** The installs behind a campaign's installs figure (total = the figure for the same query). */
  campaignInstalls(query: CampaignInstallsQuery): Promise<CampaignInstallsPage>;
  /** Every one of them as xlsx (the screen's Export button). */
  exportCampaignInstalls(query: CampaignInstallsQuery): Promise<DownloadedFile>;
  spend(campaign: number): Promise<SpendResult>;
  /** PUT the days (a day already entered is replaced). */
  setSpend(campaign: number, days: SpendDay[]): Promise<SpendResult>;
  /** Uploads an xlsx sheet (日期, 花费（元）) over REST in both adapters. */
  importSpend(campaign: number, file: Blob, fileName: string): Promise<SpendResult>;
}

/** The advertising port over an adapter's transport: reads like the revenue reports, writes as JSON requests, the sheet over REST. */
export function createAdvertisingPort(transport: PortTransport): AdvertisingPort {
  const P = ADVERTISING_PATH;
  return {
    performance: (query) => readParsed(transport, P.performance, performanceParams(query), performanceResult),
    attribution: (query) => readParsed(transport, P.attribution, attributionParams(query), attributionResult),
    campaignInstalls: (query) => readParsed(transport, P.campaignInstalls, campaignInstallsParams(query, true), campaignInstallsPage),
    exportCampaignInstalls: (query) => transport.downloadFrom(`${P.campaignInstalls}export_data/`, campaignInstallsParams(query, false)),
    spend: (campaign) => readParsed(transport, P.spend(campaign), [], spendResult),
    setSpend: (campaign, days) => requestParsed(transport, { method: 'PUT', path: P.spend(campaign), body: { days } }, spendResult),
    async importSpend(campaign, file, fileName) {
      const answer = await transport.uploadTo(P.campaigns, P.spendImport(campaign), file, fileName);
      return parseAnswer(transport, { path: `${P.campaigns}${P.spendImport(campaign)}` }, spendResult, answer);
    },
  };
}
