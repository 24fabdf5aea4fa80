// @helena/sdk/web: the web-call client (filled in by the web-call client work).
export {};
