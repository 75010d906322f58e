import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@/features/user-import/import-columns';
import { validateRows } from '@/features/user-import/validate-rows';
import { HEADER, noUsers, person, refs } from './import-fixtures';

const run = (rows: string[][], existing = noUsers) => {
  const r = validateRows({ rows: [HEADER, ...rows], existing, ...refs });
  if (!r.ok) throw new Error(`missing ${r.missingColumns.join(',')}`);
  return r;
};

describe('validateRows', () => {
  it('accepts a complete row and maps names to ids', () => {
    const r = run([person(1)]);
    expect(r.invalid).toEqual([]);
    expect(r.valid[0]).toMatchObject({
      row: 2,
      payload: { employeeId: 'E1', prefix: 'Mr.', gender: 'male', roleId: refs.roles[0]!.id },
    });
    expect(r.valid[0]!.payload.departmentId).toBe(refs.departments[0]!.id);
  });

  it.each(['employeeId', 'firstName', 'lastName', 'email', 'phone', 'username', 'password'])(
    'refuses a row with a blank %s',
    (column) => {
      const r = run([person(1, { [column]: '  ' }), person(2)]);
      expect(r.valid.map((v) => v.row)).toEqual([3]);
      expect(r.invalid[0]!.row).toBe(2);
      expect(r.invalid[0]!.reasons).toContainEqual({ kind: 'blank', column });
    },
  );

  it('lists every reason of a row, not only the first', () => {
    const r = run([person(1, { firstName: '', email: '', phone: '123' })]);
    expect(r.invalid[0]!.reasons).toEqual([
      { kind: 'blank', column: 'firstName' },
      { kind: 'blank', column: 'email' },
      { kind: 'phone-digits' },
    ]);
  });

  it('refuses duplicated employee IDs and usernames within the file, naming the other rows', () => {
    const r = run([person(1), person(2, { employeeId: 'e1' }), person(3, { username: 'USER1' }), person(4)]);
    expect(r.valid.map((v) => v.row)).toEqual([5]);
    const reasons = Object.fromEntries(r.invalid.map((i) => [i.row, i.reasons]));
    expect(reasons[2]).toEqual([
      { kind: 'duplicate-in-file', column: 'employeeId', rows: [3] },
      { kind: 'duplicate-in-file', column: 'username', rows: [4] },
    ]);
    expect(reasons[3]).toEqual([{ kind: 'duplicate-in-file', column: 'employeeId', rows: [2] }]);
    expect(reasons[4]).toEqual([{ kind: 'duplicate-in-file', column: 'username', rows: [2] }]);
  });

  it('refuses employee IDs and usernames that already exist, ignoring case and spaces', () => {
    const r = run([person(1), person(2), person(3)], { employeeIds: [' e1 '], usernames: ['User2'] });
    expect(r.valid.map((v) => v.row)).toEqual([4]);
    expect(r.invalid.map((i) => i.reasons)).toEqual([
      [{ kind: 'exists', column: 'employeeId' }],
      [{ kind: 'exists', column: 'username' }],
    ]);
  });

  it('needs at least 10 digits in the telephone, whatever the separators', () => {
    const r = run([person(1, { phone: '081-234-567' }), person(2, { phone: '+66 (81) 234 5678' })]);
    expect(r.invalid.map((i) => [i.row, i.reasons])).toEqual([[2, [{ kind: 'phone-digits' }]]]);
    expect(r.valid.map((v) => v.row)).toEqual([3]);
  });

  it('checks the e-mail, password length, prefix, gender, role and department, each filled', () => {
    const r = run([
      person(1, { email: 'nope' }),
      person(2, { password: 'short' }),
      person(3, { prefix: 'Dr.' }),
      person(4, { gender: 'x' }),
      person(5, { role: 'Nobody' }),
      person(6, { department: 'Nowhere' }),
      person(7, { prefix: 'mrs', gender: 'Female', department: 'sales', role: 'admin' }),
      person(8, { prefix: '', gender: ' ', department: '' }),
    ]);
    expect(r.invalid.map((i) => i.reasons[0]!.kind)).toEqual([
      'email',
      'password-short',
      'prefix',
      'gender',
      'unknown-role',
      'unknown-department',
      'blank',
    ]);
    // Spec section 5: every cell filled, prefix, gender and department included.
    expect(r.invalid.at(-1)!.reasons).toEqual([
      { kind: 'blank', column: 'prefix' },
      { kind: 'blank', column: 'gender' },
      { kind: 'blank', column: 'department' },
    ]);
    expect(r.valid[0]!.payload).toMatchObject({
      prefix: 'Mrs.',
      gender: 'female',
      departmentId: refs.departments[0]!.id,
    });
  });

  it('counts what will be added and what cannot be created, skipping blank lines', () => {
    const r = run([person(1), [], person(2, { username: '' }), person(3), ['', ' ']]);
    expect([r.total, r.valid.length, r.invalid.length]).toEqual([3, 2, 1]);
    expect(r.valid.map((v) => v.row)).toEqual([2, 5]);
    expect(r.invalid[0]!.row).toBe(4);
  });

  it('maps headers by name in any order and reports missing required columns', () => {
    const shuffled = [...HEADER].reverse();
    const r = validateRows({ rows: [shuffled, [...person(1)].reverse()], existing: noUsers, ...refs });
    expect(r.ok && r.valid.length).toBe(1);
    const missing = validateRows({
      rows: [HEADER.filter((h) => h !== 'Username')],
      existing: noUsers,
      ...refs,
    });
    expect(missing).toEqual({ ok: false, missingColumns: ['username'] });
    expect(IMPORT_COLUMNS.map((c) => c.header)).toEqual([
      'Employee ID',
      'Prefix',
      'First name',
      'Last name',
      'E-mail',
      'Telephone',
      'Username',
      'Password',
      'Gender',
      'Department',
      'Role',
    ]);
  });
});
