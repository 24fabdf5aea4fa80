import { pagedCrud } from '../route.js';

export const sessions = pagedCrud('/session');
