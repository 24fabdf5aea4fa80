// @helena/simulator: the browser-safe half. Call objects that stand in for daily-js's: the
// simulated one joins a simulator room over a WebSocket, the fake one answers in memory, and the
// registry keeps daily's one-instance rule. Nothing here imports a server or a node: module.
export * from './fake-call-object';
export * from './call-object-registry';
export * from './simulated-call-object';
