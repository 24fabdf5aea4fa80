// @helena/sdk: the platform REST client (filled in by the REST client work).
export {};
