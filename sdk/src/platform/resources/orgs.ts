import { crud, route } from '../route.js';

export const orgs = {
  ...crud('/org'),
  users: route('GET', '/org/{id}/user'),
  leave: route('DELETE', '/org/{id}/leave'),
  removeMember: route('DELETE', '/org/{id}/member/{memberId}/leave'),
  invite: route('POST', '/org/{id}/invite', 'json'),
  updateRole: route('PATCH', '/org/{id}/role', 'json'),
  auth: route('GET', '/org/{id}/auth'),
};
