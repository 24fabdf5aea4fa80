import { crud } from '../route.js';

export const tools = crud('/tool');
