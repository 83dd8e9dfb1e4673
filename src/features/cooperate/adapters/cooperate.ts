/**
 * The partners' port (cooperate/*): the transport-neutral queries, the answers as
 * contracts/schemas/cooperate defines them (each parsed by its schema: a drifted wire shape is a clear
 * "malformed" error), and the one place a query becomes ordered name/value pairs. Reads go like the
 * revenue reports (REST GET; GraphQL resourceList with `equals` arguments), writes through the
 * adapter's JSON request (REST POST; the gateway's restWrite), the export over REST in both.
 * This module loads with the first partner call (not in the login page's chunk).
 */
import {
  partnerOverviewResult,
  partnerSettlement,
  rateList,
  settlementResult,
  shareRate,
  type PartnerOverviewResult,
  type PartnerSettlement,
  type SettlementResult,
  type ShareRate,
} from '../../../../contracts/schemas/cooperate';
import { readParsed, requestParsed, type PortTransport, type ReportParams, type StreamedFile } from '../../../adapters/port';

export type { PartnerKpis, PartnerOverviewResult, PartnerSettlement, SettlementLine, SettlementResult, ShareRate } from '../../../../contracts/schemas/cooperate';

export const COOPERATE_PATH = {
  overview: '/api/cooperate/overview/',
  reports: '/api/cooperate/reports/',
  export: '/api/cooperate/reports/export/',
  rates: '/api/cooperate/reports/rates/',
  lock: '/api/cooperate/reports/lock/',
} as const;

/** A month's settlements: `month` YYYY-MM, one partner or (absent) every partner. */
export interface SettlementQuery {
  month: string;
  partner?: number;
}
/** A partner's rate from `effective_month` (YYYY-MM) on, in basis points (7000 = 70 %). */
export interface ShareRateInput {
  partner: number;
  effective_month: string;
  rate_bp: number;
  note?: string;
}

export function settlementParams(q: SettlementQuery): ReportParams {
  const out: ReportParams = [['month', q.month]];
  if (q.partner !== undefined) out.push(['partner', String(q.partner)]);
  return out;
}

export function partnerOverviewParams(q: { start: string; end: string }): ReportParams {
  return [
    ['start', q.start],
    ['end', q.end],
  ];
}

/** The calls of the partner screens. */
export interface CooperatePort {
  overview(query: { start: string; end: string }): Promise<PartnerOverviewResult>;
  settlements(query: SettlementQuery): Promise<SettlementResult>;
  shareRates(partner: number): Promise<ShareRate[]>;
  setShareRate(input: ShareRateInput): Promise<ShareRate>;
  lockSettlement(partner: number, month: string): Promise<PartnerSettlement>;
  /** GET reports/export/ with the query: the month's settlement as xlsx (over REST in both adapters). */
  exportSettlements(query: SettlementQuery): Promise<StreamedFile>;
}

/** The partners' port over an adapter's transport: reads like the revenue reports, writes as JSON requests, the export over REST. */
export function createCooperatePort(transport: PortTransport): CooperatePort {
  const P = COOPERATE_PATH;
  return {
    overview: (query) => readParsed(transport, P.overview, partnerOverviewParams(query), partnerOverviewResult),
    settlements: (query) => readParsed(transport, P.reports, settlementParams(query), settlementResult),
    shareRates: (partner) => readParsed(transport, P.rates, [['partner', String(partner)]], rateList),
    setShareRate: (input) => requestParsed(transport, { method: 'POST', path: P.rates, body: input }, shareRate),
    lockSettlement: (partner, month) => requestParsed(transport, { method: 'POST', path: P.lock, body: { partner, month } }, partnerSettlement),
    exportSettlements: (query) => transport.streamFrom(P.export, settlementParams(query)),
  };
}
