import { Box, Button, Checkbox, HStack, Input, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Dispatch,
  memo,
  type SetStateAction,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { can } from '#contract/permissions.ts';
import { GAPS, localDay } from '#contract/skill-gaps.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useLocalDb } from '@/data/db/use-local-db';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { downloadReport, type ReportCell } from '@/ui/report/report-workbook';
import { EmptyState, LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { ResourcePage } from '@/ui/resource/resource-page';
import { useNarrowScreen } from '@/ui/use-narrow-screen';
import { AssessDialog } from './assess-dialog';
import { SkillCards } from './skill-cards';
import {
  type ChartBuilder,
  chartChanges,
  onChartTablesChanged,
  startChartBuilder,
  type Whole,
} from './skill-chart-builder';
import { type FirstScreen, firstScreenCurrent, firstScreenRead, lastFirstScreen } from './skill-chart-read';
import { SkillMatrixGrid } from './skill-matrix-grid';
import { cellText, GAP_LOOK } from './skill-matrix-look';
import {
  buildMatrix,
  type MatrixFilters,
  type MatrixModel,
  type MatrixRows,
  NO_FILTERS,
  type PersonRow,
  type SkillColumn,
} from './skill-matrix-model';
import { MATRIX_STYLE } from './skill-matrix-style';
import { skillAssessmentView, skillRequirementView, skillView } from './skill-views';

/** /trainingroadmap/skillchart: the gap matrix, and the skills, required levels and assessments behind it. */
export default function SkillChartPage() {
  const { t } = useLingui();
  return (
    <Box pt={{ base: '2', md: '4' }}>
      <Tabs.Root
        defaultValue="matrix"
        lazyMount
        unmountOnExit
        px={{ base: '3', md: '6' }}
        maxW="full"
        mx="auto"
      >
        <Tabs.List flexWrap="wrap" css={{ '@media print': { display: 'none' } }}>
          <Tabs.Trigger value="matrix">
            <Trans>Skill chart</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="skills">
            <Trans>Skills</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="requirements">
            <Trans>Required levels</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="assessments">
            <Trans>Assessments</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="matrix" aria-label={t`Skill chart`}>
          <MatrixTab />
        </Tabs.Content>
        <Tabs.Content value="skills">
          <ResourcePage view={skillView} nested />
        </Tabs.Content>
        <Tabs.Content value="requirements">
          <ResourcePage view={skillRequirementView} nested />
        </Tabs.Content>
        <Tabs.Content value="assessments">
          <ResourcePage view={skillAssessmentView} nested />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}

function MatrixTab() {
  const session = useSession();
  const db = useLocalDb();
  const permissions = session?.permissions;
  if (!can(permissions, 'skillMatrix', 'read')) return <NoAccessState />;
  if (!db) return <LoadingState />;
  return (
    <Matrix
      db={db}
      canAssess={can(permissions, 'skillMatrix', 'create')}
      canAssign={can(permissions, 'course', 'create')}
    />
  );
}

/** The first screen's chart built from each read: coming back to the chart shows it without building it again. */
const built = new WeakMap<MatrixRows, { today: string; only?: ReadonlySet<string>; model: MatrixModel }>();

function firstScreenOnce(rows: MatrixRows, today: string, only?: ReadonlySet<string>) {
  const kept = built.get(rows);
  if (kept && kept.today === today && kept.only === only) return kept.model;
  const model = buildMatrix(rows, NO_FILTERS, today, only);
  built.set(rows, { today, only, model });
  return model;
}

/** The unfiltered whole chart last built, per local database: coming back to the chart shows it at once. */
const lastWhole = new WeakMap<LocalDb, Whole>();

/**
 * The whole chart for `filters`, built off the main thread (skill-chart-builder.ts) once `start`
 * is set, and again whenever the filters, the day or the chart's tables change. Coming back to the
 * chart shows the unfiltered one built last, and builds it again only if its tables were written
 * since it was read (no read of every assessment just to find nothing changed).
 */
function useWholeChart(db: LocalDb, start: boolean, filters: MatrixFilters, today: string) {
  const [whole, setWhole] = useState<Whole | undefined>(() => {
    const kept = lastWhole.get(db);
    return kept?.today === today ? kept : undefined;
  });
  const shown = useRef(whole);
  const [changes, setChanges] = useState(() => chartChanges(db).n);
  useEffect(() => {
    // chartChanges counts before this listener runs: both were subscribed in that order.
    const counter = chartChanges(db);
    setChanges(counter.n);
    return onChartTablesChanged(db, () => setChanges(counter.n));
  }, [db]);
  const [builder, setBuilder] = useState<ChartBuilder | null>(null);
  useEffect(() => {
    if (!start) return;
    const b = startChartBuilder(db, (w) => {
      shown.current = w;
      if (w.filters === NO_FILTERS) lastWhole.set(db, w);
      setWhole(w);
    });
    setBuilder(b);
    return () => b.close();
  }, [db, start]);
  useEffect(() => {
    const now = shown.current;
    const upToDate = now && now.filters === filters && now.today === today && now.at === changes;
    if (!upToDate) builder?.ask({ changes, filters, today, have: now?.key || null });
  }, [builder, changes, filters, today]);
  return whole;
}

function Matrix({ db, canAssess, canAssign }: { db: LocalDb; canAssess: boolean; canAssign: boolean }) {
  const { t, i18n } = useLingui();
  const narrow = useNarrowScreen();
  const today = localDay();
  // A cold start reads the first screen, then the whole chart (one after the other: side by side,
  // the large read would hold up the small one), starting once the first screen has been painted;
  // coming back shows the chart built last, or the first screen read last, at once, and reads the
  // first screen again only if the chart's tables were written since. The first screen's read
  // starts as the chart first renders, so it overlaps the rendering of the page around it.
  const [first, setFirst] = useState<FirstScreen | null>(() => lastFirstScreen(db) ?? null);
  const [firstDone, setFirstDone] = useState(
    () => lastWhole.has(db) || firstScreenCurrent(db, chartChanges(db).n),
  );
  const [firstRead] = useState(() =>
    firstDone ? null : { db, read: firstScreenRead(db, chartChanges(db).n) },
  );
  useEffect(() => {
    if (firstDone) return;
    let current = true;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (firstRead?.db === db ? firstRead.read : firstScreenRead(db, chartChanges(db).n))
      .then((f) => current && setFirst(f))
      .catch(() => undefined)
      .finally(() => {
        // The next frame paints the first screen; the whole read starts in the task after it.
        frame = requestAnimationFrame(() => {
          timer = setTimeout(() => current && setFirstDone(true), 0);
        });
      });
    return () => {
      current = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [db, firstDone, firstRead]);
  const [filters, setFilters] = useState<MatrixFilters>(NO_FILTERS);
  const whole = useWholeChart(db, firstDone, filters, today);
  // The first screen stands only for the unfiltered chart; a filter chosen meanwhile waits.
  const partial = !whole && first && filters === NO_FILTERS ? first : null;
  const partialModel = useMemo(
    () => (partial ? firstScreenOnce(partial.rows, today, partial.only) : null),
    [partial, today],
  );
  const model = whole?.model ?? partialModel;
  const lists = whole ?? partial?.rows;
  const [open, setOpen] = useState<{ person: PersonRow; skill: SkillColumn } | null>(null);
  const onOpen = useCallback((person: PersonRow, skill: SkillColumn) => setOpen({ person, skill }), []);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    // Printed after the print table has been drawn.
    const timer = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const sections = (lists?.sections ?? [])
    .filter((s) => !s.deletedAt)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const positions = (lists?.positions ?? [])
    .filter((p) => !p.deletedAt && (!filters.sectionId || p.sectionId === filters.sectionId))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const sectionName = sections.find((s) => s.id === filters.sectionId)?.name;
  const positionName = positions.find((p) => p.id === filters.positionId)?.name;

  function exportExcel(m: MatrixModel) {
    const header: ReportCell[] = [t`Employee ID`, t`Name`, t`Position`, t`Gaps`];
    for (const s of m.skills) header.push(s.mainTopic ? `${s.mainTopic} / ${s.name}` : s.name);
    const table: ReportCell[][] = [
      [t`Skill chart`, new Date()],
      [t`Section`, String(sectionName ?? t`All`), t`Position`, String(positionName ?? t`All`)],
      [t`Legend`, ...GAPS.map((g) => `${GAP_LOOK[g].mark} ${i18n._(GAP_LOOK[g].label)}`)],
      [],
      header,
      ...m.people.map((p) => [
        p.employeeId,
        p.name,
        p.positions,
        p.gaps,
        ...m.skills.map((s) => {
          const c = m.cell(p, s);
          return c.required ? `${cellText(c)} ${i18n._(GAP_LOOK[c.gap].label)}` : cellText(c);
        }),
      ]),
      [t`Meet the level`, '', '', '', ...m.skills.map((s) => `${s.meets}/${s.required}`)],
    ];
    void downloadReport('skill-chart.xlsx', table);
  }
  // The filter bar's callbacks stay the same from one render to the next (it is drawn again only
  // when what it shows changes); the export reads the chart shown when it is clicked.
  const exportNow = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    exportNow.current = () => model && exportExcel(model);
  });
  const onExport = useCallback(() => exportNow.current(), []);
  const onPrint = useCallback(() => setPrinting(true), []);

  const noSkills = !model?.skills.length;
  const noPeople = !model?.people.length;
  return (
    <Stack gap="4" pt="4">
      <style href="skill-matrix-grid" precedence="default">
        {MATRIX_STYLE}
      </style>
      <ChartTrail />
      <FilterBar
        sections={options(sections)}
        positions={options(positions)}
        filters={filters}
        onFilters={setFilters}
        ready={!!model && !noPeople && !noSkills && !model.partial}
        onExport={onExport}
        onPrint={onPrint}
      />
      <Legend />
      {!model ? (
        <LoadingState />
      ) : noSkills ? (
        <EmptyState
          searching={false}
          title={t`No skills yet`}
          hint={t`Add skills and their criteria on the Skills tab, then the levels each position needs.`}
        />
      ) : noPeople ? (
        <EmptyState
          searching={!!filters.search}
          title={t`Nobody to show`}
          hint={
            filters.gapsOnly
              ? t`Nobody here has a gap.`
              : t`Nobody holds a position here yet. Place people in positions on the Positions page.`
          }
        />
      ) : narrow ? (
        <SkillCards model={model} onOpen={onOpen} />
      ) : (
        <div className="sm-noprint">
          <SkillMatrixGrid model={model} onOpen={onOpen} />
        </div>
      )}
      {printing && model && <PrintTable model={model} filters={[sectionName, positionName]} />}
      {open && model && (
        <AssessDialog
          db={db}
          person={open.person}
          skill={open.skill}
          cell={model.cell(open.person, open.skill)}
          canAssess={canAssess}
          canAssign={canAssign}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

// The chart's trail, filter bar and legend are drawn while the first screen is read, and drawn
// again only when what they show changes: not when the whole chart replaces the first screen, nor
// when it is built again for a filter (a large chart arriving then redraws the grid alone).

const ChartTrail = memo(function ChartTrail() {
  const { t } = useLingui();
  return <PageTrail crumbs={[{ label: t`Training roadmap (ISO)` }]} current={t`Skill chart`} />;
});

type Option = { id: string; name: string };
const options = (rows: LocalRow[]): Option[] => rows.map((r) => ({ id: r.id, name: String(r.name) }));
const sameOptions = (a: Option[], b: Option[]) =>
  a.length === b.length && a.every((o, i) => o.id === b[i]!.id && o.name === b[i]!.name);

type FilterBarProps = {
  sections: Option[];
  positions: Option[];
  filters: MatrixFilters;
  onFilters: Dispatch<SetStateAction<MatrixFilters>>;
  /** Export and print: only a whole chart with people and skills. */
  ready: boolean;
  onExport: () => void;
  onPrint: () => void;
};

const FilterBar = memo(
  function FilterBar({ sections, positions, filters, onFilters, ready, onExport, onPrint }: FilterBarProps) {
    const { t } = useLingui();
    const set = (patch: Partial<MatrixFilters>) => onFilters((f) => ({ ...f, ...patch }));
    return (
      <HStack gap="2" wrap="wrap" align="end" css={{ '@media print': { display: 'none' } }}>
        <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '56' }}>
          <NativeSelect.Field
            aria-label={t`Section`}
            value={filters.sectionId}
            onChange={(e) => set({ sectionId: e.currentTarget.value, positionId: '' })}
            data-testid="matrix-section"
          >
            <option value="">{t`All sections`}</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '56' }}>
          <NativeSelect.Field
            aria-label={t`Position`}
            value={filters.positionId}
            onChange={(e) => set({ positionId: e.currentTarget.value })}
            data-testid="matrix-position"
          >
            <option value="">{t`All positions`}</option>
            {positions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          maxW={{ base: 'full', sm: '56' }}
          type="search"
          value={filters.search}
          onChange={(e) => set({ search: e.currentTarget.value })}
          placeholder={t`Search a name or employee ID`}
          aria-label={t`Search a name or employee ID`}
        />
        <Checkbox.Root
          size="sm"
          checked={filters.gapsOnly}
          onCheckedChange={(e) => set({ gapsOnly: e.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <Trans>Only people with gaps</Trans>
          </Checkbox.Label>
        </Checkbox.Root>
        <HStack gap="2" ms={{ base: '0', md: 'auto' }}>
          <Button size="sm" variant="outline" onClick={onExport} disabled={!ready}>
            <Trans>Export to Excel</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={onPrint} disabled={!ready}>
            <Trans>Print</Trans>
          </Button>
        </HStack>
      </HStack>
    );
  },
  (a, b) =>
    a.filters === b.filters &&
    a.ready === b.ready &&
    a.onFilters === b.onFilters &&
    a.onExport === b.onExport &&
    a.onPrint === b.onPrint &&
    sameOptions(a.sections, b.sections) &&
    sameOptions(a.positions, b.positions),
);

const Legend = memo(function Legend() {
  const { t, i18n } = useLingui();
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" aria-label={t`Legend`} data-testid="matrix-legend">
      {GAPS.map((g) => (
        <HStack key={g} gap="1">
          <Box
            as="span"
            px="1.5"
            borderRadius="sm"
            borderWidth="1px"
            style={{ background: GAP_LOOK[g].bg, color: GAP_LOOK[g].fg }}
          >
            {GAP_LOOK[g].mark || '·'}
          </Box>
          <Text as="span">{i18n._(GAP_LOOK[g].label)}</Text>
        </HStack>
      ))}
      <Text as="span" color="fg.muted">
        <Trans>Each cell shows the level reached / the level required.</Trans>
      </Text>
    </HStack>
  );
});

/**
 * The whole filtered matrix as one plain table for an audit's paper copy: drawn only while
 * printing (the screen grid is virtualized), everything else on the page hidden from the printer.
 */
function PrintTable({ model, filters }: { model: MatrixModel; filters: unknown[] }) {
  const { t, i18n } = useLingui();
  const border = '1px solid #999';
  return (
    <div id="skill-chart-print" style={{ display: 'none' }}>
      <style>{`@media print {
        @page { size: landscape; margin: 10mm; }
        body * { visibility: hidden; }
        #skill-chart-print, #skill-chart-print * { visibility: visible; }
        #skill-chart-print { display: block !important; position: absolute; left: 0; top: 0; width: 100%; }
        #skill-chart-print td, #skill-chart-print th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      }`}</style>
      <h1 style={{ fontSize: 16, fontWeight: 600 }}>
        {t`Skill chart`} · {i18n.date(new Date(), { dateStyle: 'long' })}
        {filters.filter(Boolean).length ? ` · ${filters.filter(Boolean).join(' · ')}` : ''}
      </h1>
      <p style={{ fontSize: 10 }}>
        {GAPS.map((g) => `${GAP_LOOK[g].mark} ${i18n._(GAP_LOOK[g].label)}`).join('   ')}
      </p>
      <table style={{ borderCollapse: 'collapse', fontSize: 9 }}>
        <thead>
          <tr>
            <th style={{ border, textAlign: 'start' }}>{t`Name`}</th>
            {model.skills.map((s) => (
              <th key={s.id} style={{ border }}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.people.map((p) => (
            <tr key={p.id}>
              <th style={{ border, textAlign: 'start', fontWeight: 400 }}>
                {p.name} ({p.employeeId})
              </th>
              {model.skills.map((s) => {
                const c = model.cell(p, s);
                return (
                  <td key={s.id} style={{ border, background: GAP_LOOK[c.gap].bg, textAlign: 'center' }}>
                    {cellText(c)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
