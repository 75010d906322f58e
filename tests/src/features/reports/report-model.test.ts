import * as XLSX from '@e965/xlsx';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '#contract/reports.ts';
import { reportBody, reportSheet } from '@/features/reports/report-model';
import { reportWorkbook } from '@/ui/report/report-workbook';

const range = { from: '2030-05-01', to: '2030-05-30', timeZone: 'Asia/Bangkok' };

describe('report requests', () => {
  it('sends only the fields of the filters the report takes, and the sort', () => {
    const body = reportBody(
      'ByTypeOfContent',
      { range, departmentId: 'd1', contentKind: 'Video', search: 'forklift', userState: 'active' },
      { field: 'views', order: 'desc' },
    );
    // By type of content takes range, department and content kind: no search, no user state.
    expect(body).toEqual({
      sort: 'views',
      order: 'desc',
      from: '2030-05-01',
      to: '2030-05-30',
      timeZone: 'Asia/Bangkok',
      departmentId: 'd1',
      contentKind: 'Video',
    });
  });

  it('leaves out filters left at "all" (empty)', () => {
    const body = reportBody(
      'UserActivity',
      { range, search: '', userState: undefined },
      { field: 'name', order: 'asc' },
    );
    expect(Object.keys(body).sort()).toEqual(['from', 'order', 'sort', 'timeZone', 'to']);
  });
});

const rows: ReportRow<'UserActivity'>[] = [
  {
    userId: 'u1',
    employeeId: 'E-7',
    name: 'Kanya Boonmee',
    department: 'Quality Assurance',
    state: 'active',
    views: 12,
    contents: 4,
    seconds: 5400,
    lastViewedAt: '2030-05-20T03:00:00.000Z',
  },
  {
    userId: 'u2',
    employeeId: 'E-9',
    name: 'John Carter',
    department: 'Sales',
    state: 'inactive',
    views: 0,
    contents: 0,
    seconds: 0,
    lastViewedAt: null,
  },
];

describe('report export', () => {
  const { table, formats } = reportSheet(
    i18n,
    'UserActivity',
    { asOf: '2030-05-30T10:00:00.000Z', totals: { views: 12, seconds: 5400 } },
    { range, departmentId: 'd1', userState: 'active' },
    { departmentId: 'Quality Assurance' },
    rows,
  );

  it('heads the sheet with the report, each of its filters by name and the instant of the figures', () => {
    expect(table.slice(0, 8)).toEqual([
      ['User activity'],
      ['From', new Date(2030, 4, 1)],
      ['To', new Date(2030, 4, 30)],
      ['Time zone', 'Asia/Bangkok'],
      ['Department or group', 'Quality Assurance'],
      ['User state', 'Active'],
      ['Search', 'All'],
      ['As of', new Date('2030-05-30T10:00:00.000Z')],
    ]);
    expect(table[8]).toEqual([]);
    expect(table[9]?.[0]).toBe('Employee ID');
  });

  it('writes figures as numbers, times as dates, the duration as a time and a totals line', () => {
    const bytes = XLSX.write(reportWorkbook(XLSX, table, 'Report', formats), {
      type: 'array',
      bookType: 'xlsx',
    });
    const sheet = XLSX.read(bytes, { type: 'array', cellDates: true }).Sheets.Report!;
    expect(sheet.B2?.t).toBe('d');
    expect(sheet.E11).toMatchObject({ t: 'n', v: 12 }); // views
    // Seconds as a fraction of a day shown [h]:mm:ss (1:30:00): a number Excel sums as time.
    const raw = XLSX.read(bytes, { type: 'array' }).Sheets.Report!;
    expect(raw.G11).toMatchObject({ t: 'n', w: '1:30:00' });
    expect(raw.G11?.v).toBeCloseTo(5400 / 86_400);
    expect(sheet.H11?.t).toBe('d');
    expect((sheet.H11!.v as Date).toISOString()).toBe('2030-05-20T03:00:00.000Z');
    expect(sheet.H12).toBeUndefined(); // never viewed: an empty cell, not a text dash
    expect(sheet.D11?.v).toBe('Active');
    expect(sheet.A13?.v).toBe('Total');
    expect(sheet.E13).toMatchObject({ t: 'n', v: 12 });
    expect(sheet.F13).toBeUndefined(); // contents are not summed by this report
  });
});
