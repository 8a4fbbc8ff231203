import type { SessionUser } from '../../../common/api';

export function sessionUser(permissions: string[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'u1',
    name: 'Dana Field',
    username: 'dana',
    email: 'dana@example.com',
    role: 'r1',
    roleName: 'ROLE_TEST',
    status: 'active',
    permissions,
    moduleWhitelist: [],
    dashboardId: null,
    banner: null,
    customAttributes: {},
    ...overrides,
  };
}

export const technicianPermissions = ['view-technician'];
export const engineerPermissions = ['view-engineer', 'nav-home'];
export const onsitePermissions = ['view-onsite'];
