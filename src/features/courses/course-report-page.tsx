import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COURSE_STATES, type CourseReportRow, type CourseState } from '#contract/learner-courses.ts';
import { ApiError } from '@/data/http/http-client';
import { useKeptQuery } from '@/data/http/kept-query';
import {
  exportReport,
  fetchReport,
  PAGE_SIZE,
  type ReportFilters,
  reportKey,
} from '@/features/courses/course-report-model';
import { translateIssue } from '@/ui/form/validation-messages';
import { PageTrail } from '@/ui/page-trail';
import { STATE_COLORS, STATE_LABELS, StateBadge } from '@/ui/report/course-states';
import { ReportPager } from '@/ui/report/report-pager';
import { toaster } from '@/ui/toaster';
import { useNarrowScreen } from '@/ui/use-narrow-screen';
import { useOnline } from '@/ui/use-online';

function useReport(courseId: string, filters: ReportFilters, page: number) {
  return useKeptQuery({
    queryKey: reportKey(courseId, filters, page),
    queryFn: ({ signal }) => fetchReport(courseId, filters, page, PAGE_SIZE, signal),
    enabled: !!courseId,
    keepPrevious: true,
  });
}

/** /home/assignment-course/courselist-report?course={id}: each learner's state and test results. */
export default function CourseReportPage() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const courseId = params.get('course') ?? '';
  const [state, setState] = useState<CourseState | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText.trim());
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters: ReportFilters = { ...(state ? { state } : {}), ...(search ? { search } : {}) };
  const { query, data: report, looking } = useReport(courseId, filters, page);
  const online = useOnline();
  const narrow = useNarrowScreen();
  const when = (v: string | null) =>
    v ? i18n.date(new Date(v), { dateStyle: 'medium', timeStyle: 'short' }) : '–';
  const errorText = (e: unknown) => {
    const status = e instanceof ApiError ? e.httpStatus : 0;
    if (status === 404) return t`This course does not exist or was deleted.`;
    if (status === 403) return t`Your role does not allow viewing this report.`;
    if (e instanceof ApiError && status === 422) return translateIssue(i18n, e.message);
    return t`The course report could not be loaded.`;
  };

  const pickState = (next: CourseState | '') => {
    setState(next);
    setPage(1);
  };
  const download = async () => {
    setExporting(true);
    try {
      const n = await exportReport(i18n, courseId, filters);
      toaster.success({ title: t`Exported ${n} rows.` });
    } catch {
      toaster.error({ title: t`The export failed. Check the connection and try again.` });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="7xl">
      <PageTrail
        crumbs={[{ label: t`Assignment courses`, to: '/home/assignment-course' }]}
        current={t`Course report`}
      />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading size="lg">{report?.course.name ?? <Trans>Course report</Trans>}</Heading>
        <Button
          onClick={download}
          loading={exporting}
          disabled={!report || !online || report.total === 0}
          variant="outline"
        >
          <Trans>Export to Excel</Trans>
        </Button>
      </Flex>

      {!online && (report || !looking) && (
        <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" rounded="md">
          {report ? (
            <Trans>You are offline. These figures are as of {when(report.asOf)}.</Trans>
          ) : (
            <Trans>You are offline. The course report needs a connection.</Trans>
          )}
        </Box>
      )}

      {report && (
        <HStack gap="2" wrap="wrap" aria-label={t`Learners per state`} role="group">
          {COURSE_STATES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={state === s ? 'solid' : 'outline'}
              colorPalette={STATE_COLORS[s]}
              aria-pressed={state === s}
              onClick={() => pickState(state === s ? '' : s)}
            >
              {i18n._(STATE_LABELS[s])}: {report.totals[s]}
            </Button>
          ))}
        </HStack>
      )}

      <Flex gap="3" wrap="wrap">
        <NativeSelect.Root maxW={{ base: 'full', sm: '16rem' }}>
          <NativeSelect.Field
            aria-label={t`State`}
            value={state}
            onChange={(e) => pickState(e.target.value as CourseState | '')}
          >
            <option value="">{t`All states`}</option>
            {COURSE_STATES.map((s) => (
              <option key={s} value={s}>
                {i18n._(STATE_LABELS[s])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          type="search"
          maxW={{ base: 'full', sm: '20rem' }}
          aria-label={t`Search by employee ID, name or department`}
          placeholder={t`Search by employee ID, name or department`}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setPage(1);
          }}
        />
      </Flex>

      {!courseId ? (
        <Text>
          <Trans>Choose a course from the list of assignment courses.</Trans>
        </Text>
      ) : query.isPending && !report ? (
        <Stack gap="2" aria-busy="true" aria-label={t`Loading`}>
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : !report ? (
        online && (
          <Text role="alert" color="fg.error">
            {errorText(query.error)}
          </Text>
        )
      ) : report.items.length === 0 ? (
        <Text py="8" textAlign="center" color="fg.muted">
          <Trans>No data available</Trans>
        </Text>
      ) : narrow ? (
        <Stack gap="3">
          {report.items.map((r) => (
            <ReportCard key={r.userId} row={r} when={when} />
          ))}
        </Stack>
      ) : (
        <ReportTable
          rows={report.items}
          when={when}
          pre={report.course.hasPreTest}
          post={report.course.hasPostTest}
        />
      )}

      {report && <ReportPager page={page} total={report.total} perPage={report.per_page} onPage={setPage} />}
    </Stack>
  );
}

type RowProps = { row: CourseReportRow; when: (v: string | null) => string };

function QuizResult({ q }: { q: CourseReportRow['pre'] }) {
  if (!q.attempts) return <Text as="span">–</Text>;
  return (
    <Text as="span">
      {q.result === 'pass' ? (
        <Trans>Pass</Trans>
      ) : q.result === 'fail' ? (
        <Trans>Fail</Trans>
      ) : (
        <Trans>Not finished</Trans>
      )}
      {q.score !== null && ` ${q.score}/${q.total ?? ''}`}{' '}
      <Text as="span" color="fg.muted" fontSize="xs">
        <Trans>({q.attempts} attempts)</Trans>
      </Text>
    </Text>
  );
}

function ReportTable({
  rows,
  when,
  pre,
  post,
}: {
  rows: CourseReportRow[];
  when: RowProps['when'];
  pre: boolean;
  post: boolean;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Employee ID</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Name</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Department</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>State</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Trans>Videos</Trans>
            </Table.ColumnHeader>
            {pre && (
              <Table.ColumnHeader>
                <Trans>Pre-test</Trans>
              </Table.ColumnHeader>
            )}
            {post && (
              <Table.ColumnHeader>
                <Trans>Post-test</Trans>
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>
              <Trans>Started</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Finished</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.userId} data-testid="report-row">
              <Table.Cell>{r.employeeId}</Table.Cell>
              <Table.Cell>
                {r.name}
                {!r.assigned && (
                  <Badge ms="2" size="xs" variant="outline">
                    <Trans>No longer assigned</Trans>
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{r.department}</Table.Cell>
              <Table.Cell>
                <StateBadge state={r.state} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                {r.videosCompleted}/{r.videosTotal}
              </Table.Cell>
              {pre && (
                <Table.Cell>
                  <QuizResult q={r.pre} />
                </Table.Cell>
              )}
              {post && (
                <Table.Cell>
                  <QuizResult q={r.post} />
                </Table.Cell>
              )}
              <Table.Cell>{when(r.startedAt)}</Table.Cell>
              <Table.Cell>{when(r.finishedAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Below 430 px: one card per learner. */
function ReportCard({ row: r, when }: RowProps) {
  return (
    <Card.Root size="sm" data-testid="report-card">
      <Card.Body gap="1">
        <Flex justify="space-between" gap="2" align="start">
          <Text fontWeight="semibold">
            {r.name}{' '}
            <Text as="span" color="fg.muted">
              {r.employeeId}
            </Text>
          </Text>
          <StateBadge state={r.state} />
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {r.department}
        </Text>
        <Text fontSize="sm">
          <Trans>
            Videos completed: {r.videosCompleted}/{r.videosTotal}
          </Trans>
        </Text>
        {r.pre.attempts > 0 && (
          <Text fontSize="sm">
            <Trans>Pre-test</Trans>: <QuizResult q={r.pre} />
          </Text>
        )}
        {r.post.attempts > 0 && (
          <Text fontSize="sm">
            <Trans>Post-test</Trans>: <QuizResult q={r.post} />
          </Text>
        )}
        <Text fontSize="sm">
          <Trans>Started: {when(r.startedAt)}</Trans> · <Trans>Finished: {when(r.finishedAt)}</Trans>
        </Text>
        {!r.assigned && (
          <Badge alignSelf="start" size="xs" variant="outline">
            <Trans>No longer assigned</Trans>
          </Badge>
        )}
      </Card.Body>
    </Card.Root>
  );
}
