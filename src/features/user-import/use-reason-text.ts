import { useLingui } from '@lingui/react/macro';
import type { ImportColumn } from '@/features/user-import/import-columns';
import type { RowReason } from '@/features/user-import/validate-rows';
import type { FileProblem } from '@/ui/xlsx/read-workbook';

/** Translated texts for the worker's reason codes (the worker itself stays free of UI code). */
export function useReasonText() {
  const { t } = useLingui();
  const column = (c: ImportColumn | string) =>
    ({
      employeeId: t`Employee ID`,
      prefix: t`Prefix`,
      firstName: t`First name`,
      lastName: t`Last name`,
      email: t`E-mail`,
      phone: t`Telephone`,
      username: t`Username`,
      password: t`Password`,
      gender: t`Gender`,
      department: t`Department`,
      departmentId: t`Department`,
      role: t`Role`,
      roleId: t`Role`,
    })[c] ?? c;

  const reason = (r: RowReason): string => {
    switch (r.kind) {
      case 'blank':
        return t`${column(r.column)} is blank.`;
      case 'duplicate-in-file': {
        const rows = r.rows.join(', ');
        return r.column === 'employeeId'
          ? t`Employee ID is duplicated in the file (also in row ${rows}).`
          : t`Username is duplicated in the file (also in row ${rows}).`;
      }
      case 'exists':
        return r.column === 'employeeId'
          ? t`Employee ID is duplicated: a user with this employee ID already exists.`
          : t`Username is duplicated: a user with this username already exists.`;
      case 'phone-digits':
        return t`Telephone must have at least 10 digits.`;
      case 'email':
        return t`Please enter a valid e-mail address.`;
      case 'password-short':
        return t`The password must have at least 8 characters.`;
      case 'prefix':
        return t`Prefix must be Mr., Mrs. or Miss.`;
      case 'gender':
        return t`Gender must be male or female.`;
      case 'unknown-role': {
        const value = r.value;
        return t`No role named "${value}".`;
      }
      case 'unknown-department': {
        const value = r.value;
        return t`No department named "${value}".`;
      }
      case 'invalid': {
        const name = column(r.column);
        const message = r.message;
        return t`${name}: ${message}`;
      }
    }
  };

  const problem = (p: FileProblem, detail?: string): string =>
    ({
      extension: t`Please choose an Excel file (.xlsx or .xls).`,
      signature: t`This file is not a real Excel workbook (.xlsx or .xls); it may have been renamed. Save it from Excel as .xlsx and try again.`,
      unreadable: t`This Excel file could not be read. ${detail ?? ''}`.trim(),
      empty: t`This file has no rows.`,
    })[p];

  return { column, reason, problem };
}
