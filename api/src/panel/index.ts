// The owner's panel as other code uses it: the bench and an operator's scripts sign an owner in,
// read the list and fill a database with synthetic leads through these.
export { createOwnerSession, sessionCookieName } from './auth/sessions';
export { leadRows, listLeads, LEADS_PAGE_SIZE } from './queries/leads';
export { seedDemoLeads } from './seed-demo';
