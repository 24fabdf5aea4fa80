import { crud } from '../route.js';

export const squads = crud('/squad');
