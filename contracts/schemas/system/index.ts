export * from './common';
export * from './dept';
export * from './role';
export * from './user';
export * from './menu';
export * from './dictionary';
export * from './system-config';
export * from './misc';
