import { crud } from '../route.js';

export const tokens = crud('/token');
