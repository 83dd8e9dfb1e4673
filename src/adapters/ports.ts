import type { FeaturePorts } from './api';
import { lazyPort, type PortTransport } from './port';

/** The feature ports' names (the properties of ConsoleApi that are ports, not calls). */
export const PORT_NAMES = ['tracking', 'income', 'players', 'accounts', 'reports', 'advertising', 'cooperate', 'automation', 'dashboard', 'messages'] as const satisfies readonly (keyof FeaturePorts)[];

/**
 * Every feature port over one adapter's transport: the composition point that names the features'
 * adapters. Each port's module (its query writers and contract schemas) loads with its first call,
 * through a dynamic import, so none of them is in the chunk that builds the adapter. An adapter may
 * put its own implementation in place of a port (the GraphQL adapter's message center, which has typed
 * operations of its own).
 */
export function createPorts(transport: PortTransport, own: Partial<FeaturePorts> = {}): FeaturePorts {
  return {
    tracking: lazyPort('tracking', () => import('../features/tracking/adapters/tracking').then((m) => m.createTrackingPort(transport))),
    income: lazyPort('income', () => import('../features/income/adapters/income').then((m) => m.createIncomePort(transport))),
    players: lazyPort('players', () => import('../features/players/adapters/players').then((m) => m.createPlayersPort(transport))),
    accounts: lazyPort('accounts', () => import('../features/players/adapters/accounts').then((m) => m.createAccountsPort(transport))),
    reports: lazyPort('reports', () => import('../features/reports/adapters/data-reports').then((m) => m.createReportsPort(transport))),
    advertising: lazyPort('advertising', () => import('../features/advertising/adapters/advertising').then((m) => m.createAdvertisingPort(transport))),
    cooperate: lazyPort('cooperate', () => import('../features/cooperate/adapters/cooperate').then((m) => m.createCooperatePort(transport))),
    automation: lazyPort('automation', () => import('../features/automation/adapters/automation').then((m) => m.createAutomationPort(transport))),
    dashboard: lazyPort('dashboard', () => import('../features/dashboard/adapters/dashboard').then((m) => m.createDashboardPort(transport))),
    messages: lazyPort('messages', () => import('../features/messages/adapters/rest-messages').then((m) => m.createMessagesPort(transport))),
    ...own,
  };
}
