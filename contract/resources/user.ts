import { z } from 'zod';
import { GENDERS, PHONE_MIN_DIGITS, PREFIXES } from '../constants.ts';
import { defineResource } from '../resource.ts';

export const PHONE_MESSAGE = `Telephone must have at least ${PHONE_MIN_DIGITS} digits.`;
export const PASSWORD_MIN = 8;
export const PASSWORD_MESSAGE = `The password must have at least ${PASSWORD_MIN} characters.`;

export const EMPLOYEE_ID_TAKEN = 'This employee ID is already used by another user.';
export const USERNAME_TAKEN = 'This username is already taken.';
export const OWN_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account.';

export const phoneDigits = (v: string) => v.replace(/\D/g, '').length;
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Use at most 30 characters.')
  .refine((v) => phoneDigits(v) >= PHONE_MIN_DIGITS, PHONE_MESSAGE);

const required = (what: string, max = 100) =>
  z.string().trim().min(1, `Please enter ${what}.`).max(max, `Use at most ${max} characters.`);
const password = z.string().min(PASSWORD_MIN, PASSWORD_MESSAGE).max(200, 'Use at most 200 characters.');

/**
 * User (admin view, spec section 3). `password` is write-only: required on create, optional on
 * update (absent = keep the current one); it is hashed by the server and never in any answer.
 */
const base = defineResource({
  name: 'User',
  area: 'userManagement',
  fields: z.object({
    employeeId: required('an employee ID', 50),
    prefix: z.enum(PREFIXES).nullable().default(null),
    firstName: required('a first name'),
    lastName: required('a last name'),
    email: z.email('Please enter a valid e-mail address.').max(200),
    phone: phoneSchema,
    username: required('a username', 100),
    password: password.optional(),
    gender: z.enum(GENDERS).nullable().default(null),
    departmentId: z.uuid().nullable().default(null),
    roleId: z.uuid('Please choose a role.'),
    active: z.boolean().default(true),
    lineId: z.string().trim().max(100).default(''),
    userType: z.string().trim().min(1).max(30).default('user'),
  }),
  searchable: ['employeeId', 'firstName', 'lastName', 'email', 'username', 'phone'],
  sortable: ['employeeId', 'firstName', 'lastName', 'username', 'email'],
  defaultSort: { field: 'employeeId', dir: 'asc' },
  exportColumns: [
    'employeeId',
    'prefix',
    'firstName',
    'lastName',
    'email',
    'phone',
    'username',
    'gender',
    'departmentId',
    'roleId',
    'active',
    'lineId',
    'userType',
  ],
  unique: { employeeId: EMPLOYEE_ID_TAKEN, username: USERNAME_TAKEN },
});

export const user = {
  ...base,
  record: base.record.omit({ password: true }),
  create: base.create.extend({ password }),
};
/** Filters of User/List: equality on these fields. */
export const USER_FILTERS = ['departmentId', 'roleId', 'active'] as const;
