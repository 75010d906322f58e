import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '#contract/audit.ts';
import type { ResourceName } from '#contract/registry.ts';
import { useLocalDb } from '@/data/db/use-local-db';
import { useKeptQuery } from '@/data/http/kept-query';
import { PageTrail } from '@/ui/page-trail';
import { ReportPager } from '@/ui/report/report-pager';
import { downloadReport } from '@/ui/report/report-workbook';
import { refLabel } from '@/ui/resource/fields/ref-select';
import { useResourceViews } from '@/ui/resource/view-registry';
import { toaster } from '@/ui/toaster';
import { useNarrowScreen } from '@/ui/use-narrow-screen';
import { useOnline } from '@/ui/use-online';
import {
  ACTION_LABELS,
  changesText,
  fetchAllEntries,
  fetchLog,
  type LogFilters,
  logKey,
  logSheet,
  type NameOf,
  PAGE_SIZE,
  refTarget,
  resourceLabel,
} from './activity-log-model';

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  permissionChange: 'purple',
  deactivate: 'orange',
  reactivate: 'teal',
  signIn: 'gray',
  signInFailed: 'red',
  notificationSent: 'purple',
  import: 'cyan',
};

/** A local date (yyyy-mm-dd) as the instant its day starts or ends on this device. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/**
 * /user-management/activity-log (issue 15): who changed what and when, for administrators. Server
 * data, kept on the device: offline it shows the last answer of the same filters with its time.
 */
export default function ActivityLogPage() {
  const { i18n, t } = useLingui();
  const views = useResourceViews();
  const online = useOnline();
  const narrow = useNarrowScreen();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText.trim());
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters: LogFilters = {
    ...(action ? { action } : {}),
    ...(search ? { search } : {}),
    ...(from ? { from: dayBound(from, false) } : {}),
    ...(to ? { to: dayBound(to, true) } : {}),
  };
  const { query, data, keptAt, looking } = useKeptQuery({
    queryKey: logKey(filters, page),
    queryFn: ({ signal }) => fetchLog(filters, page, PAGE_SIZE, signal),
    keepPrevious: true,
  });
  const when = (v: string | number) => i18n.date(new Date(v), { dateStyle: 'medium', timeStyle: 'short' });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const download = async () => {
    setExporting(true);
    try {
      const items = await fetchAllEntries(filters);
      const today = new Date().toISOString().slice(0, 10);
      await downloadReport(`activity-log-${today}.xlsx`, logSheet(i18n, views, filters, items));
      const n = items.length;
      toaster.success({ title: t`Exported ${n} rows.` });
    } catch {
      toaster.error({ title: t`The export failed. Check the connection and try again.` });
    } finally {
      setExporting(false);
    }
  };
  const keptTime = keptAt ? when(keptAt) : '';

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="7xl" data-testid="activity-log">
      <PageTrail crumbs={[{ label: t`User management`, to: '/user-management' }]} current={t`Activity log`} />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading size="lg">
          <Trans>Activity log</Trans>
        </Heading>
        <Button
          onClick={download}
          loading={exporting}
          disabled={!data || !online || data.total === 0}
          variant="outline"
        >
          <Trans>Export to Excel</Trans>
        </Button>
      </Flex>

      {keptAt !== null && (
        <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" rounded="md">
          {online ? (
            <Trans>Showing the entries as of {keptTime} while the latest load.</Trans>
          ) : (
            <Trans>You are offline. These entries are as of {keptTime}.</Trans>
          )}
        </Box>
      )}
      {keptAt === null && !data && !online && !looking && (
        <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" rounded="md">
          <Trans>You are offline. The activity log needs a connection the first time.</Trans>
        </Box>
      )}

      <Flex gap="3" wrap="wrap" align="end">
        <NativeSelect.Root maxW={{ base: 'full', sm: '14rem' }}>
          <NativeSelect.Field
            aria-label={t`Action`}
            value={action}
            onChange={(e) => filter(setAction)(e.target.value as AuditAction | '')}
          >
            <option value="">{t`All actions`}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {i18n._(ACTION_LABELS[a])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.Root w={{ base: 'full', sm: '11rem' }}>
          <Field.Label>
            <Trans>From</Trans>
          </Field.Label>
          <Input type="date" value={from} onChange={(e) => filter(setFrom)(e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '11rem' }}>
          <Field.Label>
            <Trans>To</Trans>
          </Field.Label>
          <Input type="date" value={to} onChange={(e) => filter(setTo)(e.target.value)} />
        </Field.Root>
        <Input
          type="search"
          maxW={{ base: 'full', sm: '18rem' }}
          aria-label={t`Search by record, kind of record or person`}
          placeholder={t`Search by record, kind of record or person`}
          value={searchText}
          onChange={(e) => filter(setSearchText)(e.target.value)}
        />
      </Flex>

      {!data && query.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label={t`Loading`}>
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : !data ? (
        online && (
          <Text role="alert" color="fg.error">
            <Trans>The activity log could not be loaded.</Trans>
          </Text>
        )
      ) : data.items.length === 0 ? (
        <Text py="8" textAlign="center" color="fg.muted">
          <Trans>No data available</Trans>
        </Text>
      ) : narrow ? (
        <EntryCards entries={data.items} when={when} />
      ) : (
        <EntryTable entries={data.items} when={when} />
      )}

      {data && <ReportPager page={page} total={data.total} perPage={data.per_page} onPage={setPage} />}
    </Stack>
  );
}

type EntryProps = { when: (v: string) => string };

function ActionBadge({ action }: { action: AuditAction }) {
  const { i18n } = useLingui();
  return <Badge colorPalette={ACTION_COLORS[action]}>{i18n._(ACTION_LABELS[action])}</Badge>;
}

/** Names of the records the entries' changes refer to, read from this device's rows. */
function useRefNames(entries: readonly AuditEntry[]): NameOf {
  const db = useLocalDb();
  const views = useResourceViews();
  return (
    useLiveQuery(async () => {
      const names = new Map<string, string>();
      if (!db) return names;
      const wanted = new Map<ResourceName, { labelFields: readonly string[]; ids: Set<string> }>();
      for (const e of entries)
        for (const c of e.changes) {
          const target = refTarget(views, e.resource, c.field);
          if (!target) continue;
          const slot = wanted.get(target.resource) ?? {
            labelFields: target.labelFields,
            ids: new Set<string>(),
          };
          for (const v of [c.from, c.to].flat()) if (typeof v === 'string' && v) slot.ids.add(v);
          wanted.set(target.resource, slot);
        }
      for (const [resource, { labelFields, ids }] of wanted) {
        const rows = await db.rows(resource).bulkGet([...ids]);
        for (const row of rows) if (row) names.set(row.id, refLabel(row, labelFields));
      }
      return names;
    }, [db, views, entries]) ?? new Map()
  );
}

function useEntryText(entries: readonly AuditEntry[]) {
  const { i18n } = useLingui();
  const views = useResourceViews();
  const names = useRefNames(entries);
  return {
    kind: (e: AuditEntry) => resourceLabel(i18n, views, e.resource),
    changes: (e: AuditEntry) => changesText(i18n, views, e, names),
  };
}

function EntryTable({ entries, when }: EntryProps & { entries: readonly AuditEntry[] }) {
  const text = useEntryText(entries);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader whiteSpace="nowrap">
              <Trans>When</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">
              <Trans>Who</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Action</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Record</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Changes</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Address</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((e) => (
            <Table.Row key={e.id} data-testid="log-row" verticalAlign="top">
              <Table.Cell whiteSpace="nowrap">{when(e.at)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{e.actorName || '–'}</Table.Cell>
              <Table.Cell>
                <ActionBadge action={e.action} />
              </Table.Cell>
              <Table.Cell minW="40">
                <Text fontWeight="medium">{e.label || text.kind(e)}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {text.kind(e)}
                </Text>
              </Table.Cell>
              <Table.Cell maxW="md" fontSize="xs" wordBreak="break-word">
                {text.changes(e)}
              </Table.Cell>
              <Table.Cell fontSize="xs" color="fg.muted">
                {e.ip ?? ''}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

type EntryText = ReturnType<typeof useEntryText>;

function EntryCards({ entries, when }: EntryProps & { entries: readonly AuditEntry[] }) {
  const text = useEntryText(entries);
  return (
    <Stack gap="3">
      {entries.map((e) => (
        <EntryCard key={e.id} entry={e} when={when} text={text} />
      ))}
    </Stack>
  );
}

/** Below 430 px: one card per entry. */
function EntryCard({ entry: e, when, text }: EntryProps & { entry: AuditEntry; text: EntryText }) {
  const changes = text.changes(e);
  return (
    <Card.Root size="sm" data-testid="log-card">
      <Card.Body gap="1">
        <Flex justify="space-between" gap="2" align="start">
          <Text fontWeight="semibold" wordBreak="break-word">
            {e.label || text.kind(e)}
          </Text>
          <ActionBadge action={e.action} />
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {text.kind(e)}
        </Text>
        <Text fontSize="sm">
          {e.actorName || '–'} · {when(e.at)}
        </Text>
        {changes && (
          <Text fontSize="xs" wordBreak="break-word">
            {changes}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
