import { crud } from '../route.js';

export const knowledgeBases = crud('/knowledge-base');
