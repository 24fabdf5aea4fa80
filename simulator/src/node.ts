// @helena/simulator/node: the platform simulator itself (the REST API in memory, web-call rooms
// over WebSockets, `listen()`), with everything the browser entry has, so Node code imports one place.
export * from './index';
export * from './simulator';
