/**
 * Advertising (issue 16, advertisement/*): the transport-neutral queries, the answers as
 * contracts/schemas/advertisement defines them (each parsed by its schema: a drifted wire shape is a
 * clear "malformed" error), and the one place a query becomes ordered name/value pairs. Reads go like
 * the revenue reports (REST GET; the gateway's rest query), writes through the adapter's JSON request
 * (REST PUT; the gateway's restWrite), the spend sheet upload over REST in both. Campaign rows
 * themselves are a resource (the CRUD page's generic calls). This module loads with the first
 * advertising call (not in the login page's chunk).
 */
import { attributionResult, performanceResult, spendResult, type AttributionResult, type PerformanceResult, type SpendResult } from '../../../../contracts/schemas/advertising';
import type { ReportParams } from '../../tracking/adapters/tracking';

export type { AdMatch, AttributionRow, AttributionResult, CampaignFigures, CampaignPerformance, CampaignRow, CampaignStatus, PerformanceResult, SpendResult } from '../../../../contracts/schemas/advertising';

export const ADVERTISING_PATH = {
  campaigns: '/api/advertisement/campaign/',
  performance: '/api/advertisement/campaign/performance/',
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

const pairsOf = (q: object): ReportParams =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)]);

export function performanceParams(q: PerformanceQuery): ReportParams {
  const { start, end, game, campaign, window } = q;
  return pairsOf({ start, end, game, campaign, window });
}

export function attributionParams(q: AttributionQuery): ReportParams {
  const { start, end, game, campaign, channel, match, device, window, page, limit } = q;
  return pairsOf({ start, end, game, campaign, channel, match, device, window, page, limit });
}

export const ADVERTISING_PARSERS = {
  performance: (data: unknown): PerformanceResult | null => performanceResult.safeParse(data).data ?? null,
  attribution: (data: unknown): AttributionResult | null => attributionResult.safeParse(data).data ?? null,
  spend: (data: unknown): SpendResult | null => spendResult.safeParse(data).data ?? null,
};

/** The tracking link of a campaign for a device placeholder (what staff hand to the ad network). */
export function trackingLink(origin: string, campaign: number, device = '{device_id}'): string {
  return `${origin}${ADVERTISING_PATH.click}?campaign=${campaign}&device=${device}`;
}

/** The calls of the advertising screens (besides the campaign resource). */
export interface AdvertisingApi {
  campaignPerformance(query: PerformanceQuery): Promise<PerformanceResult>;
  attribution(query: AttributionQuery): Promise<AttributionResult>;
  campaignSpend(campaign: number): Promise<SpendResult>;
  /** PUT the days (a day already entered is replaced). */
  setCampaignSpend(campaign: number, days: SpendDay[]): Promise<SpendResult>;
  /** Uploads an xlsx sheet (日期, 花费（元）) over REST in both adapters. */
  importCampaignSpend(campaign: number, file: Blob, fileName: string): Promise<SpendResult>;
}
