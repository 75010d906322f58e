import { Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { COURSE_STATES } from '#contract/learner-courses.ts';
import { REPORTS, type ReportName, USER_STATES } from '#contract/reports.ts';
import { CONTENT_RESOURCES } from '#contract/resources/content.ts';
import { ENROLMENT_STATUSES } from '#contract/resources/course.ts';
import { useLocalDb } from '@/data/db/use-local-db';
import { STATE_LABELS } from '@/ui/report/course-states';
import { DateRangeFields } from '@/ui/report/date-range-fields';
import { KIND_LABELS, REQUEST_STATUS_LABELS, USER_STATE_LABELS } from './report-format';
import type { FilterNames, ReportFilters } from './report-model';

type Option = { id: string; name: string };
type Synced = 'Department' | 'Course' | 'TypeOfContent' | 'TypeOfKnowledge';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The synced records of a list (departments, courses, master data) by name, read from the device. */
function useLocalOptions(resource: Synced, wanted: boolean): Option[] {
  const db = useLocalDb();
  return (
    useLiveQuery(
      async () =>
        db && wanted
          ? (await db.rows(resource).toArray())
              .filter((r) => !r.deletedAt)
              .map((r) => ({ id: r.id, name: String(r.name ?? '') }))
              .sort((a, b) => collator.compare(a.name, b.name))
          : [],
      [db, resource, wanted],
    ) ?? []
  );
}

/** The names of the chosen records, for the export's filter lines. */
export function useFilterNames(name: ReportName, filters: ReportFilters): FilterNames {
  const lists = useReportLists(name);
  const nameOf = (list: Option[], id?: string) => (id ? list.find((o) => o.id === id)?.name : undefined);
  return {
    departmentId: nameOf(lists.department, filters.departmentId),
    courseId: nameOf(lists.course, filters.courseId),
    typeOfContentId: nameOf(lists.typeOfContent, filters.typeOfContentId),
    typeOfKnowledgeId: nameOf(lists.typeOfKnowledge, filters.typeOfKnowledgeId),
  };
}

function useReportLists(name: ReportName) {
  const takes = REPORTS[name].filters as readonly string[];
  return {
    department: useLocalOptions('Department', takes.includes('department')),
    course: useLocalOptions('Course', takes.includes('course')),
    typeOfContent: useLocalOptions('TypeOfContent', takes.includes('typeOfContent')),
    typeOfKnowledge: useLocalOptions('TypeOfKnowledge', takes.includes('typeOfKnowledge')),
  };
}

function Select({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  all: string;
  options: readonly Option[];
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '13rem' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{all}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The filters a report takes (contract REPORTS[name].filters), and only those: a range, lists the
 * device has synced (departments, courses, master data), fixed choices and a search box.
 */
export function ReportFilterBar({
  name,
  filters,
  search,
  onSearch,
  onChange,
  rangeProblem,
}: {
  name: ReportName;
  filters: ReportFilters;
  /** The search box's text (sent a moment after typing stops). */
  search: string;
  onSearch: (text: string) => void;
  onChange: (next: ReportFilters) => void;
  rangeProblem?: string | null;
}) {
  const { i18n, t } = useLingui();
  const lists = useReportLists(name);
  const takes = REPORTS[name].filters as readonly string[];
  const fixed = (values: readonly string[], labels: Record<string, MessageDescriptor>) =>
    values.map((v) => ({ id: v, name: i18n._(labels[v]!) }));
  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <Flex gap="3" wrap="wrap" align="end" data-testid="report-filters">
      {takes.includes('range') && (
        <DateRangeFields
          value={filters.range}
          onChange={(range) => set('range', range)}
          invalid={rangeProblem}
        />
      )}
      {takes.includes('department') && (
        <Select
          label={t`Department or group`}
          all={t`All departments and groups`}
          options={lists.department}
          value={filters.departmentId}
          onChange={(v) => set('departmentId', v)}
        />
      )}
      {takes.includes('course') && (
        <Select
          label={t`Course`}
          all={t`All courses`}
          options={lists.course}
          value={filters.courseId}
          onChange={(v) => set('courseId', v)}
        />
      )}
      {takes.includes('contentKind') && (
        <Select
          label={t`Kind`}
          all={t`All kinds`}
          options={fixed(CONTENT_RESOURCES, KIND_LABELS)}
          value={filters.contentKind}
          onChange={(v) => set('contentKind', v as ReportFilters['contentKind'])}
        />
      )}
      {takes.includes('typeOfContent') && (
        <Select
          label={t`Type of content`}
          all={t`All types of content`}
          options={lists.typeOfContent}
          value={filters.typeOfContentId}
          onChange={(v) => set('typeOfContentId', v)}
        />
      )}
      {takes.includes('typeOfKnowledge') && (
        <Select
          label={t`Type of knowledge`}
          all={t`All types of knowledge`}
          options={lists.typeOfKnowledge}
          value={filters.typeOfKnowledgeId}
          onChange={(v) => set('typeOfKnowledgeId', v)}
        />
      )}
      {takes.includes('userState') && (
        <Select
          label={t`User state`}
          all={t`Active and inactive users`}
          options={fixed(USER_STATES, USER_STATE_LABELS)}
          value={filters.userState}
          onChange={(v) => set('userState', v as ReportFilters['userState'])}
        />
      )}
      {takes.includes('courseState') && (
        <Select
          label={t`State`}
          all={t`All states`}
          options={fixed(COURSE_STATES, STATE_LABELS)}
          value={filters.courseState}
          onChange={(v) => set('courseState', v as ReportFilters['courseState'])}
        />
      )}
      {takes.includes('requestStatus') && (
        <Select
          label={t`Request status`}
          all={t`All request statuses`}
          options={fixed(ENROLMENT_STATUSES, REQUEST_STATUS_LABELS)}
          value={filters.requestStatus}
          onChange={(v) => set('requestStatus', v as ReportFilters['requestStatus'])}
        />
      )}
      {takes.includes('search') && (
        <Field.Root w={{ base: 'full', sm: '16rem' }}>
          <Field.Label fontSize="sm">{t`Search`}</Field.Label>
          <Input type="search" size="sm" value={search} onChange={(e) => onSearch(e.target.value)} />
        </Field.Root>
      )}
    </Flex>
  );
}
