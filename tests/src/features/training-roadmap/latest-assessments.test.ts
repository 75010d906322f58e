import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalDb, openLocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { keepLatestAssessments, readLatestAssessments } from '@/features/training-roadmap/latest-assessments';

// The packed latest assessments are used only while every row of the table is unchanged: a local
// edit, a pulled change or a delete makes the next read rebuild them from the rows.
let db: LocalDb;
afterEach(async () => {
  db?.close();
});

const row = (id: string, fields: Record<string, unknown>, updatedAt: string): LocalRow => ({
  id,
  rev: 1,
  createdAt: updatedAt,
  updatedAt,
  deletedAt: null,
  ...fields,
});
const U = '01900000-0000-7000-8000-000000000001';
const K = '01900000-0000-7000-8000-000000000002';

async function readAndKeep() {
  const read = await readLatestAssessments(db);
  if (read.toKeep) await keepLatestAssessments(db, read.toKeep);
  return read;
}

describe('latest assessments kept packed', () => {
  it('reads the rows once, then the packed entry until any row changes', async () => {
    db = openLocalDb('c1', `u-${crypto.randomUUID()}`);
    const table = db.rows('SkillAssessment');
    await table.bulkPut([
      row(
        '01900000-0000-7000-8000-00000000000a',
        { userId: U, skillId: K, level: 1, assessedOn: '2030-01-01', dueOn: '' },
        '2030-01-01T00:00:00.000Z',
      ),
      row(
        '01900000-0000-7000-8000-00000000000b',
        { userId: U, skillId: K, level: 3, assessedOn: '2030-01-05', dueOn: '' },
        '2030-01-05T00:00:00.000Z',
      ),
    ]);
    const first = await readAndKeep();
    expect(first.toKeep).toBeDefined();
    expect(first.latest.map((a) => a.level)).toEqual([3]);
    const second = await readAndKeep();
    expect(second.toKeep).toBeUndefined();
    expect(second.latest).toEqual(first.latest);

    // A pulled change with an older timestamp than the newest row still changes the fingerprint.
    await table.put(
      row(
        '01900000-0000-7000-8000-00000000000b',
        { userId: U, skillId: K, level: 2, assessedOn: '2030-01-05', dueOn: '' },
        '2030-01-03T00:00:00.000Z',
      ),
    );
    const third = await readAndKeep();
    expect(third.toKeep).toBeDefined();
    expect(third.latest.map((a) => a.level)).toEqual([2]);

    // A local assessment through the outbox, then a local delete of it.
    const entry = await mutate(db, {
      resource: 'SkillAssessment',
      op: 'create',
      payload: { userId: U, skillId: K, level: 4, assessedOn: '2030-01-09' },
    });
    const fourth = await readAndKeep();
    expect(fourth.latest.map((a) => a.level)).toEqual([4]);
    await mutate(db, { resource: 'SkillAssessment', op: 'delete', payload: { id: entry.recordId } });
    const fifth = await readAndKeep();
    expect(fifth.toKeep).toBeDefined();
    expect(fifth.latest.map((a) => a.level)).toEqual([2]);

    // Deleted and acknowledged while the chart was not looking: the row is gone, so is its level.
    const again = await mutate(db, {
      resource: 'SkillAssessment',
      op: 'create',
      payload: { userId: U, skillId: K, level: 0, assessedOn: '2030-01-10' },
    });
    expect((await readAndKeep()).latest.map((a) => a.level)).toEqual([0]);
    await mutate(db, { resource: 'SkillAssessment', op: 'delete', payload: { id: again.recordId } });
    await db.outbox.clear();
    await table.delete(again.recordId);
    expect((await readAndKeep()).latest.map((a) => a.level)).toEqual([2]);
  });
});
