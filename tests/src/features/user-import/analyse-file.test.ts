import { read, utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { analyseFile } from '@/features/user-import/analyse-file';
import { templateBytes } from '@/features/user-import/template-file';
import { HEADER, noUsers, person, refs, sheetBytes } from './import-fixtures';

const req = (name: string, bytes: ArrayBuffer) => ({ name, bytes, existing: noUsers, ...refs });

describe('analyseFile', () => {
  it('reads .xlsx and .xls files', () => {
    for (const [name, type] of [
      ['users.xlsx', 'xlsx'],
      ['USERS.XLS', 'biff8'],
    ] as const) {
      const r = analyseFile(req(name, sheetBytes([HEADER, person(1), person(2, { phone: '12' })], type)));
      expect(r.ok && [r.valid.length, r.invalid.length]).toEqual([1, 1]);
    }
  });

  it('refuses other extensions', () => {
    const r = analyseFile(
      req('users.csv', new TextEncoder().encode('Employee ID\nE1').buffer as ArrayBuffer),
    );
    expect(r).toEqual({ ok: false, problem: 'extension' });
    expect(analyseFile(req('users', sheetBytes([HEADER])))).toEqual({ ok: false, problem: 'extension' });
  });

  it('refuses a file whose content is not what its extension says', () => {
    const csv = new TextEncoder().encode('Employee ID,First name\nE1,A').buffer as ArrayBuffer;
    expect(analyseFile(req('users.xlsx', csv))).toEqual({ ok: false, problem: 'signature' });
    expect(analyseFile(req('users.xls', sheetBytes([HEADER], 'xlsx')))).toEqual({
      ok: false,
      problem: 'signature',
    });
  });

  it('reports row numbers as Excel shows them when the data starts lower down', () => {
    const sheet = utils.sheet_add_aoa(utils.aoa_to_sheet([]), [HEADER, person(1, { email: '' })], {
      origin: 'A3',
    });
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'Users');
    const r = analyseFile(req('u.xlsx', write(book, { type: 'array', bookType: 'xlsx' })));
    expect(r.ok && r.invalid[0]!.row).toBe(4);
  });

  it('offers a template with the header row and one valid example row', () => {
    const book = read(templateBytes(), { type: 'array' });
    const rows = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2);
    const roles = [{ id: refs.roles[0]!.id, name: 'Administrator' }];
    const departments = [{ id: refs.departments[0]!.id, name: 'Human Resources' }];
    const r = analyseFile({
      ...req('template.xlsx', templateBytes().buffer as ArrayBuffer),
      roles,
      departments,
    });
    expect(r.ok && [r.valid.length, r.invalid.length]).toEqual([1, 0]);
  });
});
