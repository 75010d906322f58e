import { describe, expect, it } from 'vitest';
import type { LocalRow } from '@/data/db/local-types';
import {
  firstScreenCurrent,
  firstScreenRead,
  lastFirstScreen,
  readFirstScreen,
  readRows,
} from '@/features/training-roadmap/skill-chart-read';
import { buildMatrix, NO_FILTERS } from '@/features/training-roadmap/skill-matrix-model';
import { localRow as row, testDb } from '../../data/fake-db';

const TODAY = '2030-01-15';

/** 30 people in one position needing 50 skills, 2,500 assessments: three batches of the read. */
async function seed() {
  const db = testDb();
  const users = Array.from({ length: 30 }, (_, i) =>
    row(`u${String(i).padStart(2, '0')}`, { firstName: `P${i}` }),
  );
  const skills = Array.from({ length: 50 }, (_, k) =>
    row(`k${String(k).padStart(2, '0')}`, { name: `S${k}` }),
  );
  const assessments: LocalRow[] = [];
  for (let n = 0; n < 2_500; n++)
    assessments.push(
      row(`a${String(n).padStart(5, '0')}`, {
        userId: users[n % 30]!.id,
        skillId: skills[Math.floor(n / 30) % 50]!.id,
        level: n % 5,
        assessedOn: `2029-${String(1 + (n % 12)).padStart(2, '0')}-01`,
        dueOn: '',
      }),
    );
  await db.rows('User').bulkPut(users);
  await db.rows('Section').put(row('s1', { name: 'Plant' }));
  await db
    .rows('Position')
    .put(row('p1', { name: 'Op', sectionId: 's1', holderIds: users.map((u) => u.id) }));
  await db.rows('Skill').bulkPut(skills);
  await db
    .rows('SkillRequirement')
    .bulkPut(skills.map((k, i) => row(`r${i}`, { positionId: 'p1', skillId: k.id, level: 2 })));
  await db.rows('SkillAssessment').bulkPut(assessments);
  return { db, users, skills, assessments };
}

describe('reading the skill chart', () => {
  it('reads every assessment in batches into the same chart as one read of all', async () => {
    const { db, users, skills, assessments } = await seed();
    const rows = await readRows(db);
    const read = buildMatrix(rows, NO_FILTERS, TODAY);
    const whole = buildMatrix(
      {
        users,
        sections: [row('s1', { name: 'Plant' })],
        positions: [row('p1', { name: 'Op', sectionId: 's1', holderIds: users.map((u) => u.id) })],
        skills,
        requirements: skills.map((k, i) => row(`r${i}`, { positionId: 'p1', skillId: k.id, level: 2 })),
        assessments,
      },
      NO_FILTERS,
      TODAY,
    );
    expect(read.people).toEqual(whole.people);
    expect(read.skills).toEqual(whole.skills);
    for (const p of whole.people)
      for (const s of whole.skills) expect(read.cell(p, s)).toEqual(whole.cell(p, s));
    db.close();
  });

  it('gives back the last read when nothing changed, and a new one after any change', async () => {
    const { db, users, skills } = await seed();
    const first = await readRows(db);
    expect(await readRows(db)).toBe(first);
    // A new assessment (in the last batch) of the first person's first skill.
    await db.rows('SkillAssessment').put(
      row('a99999', {
        userId: users[0]!.id,
        skillId: skills[0]!.id,
        level: 4,
        assessedOn: '2030-01-10',
        dueOn: '',
      }),
    );
    const second = await readRows(db);
    expect(second).not.toBe(first);
    const m = buildMatrix(second, NO_FILTERS, TODAY);
    const person = m.people.find((p) => p.id === users[0]!.id)!;
    expect(m.cell(person, m.skills.find((s) => s.id === skills[0]!.id)!).assessment?.level).toBe(4);
    expect(await readRows(db)).toBe(second);
    // An edit that changes only a field and updatedAt, in the middle of a batch.
    const edited = (await db.rows('SkillAssessment').get('a01000'))!;
    await db.rows('SkillAssessment').put({ ...edited, level: 0, updatedAt: '2030-01-12' });
    expect(await readRows(db)).not.toBe(second);
    db.close();
  });

  it("reads the first screen's people with all their assessments: the same rows and cells as the whole chart", async () => {
    const { db, skills } = await seed();
    // 40 more people, who sort after the first 30, each assessed once: 30 of them make the first 60.
    const more = Array.from({ length: 40 }, (_, i) =>
      row(`v${String(i).padStart(2, '0')}`, { firstName: `Z${i}` }),
    );
    await db.rows('User').bulkPut(more);
    await db
      .rows('Position')
      .put(row('p2', { name: 'Two', sectionId: 's1', holderIds: more.map((u) => u.id) }));
    await db
      .rows('SkillRequirement')
      .put(row('r-two', { positionId: 'p2', skillId: skills[0]!.id, level: 1 }));
    await db.rows('SkillAssessment').bulkPut(
      more.map((u, i) =>
        row(`b${String(i).padStart(5, '0')}`, {
          userId: u.id,
          skillId: skills[0]!.id,
          level: i % 3,
          assessedOn: '2029-05-01',
          dueOn: '',
        }),
      ),
    );
    const whole = buildMatrix(await readRows(db), NO_FILTERS, TODAY);
    const screen = await readFirstScreen(db);
    expect(screen.only.size).toBe(60);
    expect(screen.rows.assessments).toHaveLength(2_500 + 30);
    const first = buildMatrix(screen.rows, NO_FILTERS, TODAY, screen.only);
    expect(first.people).toEqual(whole.people.slice(0, 60));
    for (const p of first.people)
      for (const s of whole.skills) expect(first.cell(p, s)).toEqual(whole.cell(p, s));
    db.close();
  });

  it('shares a first-screen read under way, and knows whether the last one is still current', async () => {
    const { db } = await seed();
    expect(firstScreenCurrent(db, 0)).toBe(false);
    // Two renders of the chart while the read is under way: one read, one answer.
    const read = firstScreenRead(db, 3);
    expect(firstScreenRead(db, 5)).toBe(read);
    const screen = await read;
    expect(lastFirstScreen(db)).toBe(screen);
    // Counted from the start of the read that was made: 3 writes then, none since.
    expect(firstScreenCurrent(db, 3)).toBe(true);
    expect(firstScreenCurrent(db, 4)).toBe(false);
    // Once done, the next call reads again.
    const again = firstScreenRead(db, 4);
    expect(again).not.toBe(read);
    await again;
    expect(firstScreenCurrent(db, 4)).toBe(true);
    db.close();
  });
});
