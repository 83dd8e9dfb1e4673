export * from './envelope';
export * from './auth';
export * from './user';
export * from './init';
export * from './menu';
export * from './dept';
export * from './socket';
export * from './dashboard';
