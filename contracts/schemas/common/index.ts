export * from './tag';
export * from './partner';
export * from './shared-account';
