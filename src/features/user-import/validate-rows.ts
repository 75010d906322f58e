import { GENDERS, PHONE_MIN_DIGITS, PREFIXES } from '#contract/constants.ts';
import { PASSWORD_MIN, phoneDigits, user } from '#contract/resources/user.ts';
import { IMPORT_COLUMNS, type ImportColumn, mapHeader } from './import-columns.ts';

export type KeyColumn = 'employeeId' | 'username';

/** Why a row cannot be created; codes, not text, so this module runs in a worker and in Node. */
export type RowReason =
  | { kind: 'blank'; column: ImportColumn }
  | { kind: 'duplicate-in-file'; column: KeyColumn; rows: number[] }
  | { kind: 'exists'; column: KeyColumn }
  | { kind: 'phone-digits' }
  | { kind: 'email' }
  | { kind: 'password-short' }
  | { kind: 'prefix' }
  | { kind: 'gender' }
  | { kind: 'unknown-role'; value: string }
  | { kind: 'unknown-department'; value: string }
  | { kind: 'invalid'; column: string; message: string };

export interface ValidRow {
  row: number;
  payload: Record<string, unknown>;
}
export interface InvalidRow {
  row: number;
  employeeId: string;
  name: string;
  reasons: RowReason[];
}
export interface NamedRef {
  id: string;
  name: string;
}
export interface ExistingUsers {
  employeeIds: readonly string[];
  usernames: readonly string[];
}
export interface ValidationInput {
  rows: readonly (readonly string[])[];
  /** Sheet row number of rows[0] (the header), 1-based. */
  firstRow?: number;
  existing: ExistingUsers;
  roles: readonly NamedRef[];
  departments: readonly NamedRef[];
}
export type ValidationResult =
  | { ok: false; missingColumns: ImportColumn[] }
  | { ok: true; valid: ValidRow[]; invalid: InvalidRow[]; total: number };

export const keyOf = (v: string) => v.trim().toLowerCase();
// Spec section 5: all cells must be filled, the optional-looking ones (prefix, gender,
// department) included; a blank one is reported like any other.
const BLANK_CHECKED: ImportColumn[] = IMPORT_COLUMNS.map((c) => c.key);
const isBlank = (cells: readonly string[]) => cells.every((c) => String(c ?? '').trim() === '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const byName = (refs: readonly NamedRef[]) => {
  const m = new Map<string, string>();
  for (const r of refs) {
    m.set(keyOf(r.name), r.id);
    m.set(keyOf(r.id), r.id);
  }
  return m;
};
const pick = <T extends string>(options: readonly T[], v: string) =>
  options.find((o) => keyOf(o).replace(/\.$/, '') === keyOf(v).replace(/\.$/, ''));

/** Pure: every rule of spec section 5 plus the User contract, per row, with all reasons of a row. */
export function validateRows(input: ValidationInput): ValidationResult {
  // The header is the first non-empty row; lines above it (a title, blank lines) are ignored.
  const skip = Math.max(
    0,
    input.rows.findIndex((r) => !isBlank(r)),
  );
  const [header = [], ...body] = input.rows.slice(skip);
  const { index, missing } = mapHeader(header);
  if (missing.length) return { ok: false, missingColumns: missing };
  const firstRow = (input.firstRow ?? 1) + skip;
  const roles = byName(input.roles);
  const departments = byName(input.departments);
  const existing = {
    employeeId: new Set(input.existing.employeeIds.map(keyOf)),
    username: new Set(input.existing.usernames.map(keyOf)),
  };
  const cell = (r: readonly string[], c: ImportColumn) => {
    const i = index[c];
    return i === undefined ? '' : String(r[i] ?? '').trim();
  };
  // Rows per key value, so every row sharing an employee ID or username is named.
  const seen = { employeeId: new Map<string, number[]>(), username: new Map<string, number[]>() };
  const rows: { row: number; cells: readonly string[] }[] = [];
  body.forEach((cells, i) => {
    if (isBlank(cells)) return;
    const row = firstRow + 1 + i;
    rows.push({ row, cells });
    for (const col of ['employeeId', 'username'] as const) {
      const k = keyOf(cell(cells, col));
      if (!k) continue;
      const list = seen[col].get(k);
      if (list) list.push(row);
      else seen[col].set(k, [row]);
    }
  });

  const valid: ValidRow[] = [];
  const invalid: InvalidRow[] = [];
  for (const { row, cells } of rows) {
    const get = (c: ImportColumn) => cell(cells, c);
    const reasons: RowReason[] = [];
    for (const c of BLANK_CHECKED) if (!get(c)) reasons.push({ kind: 'blank', column: c });
    for (const col of ['employeeId', 'username'] as const) {
      const k = keyOf(get(col));
      if (!k) continue;
      const others = (seen[col].get(k) ?? []).filter((r) => r !== row);
      if (others.length) reasons.push({ kind: 'duplicate-in-file', column: col, rows: others });
      if (existing[col].has(k)) reasons.push({ kind: 'exists', column: col });
    }
    const phone = get('phone');
    if (phone && phoneDigits(phone) < PHONE_MIN_DIGITS) reasons.push({ kind: 'phone-digits' });
    const email = get('email');
    if (email && !EMAIL.test(email)) reasons.push({ kind: 'email' });
    const password = get('password');
    if (password && password.length < PASSWORD_MIN) reasons.push({ kind: 'password-short' });
    const prefix = get('prefix') ? pick(PREFIXES, get('prefix')) : null;
    if (prefix === undefined) reasons.push({ kind: 'prefix' });
    const gender = get('gender') ? pick(GENDERS, get('gender')) : null;
    if (gender === undefined) reasons.push({ kind: 'gender' });
    const roleId = get('role') ? roles.get(keyOf(get('role'))) : null;
    if (roleId === undefined) reasons.push({ kind: 'unknown-role', value: get('role') });
    const departmentId = get('department') ? departments.get(keyOf(get('department'))) : null;
    if (departmentId === undefined) reasons.push({ kind: 'unknown-department', value: get('department') });

    const name = `${get('firstName')} ${get('lastName')}`.trim();
    if (reasons.length) {
      invalid.push({ row, employeeId: get('employeeId'), name, reasons });
      continue;
    }
    const payload = {
      employeeId: get('employeeId'),
      prefix,
      firstName: get('firstName'),
      lastName: get('lastName'),
      email,
      phone,
      username: get('username'),
      password,
      gender,
      departmentId,
      roleId,
    };
    // The contract has the last word (lengths, formats), so a row shown as valid is one mutate accepts.
    const parsed = user.create.safeParse({ ...payload, id: '00000000-0000-7000-8000-000000000000' });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        kind: 'invalid' as const,
        column: String(i.path[0] ?? ''),
        message: i.message,
      }));
      invalid.push({ row, employeeId: payload.employeeId, name, reasons: issues });
    } else valid.push({ row, payload });
  }
  return { ok: true, valid, invalid, total: rows.length };
}
