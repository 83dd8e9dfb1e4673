export { RootStore, type RootStoreDeps } from './root';
export type { Tab } from './tabs';
export { INDEX_TAB } from './tabs';
export type { LogEntry } from './log';
export type { ButtonSetting } from './dictionary';
export type { LoginForm } from './session';
export type { LoadState } from './menu';
export { formatDate, formatDateTime } from './format';
