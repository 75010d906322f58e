import {
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  List,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { COURSE_STATES } from '#contract/learner-courses.ts';
import type { DashboardAnswer, DateRange } from '#contract/reports.ts';
import { useKeptQuery } from '@/data/http/kept-query';
import { STATE_LABELS } from '@/ui/report/course-states';
import { dayDate, lastDays } from '@/ui/report/date-range';
import { DateRangeFields } from '@/ui/report/date-range-fields';
import { AsOfNotice, reportErrorText, useRangeProblem } from '@/ui/report/report-notices';
import { downloadReport } from '@/ui/report/report-workbook';
import { toaster } from '@/ui/toaster';
import { useNarrowScreen } from '@/ui/use-narrow-screen';
import { useOnline } from '@/ui/use-online';
import { CHART_COLORS, STATE_CHART_COLORS } from './dashboard-colors';
import { dashboardKey, fetchDashboard } from './dashboard-model';
import { dashboardSheet } from './dashboard-sheet';
import { ChartWidget } from './dashboard-widget';

/** The calendar heat map needs about a year or less and a wide screen; otherwise a line. */
const CALENDAR_MAX_DAYS = 371;

/** /dashboard: the eight widgets of spec section 1 over a date range (default the last 30 days). */
export default function DashboardPage() {
  const { i18n, t } = useLingui();
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const problem = useRangeProblem(range);
  const online = useOnline();
  const { query, data, keptAt, looking } = useKeptQuery({
    queryKey: dashboardKey(range),
    queryFn: ({ signal }) => fetchDashboard(range, signal),
    enabled: !problem,
    keepPrevious: true,
  });

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="7xl" minW="0" data-testid="dashboard">
      <Flex gap="3" wrap="wrap" align="end" justify="space-between">
        <Heading as="h1" size="lg">
          <Trans>Dashboard</Trans>
        </Heading>
        <Flex gap="3" wrap="wrap" align="end">
          <DateRangeFields value={range} onChange={setRange} invalid={problem} />
          <Button
            size="sm"
            variant="outline"
            disabled={!data || !!problem}
            onClick={async () => {
              if (!data) return;
              try {
                await downloadReport(
                  `dashboard-${range.from}-${range.to}.xlsx`,
                  dashboardSheet(i18n, range, data),
                );
              } catch {
                toaster.error({ title: t`The export failed. Check the connection and try again.` });
              }
            }}
          >
            <Trans>Export to Excel</Trans>
          </Button>
        </Flex>
      </Flex>
      <AsOfNotice
        online={online}
        asOf={data?.asOf}
        failed={query.isError}
        kept={keptAt !== null}
        looking={looking}
      />
      {problem ? null : data ? (
        <Widgets data={data} range={range} />
      ) : query.isPending || query.isFetching ? (
        <DashboardSkeleton label={t`Loading`} />
      ) : (
        online && (
          <Text role="alert" color="fg.error">
            {reportErrorText(i18n, query.error)}
          </Text>
        )
      )}
    </Stack>
  );
}

function DashboardSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="4" aria-busy="true" aria-label={label}>
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="20" rounded="md" />
        ))}
      </Grid>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="64" rounded="md" />
        ))}
      </Grid>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card.Root size="sm" minW="0" data-testid={testId}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Widgets({ data, range }: { data: DashboardAnswer; range: DateRange }) {
  const { i18n, t } = useLingui();
  const narrow = useNarrowScreen();
  const num = (n: number) => i18n.number(n);
  const day = (d: string) => i18n.date(dayDate(d), { dateStyle: 'medium' });
  const nameWidth = narrow ? 96 : 150;
  const views = t`Views`;
  const days = data.viewsByDay.length;
  const slices = COURSE_STATES.map((s) => ({
    id: s,
    label: i18n._(STATE_LABELS[s]),
    value: data.courseStatus[s] ?? 0,
    color: STATE_CHART_COLORS[s],
  }));
  const statusTotal = slices.reduce((sum, s) => sum + s.value, 0);

  return (
    <Stack gap="4" minW="0">
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
        <Stat testId="stat-all-users" label={t`All users`} value={num(data.users.all)} />
        <Stat testId="stat-active-users" label={t`Active users`} value={num(data.users.active)} />
        <Stat testId="stat-inactive-users" label={t`Inactive users`} value={num(data.users.inactive)} />
        <Stat testId="stat-total-views" label={t`Total content views`} value={num(data.totalViews)} />
      </Grid>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <ChartWidget
          testId="widget-top-contents"
          title={t`Most viewed content`}
          chart={{
            kind: 'bar',
            nameWidth,
            items: data.topContents.map((c) => ({ id: c.id, name: c.name, values: { views: c.views } })),
            keys: [{ key: 'views', label: views, color: CHART_COLORS.bar }],
          }}
          table={{
            head: [t`Content`, views],
            rows: data.topContents.map((c) => [c.name, num(c.views)]),
            numeric: [1],
          }}
        />
        <ChartWidget
          testId="widget-days"
          title={t`Days with most views`}
          height={narrow || days > CALENDAR_MAX_DAYS ? 200 : 220}
          chart={{
            kind: 'days',
            days: data.viewsByDay,
            from: range.from,
            to: range.to,
            calendar: !narrow && days <= CALENDAR_MAX_DAYS,
          }}
          table={{
            head: [t`Day`, views],
            rows: data.viewsByDay.map((d) => [day(d.day), num(d.views)]),
            numeric: [1],
          }}
        >
          {data.topDays.length > 0 && (
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                <Trans>Top days</Trans>
              </Text>
              <List.Root as="ol" ps="5" fontSize="sm" data-testid="top-days">
                {data.topDays.map((d) => (
                  <List.Item key={d.day}>
                    <HStack justify="space-between" gap="2">
                      <span>{day(d.day)}</span>
                      <Text as="span" fontVariantNumeric="tabular-nums">
                        {num(d.views)}
                      </Text>
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
        </ChartWidget>
        <ChartWidget
          testId="widget-top-users"
          title={t`Top 5 employees by views`}
          chart={{
            kind: 'bar',
            nameWidth,
            items: data.topUsers.map((u) => ({ id: u.id, name: u.name, values: { views: u.views } })),
            keys: [{ key: 'views', label: views, color: CHART_COLORS.bar }],
          }}
          table={{
            head: [t`Employee ID`, t`Name`, t`Department`, views],
            rows: data.topUsers.map((u) => [u.employeeId, u.name, u.department, num(u.views)]),
            numeric: [3],
          }}
        />
        <ChartWidget
          testId="widget-course-status"
          title={t`Course menu status`}
          chart={statusTotal > 0 ? { kind: 'pie', slices: slices.filter((s) => s.value > 0) } : null}
          table={{
            head: [t`State`, t`Learners`],
            rows: statusTotal > 0 ? slices.map((s) => [s.label, num(s.value)]) : [],
            numeric: [1],
          }}
        >
          {statusTotal > 0 && (
            <List.Root variant="plain" fontSize="sm" gap="1" aria-hidden="true">
              {slices.map((s) => (
                <List.Item key={s.id} alignItems="center" gap="2">
                  <Box w="3" h="3" rounded="sm" bg={s.color} flexShrink={0} />
                  <Text as="span" flex="1">
                    {s.label}
                  </Text>
                  <Text as="span" fontVariantNumeric="tabular-nums">
                    {num(s.value)}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          )}
        </ChartWidget>
        <ChartWidget
          testId="widget-top-courses"
          title={t`Top 5 courses`}
          chart={{
            kind: 'bar',
            nameWidth,
            items: data.topCourses.map((c) => ({
              id: c.id,
              name: c.name,
              values: { finished: c.finished, learners: c.learners },
            })),
            keys: [
              { key: 'finished', label: t`Finished`, color: CHART_COLORS.second },
              { key: 'learners', label: t`Learners`, color: CHART_COLORS.bar },
            ],
          }}
          table={{
            head: [t`Course`, t`Finished`, t`Learners`],
            rows: data.topCourses.map((c) => [c.name, num(c.finished), num(c.learners)]),
            numeric: [1, 2],
          }}
          height={280}
        >
          {data.topCourses.length > 0 && (
            <HStack gap="4" fontSize="sm" aria-hidden="true">
              <HStack gap="1">
                <Box w="3" h="3" rounded="sm" bg={CHART_COLORS.second} />
                <Trans>Finished</Trans>
              </HStack>
              <HStack gap="1">
                <Box w="3" h="3" rounded="sm" bg={CHART_COLORS.bar} />
                <Trans>Learners</Trans>
              </HStack>
            </HStack>
          )}
        </ChartWidget>
        <ChartWidget
          testId="widget-top-departments"
          title={t`Departments with most viewers`}
          chart={{
            kind: 'bar',
            nameWidth,
            items: data.topDepartments.map((d) => ({
              id: d.id,
              name: d.name,
              values: { viewers: d.viewers },
            })),
            keys: [{ key: 'viewers', label: t`Viewers`, color: CHART_COLORS.bar }],
          }}
          table={{
            head: [t`Department`, t`Viewers`, views],
            rows: data.topDepartments.map((d) => [d.name, num(d.viewers), num(d.views)]),
            numeric: [1, 2],
          }}
        />
      </Grid>
    </Stack>
  );
}
