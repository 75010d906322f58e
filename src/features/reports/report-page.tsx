import { Box, Button, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { REPORT_NAMES, REPORTS, type ReportName } from '#contract/reports.ts';
import { useKeptQuery } from '@/data/http/kept-query';
import { PageTrail } from '@/ui/page-trail';
import { StateBadge } from '@/ui/report/course-states';
import { AsOfNotice, reportErrorText, useRangeProblem } from '@/ui/report/report-notices';
import { ReportPager } from '@/ui/report/report-pager';
import { ReportCards, type ReportColumn, ReportSkeleton, ReportTable } from '@/ui/report/report-table';
import { toaster } from '@/ui/toaster';
import { useNarrowScreen } from '@/ui/use-narrow-screen';
import { useOnline } from '@/ui/use-online';
import { type ReportView, reportParamsOf, reportViewOf } from './report-address';
import { type ColumnDef, REPORT_CONFIG } from './report-config';
import { ReportFilterBar, useFilterNames } from './report-filters';
import { cellText } from './report-format';
import {
  exportReport,
  fetchReport,
  PAGE_SIZE,
  type ReportFilters,
  type ReportSortOrder,
  reportKey,
} from './report-model';

/** The report of the current path (/report/{path} of contract/reports.ts). */
const reportOfPath = (pathname: string): ReportName | undefined =>
  REPORT_NAMES.find((n) => pathname.replace(/\/+$/, '').endsWith(`/report/${REPORTS[n].path}`));

/** /report/*: one page for the seven reports, driven by contract/reports.ts and report-config.ts. */
export default function ReportPage() {
  const { pathname } = useLocation();
  const name = reportOfPath(pathname);
  // A new report starts with its own defaults (filters, sort, page).
  return name ? <Report key={name} name={name} /> : null;
}

type Row = Record<string, unknown>;

function Report({ name }: { name: ReportName }) {
  const { i18n, t } = useLingui();
  const def = REPORTS[name];
  const config = REPORT_CONFIG[name];
  // Filters, search, sort and page live in the address (report-address.ts): a reload or a shared
  // link shows the same report. A change of filter, sort or page adds a history entry, for Back.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => reportViewOf(name, params), [name, params]);
  const { filters, sort, page } = view;
  // The box itself answers each key (the router's navigation is not synchronous); the address
  // follows it, so a reload keeps it. Typing replaces the history entry instead of adding one.
  const [searchText, setSearchText] = useState(view.searchText);
  const show = (next: Partial<ReportView>, replace = false) =>
    setParams(reportParamsOf(name, { ...view, searchText, page: 1, ...next }), { replace });
  const setPage = (p: number) => show({ page: p });
  const search = useDeferredValue(searchText.trim());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const online = useOnline();
  const narrow = useNarrowScreen();
  const asked: ReportFilters = { ...filters, search: search || undefined };
  const rangeProblem = useRangeProblem(filters.range);
  const names = useFilterNames(name, filters);
  const {
    query,
    data: answer,
    keptAt,
    looking,
  } = useKeptQuery({
    queryKey: reportKey(name, asked, sort, page),
    queryFn: ({ signal }) => fetchReport(name, asked, sort, page, PAGE_SIZE, signal),
    enabled: !rangeProblem,
    keepPrevious: true,
  });

  const change = (filters: ReportFilters) => show({ filters });
  const sortable = def.sortable as readonly string[];
  const columns: ReportColumn<Row>[] = (config.columns as readonly ColumnDef<ReportName>[]).map((c) => ({
    id: c.field,
    header: i18n._(c.label),
    numeric: c.format === 'count' || c.format === 'duration',
    key: c.key,
    sortable: sortable.includes(c.field),
    render: (r) =>
      c.format === 'courseState' ? (
        <StateBadge state={r[c.field] as never} />
      ) : (
        cellText(i18n, c.format, r[c.field])
      ),
  }));
  const totalFields = def.totals as readonly string[];
  const totals =
    answer && totalFields.length
      ? Object.fromEntries(
          (config.columns as readonly ColumnDef<ReportName>[])
            .filter((c) => totalFields.includes(c.field))
            .map((c) => [c.field, cellText(i18n, c.format, answer.totals[c.field] ?? 0)]),
        )
      : null;
  const rowKey = config.rowKey as (r: Row) => string;
  const rowCount = i18n.number(answer?.total ?? 0);
  const exported = i18n.number(progress?.done ?? 0);
  const exporting = i18n.number(progress?.total ?? 0);
  const rows = (answer?.items ?? []) as Row[];

  const download = async () => {
    setProgress({ done: 0, total: answer?.total ?? 0 });
    try {
      const n = await exportReport(i18n, name, asked, sort, names, (done, total) =>
        setProgress({ done, total }),
      );
      toaster.success({ title: t`Exported ${n} rows.` });
    } catch {
      toaster.error({ title: t`The export failed. Check the connection and try again.` });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="7xl" data-testid="report-page" data-report={name}>
      <PageTrail crumbs={[{ label: t`Reports` }]} current={i18n._(config.title)} hidden={narrow} />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="lg">
          {i18n._(config.title)}
        </Heading>
        <Button
          onClick={download}
          loading={!!progress}
          loadingText={
            progress && progress.total > 0 ? t`Exporting ${exported} of ${exporting}…` : t`Exporting…`
          }
          disabled={!answer || !online || answer.total === 0 || !!rangeProblem}
          variant="outline"
          size="sm"
        >
          <Trans>Export to Excel</Trans>
        </Button>
      </Flex>

      <ReportFilterBar
        name={name}
        filters={filters}
        search={searchText}
        onSearch={(text) => {
          setSearchText(text);
          show({ searchText: text }, true);
        }}
        onChange={change}
        rangeProblem={rangeProblem}
      />

      <AsOfNotice
        online={online}
        asOf={answer?.asOf}
        failed={query.isError}
        kept={keptAt !== null}
        looking={looking}
      />

      {rangeProblem ? null : query.isPending && !answer ? (
        <ReportSkeleton label={t`Loading`} />
      ) : !answer ? (
        online && (
          <Text role="alert" color="fg.error">
            {reportErrorText(i18n, query.error)}
          </Text>
        )
      ) : answer.items.length === 0 ? (
        <Text py="8" textAlign="center" color="fg.muted" data-testid="report-empty">
          <Trans>No data available for these filters.</Trans>
        </Text>
      ) : (
        <Box aria-busy={query.isFetching} data-testid="report-result">
          <Text fontSize="sm" color="fg.muted" mb="2" aria-live="polite">
            <Trans>{rowCount} rows</Trans>
          </Text>
          {narrow ? (
            <>
              <CardSort columns={columns} sort={sort} onSort={(next) => show({ sort: next })} />
              <ReportCards columns={columns} rows={rows} rowKey={rowKey} totals={totals} />
            </>
          ) : (
            <ReportTable
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              sort={sort}
              onSort={(next) => show({ sort: next })}
              totals={totals}
            />
          )}
        </Box>
      )}

      {answer && !rangeProblem && (
        <ReportPager page={page} total={answer.total} perPage={answer.per_page} onPage={setPage} />
      )}
    </Stack>
  );
}

/** On a phone the cards have no headers to click: the sort is a choice above them. */
function CardSort({
  columns,
  sort,
  onSort,
}: {
  columns: ReportColumn<Row>[];
  sort: ReportSortOrder;
  onSort: (next: ReportSortOrder) => void;
}) {
  const { t } = useLingui();
  const value = `${sort.field}:${sort.order}`;
  return (
    <NativeSelect.Root size="sm" mb="3">
      <NativeSelect.Field
        aria-label={t`Sort by`}
        value={value}
        onChange={(e) => {
          const [field = '', order] = e.target.value.split(':');
          onSort({ field, order: order === 'asc' ? 'asc' : 'desc' });
        }}
      >
        {columns
          .filter((c) => c.sortable)
          .flatMap(({ id, header }) => [
            <option key={`${id}:asc`} value={`${id}:asc`}>
              {t`${header} (ascending)`}
            </option>,
            <option key={`${id}:desc`} value={`${id}:desc`}>
              {t`${header} (descending)`}
            </option>,
          ])}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
