import { describe, expect, it } from 'vitest';
import type { LocalRow } from '@/data/db/local-types';
import { chartChanges, onChartTablesChanged } from '@/features/training-roadmap/skill-chart-builder';
import { readTables, type WholeBuilt, wholeReply } from '@/features/training-roadmap/skill-chart-whole';
import {
  buildMatrix,
  type MatrixFilters,
  type MatrixModel,
  NO_FILTERS,
} from '@/features/training-roadmap/skill-matrix-model';
import { packModel, unpackModel } from '@/features/training-roadmap/skill-matrix-pack';
import { localRow as row, testDb } from '../../data/fake-db';

// The whole chart as the worker builds it: read straight from IndexedDB in one transaction,
// packed into flat arrays and unpacked on the page, against the one-shot build on the main thread.

const TODAY = '2030-01-15';

/** Every field of two charts the page reads: people, skills with totals, and every cell. */
function expectSameChart(got: MatrixModel, want: MatrixModel) {
  expect(got.people).toEqual(want.people);
  expect(got.skills).toEqual(want.skills);
  expect(got.partial).toBe(false);
  for (const p of want.people)
    for (const s of want.skills) {
      const a = got.cell(p, s);
      const b = want.cell(p, s);
      expect([a.gap, a.required]).toEqual([b.gap, b.required]);
      expect(a.assessment && { ...a.assessment }).toEqual(
        b.assessment && {
          level: b.assessment.level,
          assessedOn: b.assessment.assessedOn,
          dueOn: b.assessment.dueOn,
        },
      );
    }
}

/** 40 people in two positions of two sections, 30 skills, every gap kind among 1,500 assessments. */
function chartRows() {
  const users = Array.from({ length: 40 }, (_, i) =>
    row(`u${String(i).padStart(2, '0')}`, {
      firstName: `P${(i * 7) % 40}`,
      lastName: 'X',
      employeeId: `E${i}`,
    }),
  );
  const skills = [
    row('k-main', { name: 'Main', parentId: null }),
    ...Array.from({ length: 30 }, (_, k) =>
      row(`k${String(k).padStart(2, '0')}`, { name: `S${k}`, parentId: k < 20 ? 'k-main' : null }),
    ),
  ];
  const sections = [row('s1', { name: 'Plant' }), row('s2', { name: 'Lab' })];
  const positions = [
    row('p1', { name: 'Op', sectionId: 's1', holderIds: users.slice(0, 25).map((u) => u.id) }),
    row('p2', { name: 'QA', sectionId: 's2', holderIds: users.slice(20).map((u) => u.id) }),
  ];
  const requirements = Array.from({ length: 24 }, (_, i) =>
    row(`r${String(i).padStart(2, '0')}`, {
      positionId: i % 2 ? 'p2' : 'p1',
      skillId: `k${String(i).padStart(2, '0')}`,
      level: 1 + (i % 4),
    }),
  );
  const assessments: LocalRow[] = [];
  for (let n = 0; n < 1_500; n++)
    assessments.push(
      row(`a${String(n).padStart(5, '0')}`, {
        userId: users[(n * 13) % 40]!.id,
        skillId: `k${String((n * 7) % 30).padStart(2, '0')}`,
        level: n % 5,
        assessedOn: `2029-${String(1 + (n % 12)).padStart(2, '0')}-0${1 + (n % 9)}`,
        dueOn: n % 6 === 0 ? '2029-12-31' : n % 6 === 1 ? '' : '2031-06-30',
        deletedAt: n % 50 === 0 ? '2030-01-02' : null,
      }),
    );
  return { users, sections, positions, skills, requirements, assessments };
}

const FILTERS: MatrixFilters[] = [
  NO_FILTERS,
  { ...NO_FILTERS, sectionId: 's2' },
  { ...NO_FILTERS, positionId: 'p1', gapsOnly: true },
  { ...NO_FILTERS, search: 'p1' },
];

describe('the whole skill chart built off the main thread', () => {
  it('packs and unpacks a chart into the same people, skills and cells, for every filter', () => {
    const rows = chartRows();
    for (const filters of FILTERS) {
      const built = buildMatrix(rows, filters, TODAY);
      const gaps = new Set(built.people.flatMap((p) => built.skills.map((s) => built.cell(p, s).gap)));
      if (filters === NO_FILTERS)
        expect([...gaps].sort()).toEqual(['below', 'expired', 'meets', 'notAssessed', 'notRequired']);
      expectSameChart(unpackModel(structuredClone(packModel(built))), built);
    }
  });

  it('reads the tables in one transaction into the same chart as the one-shot build, and sends nothing new when nothing changed', async () => {
    const db = testDb();
    const rows = chartRows();
    await db.rows('User').bulkPut(rows.users);
    await db.rows('Section').bulkPut(rows.sections);
    await db.rows('Position').bulkPut(rows.positions);
    await db.rows('Skill').bulkPut(rows.skills);
    await db.rows('SkillRequirement').bulkPut(rows.requirements);
    await db.rows('SkillAssessment').bulkPut(rows.assessments);
    const ask = { seq: 1, dbName: db.name, read: true, today: TODAY, have: null };
    const unpacked = (reply: WholeBuilt) => {
      if (reply.same) throw new Error('expected a chart');
      return unpackModel(reply.packed);
    };

    const read = await readTables(db.name);
    let key = '';
    for (const filters of FILTERS) {
      const reply = wholeReply(read, { ...ask, filters });
      expectSameChart(unpacked(reply), buildMatrix(rows, filters, TODAY));
      if (filters === NO_FILTERS) key = reply.key;
    }
    // The same rows read again, same filters and day: the page already has that chart.
    expect(wholeReply(await readTables(db.name), { ...ask, filters: NO_FILTERS, have: key })).toEqual({
      seq: 1,
      key,
      same: true,
    });
    expect(wholeReply(read, { ...ask, filters: NO_FILTERS, today: '2030-01-16', have: key }).key).not.toBe(
      key,
    );

    // A new assessment changes the key and the cell.
    const person = rows.users[0]!.id;
    await db
      .rows('SkillAssessment')
      .put(row('a99999', { userId: person, skillId: 'k00', level: 4, assessedOn: '2030-01-10', dueOn: '' }));
    const again = wholeReply(await readTables(db.name), { ...ask, filters: NO_FILTERS, have: key });
    expect(again.key).not.toBe(key);
    const m = unpacked(again);
    const cell = m.cell(m.people.find((p) => p.id === person)!, m.skills.find((k) => k.id === 'k00')!);
    expect(cell.assessment).toEqual({
      level: 4,
      assessedOn: '2030-01-10',
      dueOn: '',
    });
    expectSameChart(
      m,
      buildMatrix(
        { ...rows, assessments: [...rows.assessments, (await db.rows('SkillAssessment').get('a99999'))!] },
        NO_FILTERS,
        TODAY,
      ),
    );
    db.close();
  });

  it("tells of writes to the chart's tables only", async () => {
    const db = testDb();
    // Creating the database tells of every table; what follows it is what counts here.
    await db.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const counter = chartChanges(db);
    expect(chartChanges(db)).toBe(counter);
    let changes = 0;
    const stop = onChartTablesChanged(db, () => {
      changes += 1;
    });
    await db.rows('Course').put(row('c1', { name: 'Not the chart' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toBe(0);
    await db.rows('SkillAssessment').put(row('a1', { userId: 'u1', skillId: 'k1', level: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toBeGreaterThan(0);
    const seen = changes;
    expect(counter.n).toBe(seen);
    stop();
    await db.rows('User').put(row('u1', { firstName: 'A' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toBe(seen);
    // The count goes on with no chart open: a chart built before this write is out of date.
    expect(counter.n).toBe(seen + 1);
    db.close();
  });
});
