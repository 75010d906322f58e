import { describe, expect, it } from 'vitest';
import type { LocalRow } from '@/data/db/local-types';
import {
  buildMatrix,
  firstPeople,
  foldAssessments,
  type LatestAssessments,
  NO_FILTERS,
} from '@/features/training-roadmap/skill-matrix-model';

const row = (id: string, fields: Record<string, unknown>): LocalRow => ({
  id,
  rev: 1,
  createdAt: '',
  updatedAt: '',
  deletedAt: null,
  ...fields,
});

// Two sections, three people, a main topic with two sub-topics and a skill of its own.
const rows = {
  users: [
    row('u1', { firstName: 'Anan', lastName: 'K', employeeId: 'E1' }),
    row('u2', { firstName: 'Boon', lastName: 'S', employeeId: 'E2' }),
    row('u3', { firstName: 'Chai', lastName: 'T', employeeId: 'E3' }),
  ],
  sections: [row('s1', { name: 'Production' }), row('s2', { name: 'Quality' })],
  positions: [
    row('p1', { name: 'Operator', sectionId: 's1', holderIds: ['u1', 'u2'] }),
    row('p2', { name: 'Inspector', sectionId: 's2', holderIds: ['u2', 'u3'] }),
  ],
  skills: [
    row('k0', { name: 'Safety', parentId: null }),
    row('k1', { name: 'Guarding', parentId: 'k0', criteria2: 'Checks guards' }),
    row('k2', { name: 'Lockout', parentId: 'k0' }),
    row('k3', { name: 'Inspection', parentId: null }),
  ],
  requirements: [
    row('r1', { positionId: 'p1', skillId: 'k1', level: 2 }),
    row('r2', { positionId: 'p1', skillId: 'k2', level: 1 }),
    row('r3', { positionId: 'p2', skillId: 'k3', level: 3 }),
    row('r4', { positionId: 'p2', skillId: 'k1', level: 3 }),
  ],
  assessments: [
    row('a1', { userId: 'u1', skillId: 'k1', level: 2, assessedOn: '2030-01-01', dueOn: '' }),
    row('a2', { userId: 'u1', skillId: 'k2', level: 4, assessedOn: '2029-01-01', dueOn: '2029-12-31' }),
    // u2: the later assessment (a lower level) counts.
    row('a3', { userId: 'u2', skillId: 'k1', level: 3, assessedOn: '2029-06-01', dueOn: '' }),
    row('a4', { userId: 'u2', skillId: 'k1', level: 2, assessedOn: '2029-09-01', dueOn: '' }),
    row('a5', { userId: 'u3', skillId: 'k3', level: 3, assessedOn: '2030-01-01', dueOn: '2031-01-01' }),
  ],
};
const TODAY = '2030-01-15';

describe('the skill chart model', () => {
  it('has a column per skill without sub-topics, grouped by main topic', () => {
    const m = buildMatrix(rows, NO_FILTERS, TODAY);
    expect(m.skills.map((s) => [s.mainTopic, s.name])).toEqual([
      ['', 'Inspection'],
      ['Safety', 'Guarding'],
      ['Safety', 'Lockout'],
    ]);
    expect(m.skills[1]!.criteria[2]).toBe('Checks guards');
  });

  it('colours each cell by gap: meets, below, expired, not assessed, not required', () => {
    const m = buildMatrix(rows, NO_FILTERS, TODAY);
    const gap = (user: string, skill: string) =>
      m.cell(m.people.find((p) => p.id === user)!, m.skills.find((s) => s.id === skill)!).gap;
    expect(gap('u1', 'k1')).toBe('meets');
    expect(gap('u1', 'k2')).toBe('expired');
    expect(gap('u1', 'k3')).toBe('notRequired');
    // u2 is operator (2) and inspector (3): the higher level counts, the latest assessment is 2.
    expect(gap('u2', 'k1')).toBe('below');
    expect(gap('u2', 'k3')).toBe('notAssessed');
    expect(gap('u3', 'k3')).toBe('meets');
  });

  it('totals per person and per skill', () => {
    const m = buildMatrix(rows, NO_FILTERS, TODAY);
    expect(m.people.map((p) => [p.name, p.required, p.meets, p.gaps])).toEqual([
      ['Anan K', 2, 1, 1],
      ['Boon S', 3, 0, 3],
      ['Chai T', 2, 1, 1],
    ]);
    expect(m.skills.map((s) => [s.name, s.meets, s.required])).toEqual([
      ['Inspection', 1, 2],
      ['Guarding', 1, 3],
      ['Lockout', 0, 2],
    ]);
  });

  it("builds the first screen from the first people's assessments alone, their rows as in the whole chart", () => {
    const whole = buildMatrix(rows, NO_FILTERS, TODAY);
    expect(whole.partial).toBe(false);
    const firstTwo = new Set(firstPeople(rows, 2));
    expect([...firstTwo]).toEqual(['u1', 'u2']);
    expect(firstPeople(rows, 10)).toEqual(whole.people.map((p) => p.id));
    const shuffled = { ...rows, users: [...rows.users].reverse(), sections: [rows.sections[0]!] };
    expect(firstPeople(shuffled, 10)).toEqual(
      buildMatrix(shuffled, NO_FILTERS, TODAY).people.map((p) => p.id),
    );
    const first = buildMatrix(
      { ...rows, assessments: rows.assessments.filter((a) => firstTwo.has(String(a.userId))) },
      NO_FILTERS,
      TODAY,
      firstTwo,
    );
    expect(first.partial).toBe(true);
    expect(first.people).toEqual(whole.people.slice(0, 2));
    for (const p of first.people)
      for (const s of first.skills) expect(first.cell(p, s)).toEqual(whole.cell(p, s));
  });

  it('builds the same chart from assessments folded in batches, whatever their order, deleted ones left out', () => {
    const whole = buildMatrix(rows, NO_FILTERS, TODAY);
    // The later of u2's two assessments comes in the first batch, the earlier one after it; a
    // deleted later one counts for nothing.
    const deleted = row('a0', { userId: 'u1', skillId: 'k1', level: 0, assessedOn: '2031-01-01', dueOn: '' });
    const batches = [
      [rows.assessments[3]!, { ...deleted, deletedAt: 'x' }],
      [rows.assessments[2]!, rows.assessments[0]!],
      [rows.assessments[4]!, rows.assessments[1]!],
    ];
    const latest: LatestAssessments = new Map();
    for (const batch of batches) foldAssessments(latest, batch);
    const folded = buildMatrix({ ...rows, assessments: [], latest }, NO_FILTERS, TODAY);
    expect(folded.people).toEqual(whole.people);
    expect(folded.skills).toEqual(whole.skills);
    for (const p of whole.people)
      for (const s of whole.skills) expect(folded.cell(p, s)).toEqual(whole.cell(p, s));
    // a4's date: the later of u2's two assessments counts.
    expect(folded.cell(whole.people[1]!, whole.skills[1]!).assessment?.assessedOn).toBe('2029-09-01');
  });

  it('filters by section, position, name or employee ID, and people with gaps', () => {
    const names = (f: Partial<typeof NO_FILTERS>) =>
      buildMatrix(rows, { ...NO_FILTERS, ...f }, TODAY).people.map((p) => p.name);
    expect(names({ sectionId: 's2' })).toEqual(['Boon S', 'Chai T']);
    expect(names({ positionId: 'p1' })).toEqual(['Anan K', 'Boon S']);
    expect(names({ search: 'e3' })).toEqual(['Chai T']);
    const withoutExpiry = { ...rows, assessments: rows.assessments.filter((a) => a.id !== 'a2') };
    expect(
      buildMatrix(withoutExpiry, { ...NO_FILTERS, gapsOnly: true }, TODAY).people.map((p) => p.name),
    ).toEqual(['Anan K', 'Boon S', 'Chai T']);
    const allMet = {
      ...rows,
      assessments: [
        ...rows.assessments,
        row('a9', { userId: 'u1', skillId: 'k2', level: 1, assessedOn: '2030-01-10', dueOn: '' }),
      ],
    };
    expect(buildMatrix(allMet, { ...NO_FILTERS, gapsOnly: true }, TODAY).people.map((p) => p.name)).toEqual([
      'Boon S',
      'Chai T',
    ]);
  });

  it('leaves out deleted rows', () => {
    const gone = {
      ...rows,
      positions: rows.positions.map((p) => (p.id === 'p2' ? { ...p, deletedAt: 'x' } : p)),
    };
    const m = buildMatrix(gone, NO_FILTERS, TODAY);
    expect(m.people.map((p) => p.id)).toEqual(['u1', 'u2']);
    expect(m.people[1]!.required).toBe(2);
  });
});
