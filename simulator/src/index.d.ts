export * from './fake-call-object';
export * from './call-object-registry';
export * from './simulated-call-object';
