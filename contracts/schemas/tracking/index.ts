export * from './config';
export * from './track';
export * from './event';
export * from './funnel';
export * from './sessions';
export * from './properties';
export * from './funnel-players';
