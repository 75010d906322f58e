import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserState } from '#contract/reports.ts';
import type { ContentResource } from '#contract/resources/content.ts';
import type { EnrolmentStatus } from '#contract/resources/course.ts';
import { STATE_LABELS } from '@/ui/report/course-states';
import type { ReportCell } from '@/ui/report/report-workbook';
import type { CellFormat } from './report-config';

export const USER_STATE_LABELS: Record<UserState, MessageDescriptor> = {
  active: msg`Active`,
  inactive: msg`Inactive`,
};
export const KIND_LABELS: Record<ContentResource, MessageDescriptor> = {
  Article: msg`Article`,
  Sound: msg`Sound`,
  Video: msg`Video`,
};
export const REQUEST_STATUS_LABELS: Record<EnrolmentStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  enrolled: msg`Accepted`,
  refused: msg`Refused`,
};
const POST_TEST_LABELS = { pass: msg`Pass`, fail: msg`Fail` } as const;

/** Seconds as hours and minutes in the admin's language ("2 hr 5 min", "45 sec"). */
export function durationText(i18n: I18n, seconds: number) {
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    i18n.number(value, { style: 'unit', unit: u, unitDisplay: 'short' });
  if (seconds < 60) return unit(seconds, 'second');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(m, 'minute');
}

const label = (i18n: I18n, table: Record<string, MessageDescriptor>, v: unknown) => {
  const d = typeof v === 'string' ? table[v] : undefined;
  return d ? i18n._(d) : String(v ?? '');
};

/** A value as the page shows it; '–' for nothing. */
export function cellText(i18n: I18n, format: CellFormat | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return format === 'masterData' ? i18n._(msg`Not set`) : '–';
  switch (format) {
    case 'count':
      return i18n.number(Number(v));
    case 'duration':
      return durationText(i18n, Number(v));
    case 'date':
      return i18n.date(new Date(String(v)), { dateStyle: 'medium' });
    case 'datetime':
      return i18n.date(new Date(String(v)), { dateStyle: 'medium', timeStyle: 'short' });
    case 'courseState':
      return label(i18n, STATE_LABELS, v);
    case 'userState':
      return label(i18n, USER_STATE_LABELS, v);
    case 'contentKind':
      return label(i18n, KIND_LABELS, v);
    case 'requestStatus':
      return label(i18n, REQUEST_STATUS_LABELS, v);
    case 'postTest':
      return label(i18n, POST_TEST_LABELS, v);
    default:
      return String(v);
  }
}

/** Excel's format of a duration held as a fraction of a day. */
export const DURATION_FORMAT = '[h]:mm:ss';

/** A value as a workbook cell: dates as Date, figures as numbers, a duration as days (see DURATION_FORMAT). */
export function cellValue(i18n: I18n, format: CellFormat | undefined, v: unknown): ReportCell {
  if (v === null || v === undefined) return format === 'masterData' ? i18n._(msg`Not set`) : null;
  switch (format) {
    case 'count':
      return Number(v);
    case 'duration':
      return Number(v) / 86_400;
    case 'date':
    case 'datetime':
      return new Date(String(v));
    case 'text':
    case 'masterData':
    case undefined:
      return String(v);
    default:
      return cellText(i18n, format, v);
  }
}
