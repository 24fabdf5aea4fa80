import { crud } from '../route.js';

export const sessions = crud('/session');
