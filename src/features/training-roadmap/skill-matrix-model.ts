import { type AssessmentLike, type Gap, gapOf, requiredLevels, supersedes } from '#contract/skill-gaps.ts';
import type { LocalRow } from '@/data/db/local-types';

// The skill chart as numbers: who is shown (holders of the chosen section's or position's
// positions), which skills are columns (those without sub-topics, grouped by main topic), and
// each cell's gap. Building it is linear in the rows; cells are computed when drawn, so a chart
// of 2,000 people and 150 skills costs no 300,000 objects.

export type MatrixRows = {
  users: LocalRow[];
  sections: LocalRow[];
  positions: LocalRow[];
  skills: LocalRow[];
  requirements: LocalRow[];
  assessments: LocalRow[];
  /** The assessments already folded to the one that counts per cell (see foldAssessments); when given, `assessments` is not read. */
  latest?: LatestAssessments;
};

/** Per person, per skill: the assessment that counts (two levels of ids: no key strings to build per lookup). */
export type LatestAssessments = Map<string, Map<string, AssessmentLike & LocalRow>>;

export type MatrixFilters = { sectionId: string; positionId: string; search: string; gapsOnly: boolean };
export const NO_FILTERS: MatrixFilters = { sectionId: '', positionId: '', search: '', gapsOnly: false };

export type SkillColumn = {
  id: string;
  name: string;
  mainTopicId: string;
  mainTopic: string;
  courseIds: string[];
  /** What each level 0..4 means. */
  criteria: string[];
  /** People shown who need the skill, and those of them who meet it. */
  required: number;
  meets: number;
};

export type PersonRow = {
  id: string;
  name: string;
  employeeId: string;
  positions: string;
  /** Required skills (of the columns) this person meets, is below in, has expired or lacks an assessment. */
  required: number;
  meets: number;
  gaps: number;
};

/** What a cell shows of the assessment that counts (its history is read when the cell is opened). */
export type CellAssessment = Pick<AssessmentLike, 'level' | 'assessedOn' | 'dueOn'>;
export type Cell = { gap: Gap; required: number; assessment: CellAssessment | undefined };

export type MatrixModel = {
  skills: SkillColumn[];
  people: PersonRow[];
  cell: (person: PersonRow, skill: SkillColumn) => Cell;
  /**
   * Built from the first people's rows only (the first screen, before every assessment is read):
   * their rows are right, the skills' totals are not known yet.
   */
  partial: boolean;
};

const live = (r: LocalRow) => !r.deletedAt;
/** localeCompare's order (the default locale's), from one collator: thousands of names sort many times faster. */
const byName = new Intl.Collator().compare;
const fullName = (u: LocalRow) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

const asAssessment = (r: LocalRow) =>
  ({
    ...r,
    userId: String(r.userId),
    skillId: String(r.skillId),
    level: Number(r.level),
    assessedOn: String(r.assessedOn ?? ''),
    dueOn: String(r.dueOn ?? ''),
  }) as AssessmentLike & LocalRow;

/** A row whose fields already have the assessment's types is kept as it is: no copy of tens of thousands of rows to collect. */
const typed = (r: LocalRow) =>
  typeof r.userId === 'string' &&
  typeof r.skillId === 'string' &&
  typeof r.level === 'number' &&
  typeof r.assessedOn === 'string' &&
  typeof r.dueOn === 'string';

/**
 * Folds a batch of assessment rows into `latest` (the one that counts per person and skill), so
 * tens of thousands of rows can be read and folded in batches, none holding the main thread long.
 * Folding every batch gives what buildMatrix computes from all the rows at once.
 */
export function foldAssessments(latest: LatestAssessments, rows: readonly LocalRow[]) {
  for (const r of rows) {
    if (!live(r)) continue;
    const userId = String(r.userId);
    const skillId = String(r.skillId);
    let mine = latest.get(userId);
    if (!mine) {
      mine = new Map();
      latest.set(userId, mine);
    }
    const seen = mine.get(skillId);
    if (!seen || supersedes({ id: r.id, assessedOn: String(r.assessedOn ?? '') } as AssessmentLike, seen))
      mine.set(skillId, typed(r) ? (r as AssessmentLike & LocalRow) : asAssessment(r));
  }
  return latest;
}

/**
 * The ids of the first `count` people of the unfiltered chart, in its order (holders of a live
 * position of a live section, by name), without building it: what the first screen reads.
 */
export function firstPeople(rows: Pick<MatrixRows, 'users' | 'sections' | 'positions'>, count: number) {
  const liveSections = new Set(rows.sections.filter(live).map((s) => s.id));
  const holders = new Set<string>();
  for (const p of rows.positions)
    if (live(p) && liveSections.has(String(p.sectionId)))
      for (const userId of (p.holderIds as string[] | undefined) ?? []) holders.add(userId);
  return rows.users
    .filter((u) => live(u) && holders.has(u.id))
    .map((u) => ({ id: u.id, name: fullName(u) }))
    .sort((a, b) => byName(a.name, b.name))
    .slice(0, count)
    .map((u) => u.id);
}

/** `only`: the people whose assessments `rows` holds (all of theirs); the others are left out. */
export function buildMatrix(
  rows: MatrixRows,
  filters: MatrixFilters,
  today: string,
  only?: ReadonlySet<string>,
): MatrixModel {
  const skills = rows.skills.filter(live);
  const parents = new Set(skills.map((s) => s.parentId).filter(Boolean));
  const byId = new Map(skills.map((s) => [s.id, s]));
  const columns: SkillColumn[] = skills
    .filter((s) => !parents.has(s.id))
    .map((s) => {
      const main = s.parentId ? byId.get(String(s.parentId)) : undefined;
      return {
        id: s.id,
        name: String(s.name ?? ''),
        mainTopicId: main?.id ?? s.id,
        mainTopic: String(main?.name ?? ''),
        courseIds: (s.courseIds as string[] | undefined) ?? [],
        criteria: [0, 1, 2, 3, 4].map((l) => String(s[`criteria${l}`] ?? '')),
        required: 0,
        meets: 0,
      };
    })
    .sort((a, b) => byName(a.mainTopic || a.name, b.mainTopic || b.name) || byName(a.name, b.name));

  const positions = rows.positions.filter(live);
  const liveSections = new Set(rows.sections.filter(live).map((s) => s.id));
  const inScope = positions.filter(
    (p) =>
      liveSections.has(String(p.sectionId)) &&
      (!filters.sectionId || p.sectionId === filters.sectionId) &&
      (!filters.positionId || p.id === filters.positionId),
  );
  const positionsOf = new Map<string, string[]>();
  for (const p of inScope)
    for (const userId of (p.holderIds as string[] | undefined) ?? []) {
      const names = positionsOf.get(userId);
      if (names) names.push(String(p.name));
      else positionsOf.set(userId, [String(p.name)]);
    }

  // Every position a person holds counts for what they need, not only the filtered one.
  // With `only`, the needs of those people alone: a first screen of 60 reckons 60 people's needs, not 2,000.
  const holdersOf = (p: LocalRow) => {
    const ids = (p.holderIds as string[] | undefined) ?? [];
    return only ? ids.filter((id) => only.has(id)) : ids;
  };
  const needs = requiredLevels(
    positions.map((p) => ({ id: p.id, holderIds: holdersOf(p) })),
    rows.requirements
      .filter(live)
      .map((r) => ({ positionId: String(r.positionId), skillId: String(r.skillId), level: Number(r.level) })),
  );
  const latest = rows.latest ?? foldAssessments(new Map(), rows.assessments);
  const cell = (person: { id: string }, skill: { id: string }): Cell => {
    const required = needs.get(person.id)?.get(skill.id) ?? 0;
    const assessment = latest.get(person.id)?.get(skill.id);
    return { gap: gapOf(required, assessment, today), required, assessment };
  };

  const search = filters.search.trim().toLocaleLowerCase();
  const columnIndex = new Map(columns.map((c, i) => [c.id, i]));
  const people: PersonRow[] = [];
  /** Per person shown: the columns they need, negative when they meet it (one gap reckoning for both totals). */
  const tallies: number[][] = [];
  for (const u of rows.users) {
    const held = positionsOf.get(u.id);
    if (!held || !live(u) || (only && !only.has(u.id))) continue;
    const name = fullName(u);
    const employeeId = String(u.employeeId ?? '');
    if (
      search &&
      !name.toLocaleLowerCase().includes(search) &&
      !employeeId.toLocaleLowerCase().includes(search)
    )
      continue;
    const person: PersonRow = {
      id: u.id,
      name,
      employeeId,
      positions: held.join(', '),
      required: 0,
      meets: 0,
      gaps: 0,
    };
    const tally: number[] = [];
    const assessed = latest.get(u.id);
    for (const [skillId, required] of needs.get(u.id) ?? []) {
      const i = columnIndex.get(skillId);
      if (i === undefined) continue;
      person.required += 1;
      const met = gapOf(required, assessed?.get(skillId), today) === 'meets';
      if (met) person.meets += 1;
      else person.gaps += 1;
      tally.push(met ? -1 - i : i);
    }
    if (filters.gapsOnly && person.gaps === 0) continue;
    people.push(person);
    tallies.push(tally);
  }
  for (const tally of tallies)
    for (const t of tally) {
      const column = columns[t < 0 ? -1 - t : t]!;
      column.required += 1;
      if (t < 0) column.meets += 1;
    }
  people.sort((a, b) => byName(a.name, b.name));
  return { skills: columns, people, cell, partial: !!only };
}
