/** The template's columns, in order; `header` is the text of the template's first row. */
export const IMPORT_COLUMNS = [
  { key: 'employeeId', header: 'Employee ID', required: true },
  { key: 'prefix', header: 'Prefix', required: true },
  { key: 'firstName', header: 'First name', required: true },
  { key: 'lastName', header: 'Last name', required: true },
  { key: 'email', header: 'E-mail', required: true },
  { key: 'phone', header: 'Telephone', required: true },
  { key: 'username', header: 'Username', required: true },
  { key: 'password', header: 'Password', required: true },
  { key: 'gender', header: 'Gender', required: true },
  { key: 'department', header: 'Department', required: true },
  { key: 'role', header: 'Role', required: true },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];

export const EXAMPLE_ROW = [
  'E0001',
  'Mr.',
  'Somchai',
  'Jaidee',
  'somchai@example.com',
  '0812345678',
  'somchai',
  'ChangeMe123',
  'male',
  'Human Resources',
  'Administrator',
];

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Accept the usual spellings of a header (e.g. "Email", "Phone", "User name", "Level").
const ALIASES: Record<string, ImportColumn> = {
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [norm(c.header), c.key])),
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [norm(c.key), c.key])),
  employeeno: 'employeeId',
  empid: 'employeeId',
  title: 'prefix',
  firstname: 'firstName',
  surname: 'lastName',
  mail: 'email',
  phone: 'phone',
  tel: 'phone',
  telephoneno: 'phone',
  mobile: 'phone',
  level: 'role',
  group: 'department',
  departmentgroup: 'department',
  rolelevel: 'role',
};

/** Column index of each template column in a header row; `missing` lists required ones not found. */
export function mapHeader(header: readonly unknown[]) {
  const index: Partial<Record<ImportColumn, number>> = {};
  header.forEach((cell, i) => {
    const key = ALIASES[norm(String(cell ?? ''))];
    if (key && index[key] === undefined) index[key] = i;
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && index[c.key] === undefined).map((c) => c.key);
  return { index, missing };
}
