// The privacy domain as other packages (the benchmark) use it: the key, erasure, export and the
// retention sweep.
export { createPrivacyKeys, type PrivacyKeys } from './keys';
export { eraseAddress, storedData, type ErasedCounts, type StoredData } from './queries';
export { sweepRetention, type SweepResult } from './retention';
