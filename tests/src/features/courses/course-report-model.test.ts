import * as XLSX from '@e965/xlsx';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { CourseReportRow } from '#contract/learner-courses.ts';
import { reportSheet } from '@/features/courses/course-report-model';
import { reportWorkbook } from '@/ui/report/report-workbook';

const course = {
  id: 'c1',
  name: 'Forklift basics',
  startAt: '2030-05-01T00:00:00.000Z',
  endAt: '2030-05-10T00:00:00.000Z',
  expiresAt: null,
  hasPreTest: false,
  hasPostTest: true,
};
const none = { score: null, total: null, result: null, attempts: 0 };
const rows: CourseReportRow[] = [
  {
    userId: 'u1',
    employeeId: 'E-7',
    name: 'Kanya Boonmee',
    department: 'Quality Assurance',
    assigned: true,
    state: 'finishedBeforeExpiry',
    videosCompleted: 2,
    videosTotal: 2,
    pre: none,
    post: { score: 3, total: 3, result: 'pass', attempts: 2 },
    startedAt: '2030-05-02T03:00:00.000Z',
    finishedAt: '2030-05-03T04:30:00.000Z',
  },
  {
    userId: 'u2',
    employeeId: 'E-9',
    name: 'John Carter',
    department: 'Sales',
    assigned: true,
    state: 'notStarted',
    videosCompleted: 0,
    videosTotal: 2,
    pre: none,
    post: none,
    startedAt: null,
    finishedAt: null,
  },
];

describe('course report export', () => {
  const table = reportSheet(i18n, { course, asOf: '2030-05-04T00:00:00.000Z' }, { state: 'delay' }, rows);

  it('heads the sheet with the course, the filters and the instant, then only the course’s test columns', () => {
    expect(table.slice(0, 3)).toEqual([
      ['Course report', 'Forklift basics'],
      ['State', 'Delay'],
      ['Search', 'All'],
    ]);
    expect(table[5]).toEqual([
      'Employee ID',
      'Name',
      'Department',
      'State',
      'Videos completed',
      'Videos',
      'Post-test score',
      'Post-test result',
      'Post-test attempts',
      'Started',
      'Finished',
    ]);
    expect(table[6]).toEqual([
      'E-7',
      'Kanya Boonmee',
      'Quality Assurance',
      'Finished before expiry',
      2,
      2,
      3,
      'Pass',
      2,
      new Date('2030-05-02T03:00:00.000Z'),
      new Date('2030-05-03T04:30:00.000Z'),
    ]);
    expect(table[7]!.slice(-5)).toEqual([null, '', 0, null, null]);
  });

  it('writes real date cells and numbers that survive a round trip through the file', () => {
    const bytes = XLSX.write(reportWorkbook(XLSX, table), { type: 'array', bookType: 'xlsx' });
    const back = XLSX.read(bytes, { type: 'array', cellDates: true });
    const sheet = back.Sheets.Report!;
    expect(sheet.J7?.t).toBe('d');
    expect((sheet.J7!.v as Date).toISOString().slice(0, 10)).toBe('2030-05-02');
    expect(sheet.A4?.v).toBe('As of');
    expect(sheet.B4?.t).toBe('d');
    expect(sheet.E7).toMatchObject({ t: 'n', v: 2 });
    expect(sheet.G7).toMatchObject({ t: 'n', v: 3 });
    expect(sheet.J8).toBeUndefined();
  });
});
