// @helena/sdk/testing: offline stand-ins for the platform and for Daily call objects.
export * from './fake-call-object';
export * from './call-object-registry';
export * from './simulator';
export * from './simulated-call-object';
