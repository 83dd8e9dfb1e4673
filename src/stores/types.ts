/**
 * The adapter types screens and components speak, handed through the store layer: UI code imports
 * stores, never an adapter (eslint.config.js).
 */
export type {
  DownloadedFile,
  FilterValue,
  ListFilter,
  ListQuery,
  LoginDay,
  Notice,
  Ordering,
  ResourceRow,
  RowId,
  Severity,
  SortDirection,
  UploadedFile,
  EventAnalysis,
  EventLine,
  FunnelAnalysis,
  FunnelStep,
  FilterOperator,
  Interval,
  Measure,
  PropertyFilter,
  PropertyType,
  SessionAnalysis,
  TrackingCredentials,
  DistributionBy,
  DistributionResult,
  HistoryCompare,
  HistoryResult,
  OrderRow,
  OverviewResult,
  RankBy,
  RankResult,
  RevenueFigures,
  StreamedFile,
} from '../adapters/api';
export type { OAuth2StateStore } from '../adapters/oauth2/state';

// The feature ports' answers the feature screens show (partners, automation, advertising).
export type { PartnerKpis, PartnerOverviewResult, PartnerSettlement, SettlementLine, SettlementResult, ShareRate } from '../adapters/api';

export type { QueueRow, RunPage, RunQuery, RunRow, RunState, TaskArgument, TaskKindRow, WorkerRow, WorkersAnswer } from '../adapters/api';
export type { AttributionRow, AttributionResult, CampaignPerformance, CampaignRow, PerformanceResult, SpendResult } from '../adapters/api';
