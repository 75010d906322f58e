import { utils, write } from '@e965/xlsx';
import { IMPORT_COLUMNS } from '@/features/user-import/import-columns';
import type { ExistingUsers } from '@/features/user-import/validate-rows';

export const ROLE = { id: '0190a000-0000-7000-8000-000000000001', name: 'Admin' };
export const DEPT = { id: '0190a000-0000-7000-8000-000000000002', name: 'Sales' };
export const HEADER = IMPORT_COLUMNS.map((c) => c.header);

export const person = (n: number, over: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    employeeId: `E${n}`,
    prefix: 'Mr.',
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `user${n}@example.com`,
    phone: '081-234-5678',
    username: `user${n}`,
    password: 'Secret123',
    gender: 'male',
    department: 'Sales',
    role: 'Admin',
    ...over,
  };
  return IMPORT_COLUMNS.map((c) => base[c.key] ?? '');
};

export const sheetBytes = (rows: string[][], bookType: 'xlsx' | 'biff8' = 'xlsx') => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Users');
  return write(book, { type: 'array', bookType }) as ArrayBuffer;
};

export const refs = { roles: [ROLE], departments: [DEPT] };
export const noUsers: ExistingUsers = { employeeIds: [], usernames: [] };
