export * from './values';
export * from './fields';
export * from './game';
export * from './release';
export * from './gift-code';
export * from './lookup';
