import * as XLSX from '@e965/xlsx';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '#contract/reports.ts';
import { dashboardSheet } from '@/features/dashboard/dashboard-sheet';
import { reportWorkbook } from '@/ui/report/report-workbook';

const answer: DashboardAnswer = {
  asOf: '2030-05-03T10:00:00.000Z',
  users: { all: 3, active: 2, inactive: 1 },
  totalViews: 5,
  viewsByDay: [
    { day: '2030-05-01', views: 2 },
    { day: '2030-05-02', views: 0 },
    { day: '2030-05-03', views: 3 },
  ],
  topDays: [
    { day: '2030-05-03', views: 3 },
    { day: '2030-05-01', views: 2 },
  ],
  topContents: [{ id: 'c1', name: 'Forklift basics', kind: 'Video', views: 5 }],
  topUsers: [{ id: 'u1', name: 'Kanya Boonmee', employeeId: 'E-7', department: 'QA', views: 5 }],
  courseStatus: {
    notStarted: 1,
    inProgress: 0,
    delay: 0,
    finishedBeforeExpiry: 1,
    finishedAfterExpiry: 0,
    notFinished: 0,
  },
  topCourses: [{ id: 'k1', name: 'Safety', learners: 2, finished: 1 }],
  topDepartments: [{ id: 'd1', name: 'QA', viewers: 1, views: 5 }],
};
const range = { from: '2030-05-01', to: '2030-05-03', timeZone: 'Asia/Bangkok' };

describe('dashboard export', () => {
  const table = dashboardSheet(i18n, range, answer);
  const find = (title: string) => table.findIndex((l) => l.length === 1 && l[0] === title);

  it('heads the sheet with the range and the time of the figures, then the four counts', () => {
    expect(table.slice(0, 5)).toEqual([
      ['Dashboard'],
      ['From', new Date(2030, 4, 1)],
      ['To', new Date(2030, 4, 3)],
      ['Time zone', 'Asia/Bangkok'],
      ['As of', new Date('2030-05-03T10:00:00.000Z')],
    ]);
    expect(table.slice(7, 11)).toEqual([
      ['All users', 3],
      ['Active users', 2],
      ['Inactive users', 1],
      ['Total content views', 5],
    ]);
  });

  it('gives every widget its table, with every course state and every day of the range', () => {
    for (const title of [
      'Most viewed content',
      'Days with most views',
      'Top 5 employees by views',
      'Course menu status',
      'Top 5 courses',
      'Departments with most viewers',
      'Views per day',
    ])
      expect(find(title), title).toBeGreaterThan(0);
    const status = find('Course menu status');
    expect(table.slice(status + 2, status + 8).map((l) => l[1])).toEqual([1, 0, 0, 1, 0, 0]);
    const days = find('Views per day');
    expect(table.slice(days + 2)).toEqual([
      [new Date(2030, 4, 1), 2],
      [new Date(2030, 4, 2), 0],
      [new Date(2030, 4, 3), 3],
    ]);
  });

  it('survives the file as date cells and numbers', () => {
    const bytes = XLSX.write(reportWorkbook(XLSX, table), { type: 'array', bookType: 'xlsx' });
    const sheet = XLSX.read(bytes, { type: 'array', cellDates: true }).Sheets.Report!;
    expect(sheet.B5?.t).toBe('d');
    expect(sheet.B8).toMatchObject({ t: 'n', v: 3 });
  });
});
