export * from './index';
export * from './simulator';
