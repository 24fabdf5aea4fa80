// Request bodies and query values the document calls valid, for sending every operation.
import { sampler } from '../../scripts/openapi-sample.mjs';
import { doc } from './document.js';

export const sample: (schema: unknown) => unknown = sampler(doc.components.schemas);
