import { describe, expect, it } from 'vitest';
import { reportParamsOf, reportViewOf } from '@/features/reports/report-address';
import { browserTimeZone } from '@/ui/report/date-range';

const NOW = new Date(2030, 4, 10, 12);
const COURSE = '01900000-0000-7000-8000-000000000001';
const view = (name: Parameters<typeof reportViewOf>[0], query: string) =>
  reportViewOf(name, new URLSearchParams(query), NOW);

describe("a report's address", () => {
  it('is empty for the defaults, which a bare address gives back', () => {
    const bare = view('UserCourseStatus', '');
    expect(bare).toEqual({
      filters: { range: { from: '2030-04-11', to: '2030-05-10', timeZone: browserTimeZone() } },
      searchText: '',
      sort: { field: 'name', order: 'asc' },
      page: 1,
    });
    expect(reportParamsOf('UserCourseStatus', bare, NOW).toString()).toBe('');
  });

  it('keeps the filters, search, sort and page the report takes, and gives them back', () => {
    const query = `from=2030-01-01&to=2030-01-31&courseId=${COURSE}&courseState=delay&q=fork+lift&sort=course&order=desc&page=3`;
    const shown = view('UserCourseStatus', query);
    expect(shown).toEqual({
      filters: {
        range: { from: '2030-01-01', to: '2030-01-31', timeZone: browserTimeZone() },
        courseId: COURSE,
        courseState: 'delay',
      },
      searchText: 'fork lift',
      sort: { field: 'course', order: 'desc' },
      page: 3,
    });
    expect(view('UserCourseStatus', reportParamsOf('UserCourseStatus', shown, NOW).toString())).toEqual(
      shown,
    );
  });

  it('drops what the report does not take or what is malformed, and keeps a day being typed', () => {
    const shown = view(
      'ContentViewing',
      'from=2030-01-01&to=&courseState=delay&contentKind=Poster&typeOfContentId=x&sort=nope&page=-2',
    );
    expect(shown.filters).toEqual({ range: { from: '2030-01-01', to: '', timeZone: browserTimeZone() } });
    expect(shown.sort).toEqual({ field: 'views', order: 'desc' });
    expect(shown.page).toBe(1);
    expect(view('ContentViewing', 'contentKind=Video').filters.contentKind).toBe('Video');
  });
});
