export * from './config';
export * from './track';
export * from './event';
