export type { LocalArea, LocalDb } from './types';
export { GHOST_UUID, pageKey } from './types';
export { createLocalDb, type LocalDbOptions } from './idb';
export { createMemoryLocalDb } from './memory';
