import type { SessionData } from '#contract/auth.ts';
import {
  type Area,
  FULL_ACCESS,
  NO_ACCESS,
  type Permissions,
  permissionsWith,
} from '#contract/permissions.ts';

export const adminPermissions = (): Permissions => permissionsWith(() => FULL_ACCESS);

export const permissionsWithout = (...off: Area[]): Permissions =>
  permissionsWith((a) => (off.includes(a) ? NO_ACCESS : FULL_ACCESS));

export const permissionsOnly = (...on: Area[]): Permissions =>
  permissionsWith((a) => (on.includes(a) ? FULL_ACCESS : NO_ACCESS));

export const session = (overrides: Partial<SessionData> = {}): SessionData => ({
  token: 'tok-123',
  expiresAt: '2099-01-01T00:00:00.000Z',
  userID: 'u1',
  companyID: 'c1',
  companyCode: 'DEMO',
  companyName: 'Demo Company',
  userType: 'admin',
  fullName: 'Ada Admin',
  language: 'en',
  profilePicture: null,
  permissions: adminPermissions(),
  ...overrides,
});
