import Dexie from 'dexie';
import { type AssessmentLike, latestAssessments } from '#contract/skill-gaps.ts';
import type { LocalDb } from '@/data/db/local-db';

// The skill chart needs only the assessment that counts per person and skill, but the history
// keeps every assessment, and IndexedDB hands rows over at roughly 0.1 ms each: 36,000 rows are
// seconds on a tablet. So the chart keeps the latest ones as one packed entry in `meta` with the
// fingerprint of the whole table: every row's id and updatedAt, read from the updatedAt index
// (keys only, no rows). Edits, acknowledged changes and pulled rows move updatedAt, and pulled
// tombstones remove the row, so any change makes the fingerprint differ and the next read rebuilds
// the entry from the rows; the packed entry is never trusted on anything else. The one write
// that keeps updatedAt, a local delete (the row stays, with deletedAt, until the server agrees),
// leaves an outbox entry, so the table's outbox entries are part of the fingerprint too; once
// acknowledged, the row is gone from the table.

const KEY = 'skill-chart:latest-assessments';
type Packed = { fingerprint: string; rows: string };
type Latest = AssessmentLike;
export type LatestRead = { latest: Latest[]; toKeep?: Packed };

/** FNV-1a over the table's (id, updatedAt) pairs and its outbox entries, with the row count. */
async function fingerprint(db: LocalDb) {
  const byChange = db.rows('SkillAssessment').orderBy('updatedAt');
  const [stamps, ids, waiting] = await Promise.all([
    byChange.keys(),
    byChange.primaryKeys(),
    db.outbox
      .where('[resource+recordId]')
      .between(['SkillAssessment', Dexie.minKey], ['SkillAssessment', Dexie.maxKey])
      .toArray(),
  ]);
  let h = 0x811c9dc5;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  };
  for (let i = 0; i < ids.length; i++) {
    mix(String(ids[i]));
    mix(String(stamps[i]));
  }
  for (const e of waiting) mix(`${e.seq}:${e.recordId}:${e.op}:${e.state}`);
  return `${ids.length}:${(h >>> 0).toString(16)}`;
}

const pack = (rows: Latest[]) =>
  JSON.stringify(rows.map((r) => [r.id, r.userId, r.skillId, r.level, r.assessedOn, r.dueOn]));
const unpack = (text: string): Latest[] =>
  (JSON.parse(text) as [string, string, string, number, string, string][]).map(
    ([id, userId, skillId, level, assessedOn, dueOn]) => ({ id, userId, skillId, level, assessedOn, dueOn }),
  );

/**
 * The latest assessment per person and skill: from the packed entry while the table is unchanged,
 * otherwise from the rows (then `toKeep` is the entry to store, outside any live query).
 */
export async function readLatestAssessments(db: LocalDb): Promise<LatestRead> {
  const [print, kept] = await Promise.all([fingerprint(db), db.meta.get(KEY)]);
  const packed = kept?.value as Packed | undefined;
  if (packed?.fingerprint === print) return { latest: unpack(packed.rows) };
  const rows = (await db.rows('SkillAssessment').toArray())
    .filter((r) => !r.deletedAt)
    .map((r) => ({
      id: r.id,
      userId: String(r.userId),
      skillId: String(r.skillId),
      level: Number(r.level),
      assessedOn: String(r.assessedOn ?? ''),
      dueOn: String(r.dueOn ?? ''),
    }));
  const latest = [...latestAssessments(rows).values()];
  return { latest, toKeep: { fingerprint: print, rows: pack(latest) } };
}

/** Stores the packed entry; a failure (a full disk) only costs the next cold start its speed. */
export function keepLatestAssessments(db: LocalDb, packed: Packed) {
  return Dexie.ignoreTransaction(() => db.meta.put({ key: KEY, value: packed })).catch(() => undefined);
}
