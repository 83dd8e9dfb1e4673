export * from './envelope';
export * from './auth';
export * from './user';
export * from './init';
export * from './menu';
export * from './dept';
export * from './socket';
export * from './dashboard';
export * from './messages';
export * from './system';
export * from './files';
export * from './profile';
export * from './oauth2';
export * from './game';
export * from './common';
export * from './tracking';
export * from './income';
// ---- players
export * from './players';
export * from './automation';
// Partners: settlements and KPIs
export * from './cooperate';
// dashboard realtime+monitor
export * from './dashboard/live';
// advertising
export * from './advertising';
// workbench
export * from './dashboard/workbench';
// data reports
export * from './reports';
