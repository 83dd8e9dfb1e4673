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
// ---- issue 16 part B, players (i16-players)
export * from './players';
export * from './automation';
// Partners: settlements and KPIs (issue 16 part B, i16-ads)
export * from './cooperate';
// dashboard realtime+monitor (i17-live)
export * from './dashboard/live';
// advertising (i16-adverts)
export * from './advertising';
// workbench (i17-workbench)
export * from './dashboard/workbench';
// issue 16 data reports
export * from './reports';
