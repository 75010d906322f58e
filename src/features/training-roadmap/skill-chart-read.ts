import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { firstPeople, foldAssessments, type LatestAssessments, type MatrixRows } from './skill-matrix-model';

// The skill chart's reads from the local database: a first screen that does not wait for every
// assessment, then the whole chart in batches, and what each last returned, so coming back to the
// chart shows it at once.

type Read = { rows: MatrixRows; fingerprint: string };
/**
 * The rows the chart last read, per local database: coming back to the chart shows them at once
 * while the live query reads again (and redraws only if anything changed meanwhile).
 */
const lastRead = new WeakMap<LocalDb, Read>();
export const lastRows = (db: LocalDb) => lastRead.get(db)?.rows;

/** People whose rows the first read takes: about three screens of the grid, two of cards. */
const FIRST_PEOPLE = 60;

export type FirstScreen = { rows: MatrixRows; only: ReadonlySet<string> };
/**
 * The first screen last read, per local database: shown at once when the chart is opened again
 * before the whole read is done.
 */
const lastFirst = new WeakMap<LocalDb, FirstScreen>();
export const lastFirstScreen = (db: LocalDb) => lastFirst.get(db);

const others = (db: LocalDb) =>
  Promise.all([
    db.rows('User').toArray(),
    db.rows('Section').toArray(),
    db.rows('Position').toArray(),
    db.rows('Skill').toArray(),
    db.rows('SkillRequirement').toArray(),
  ]);

/**
 * The first screen without reading every assessment (tens of thousands in a large company, most
 * of a cold start): everything else, then the assessments of the first people in the chart's
 * order through the local userId index. The whole read follows and replaces it.
 */
export async function readFirstScreen(db: LocalDb): Promise<FirstScreen> {
  const [users, sections, positions, skills, requirements] = await others(db);
  const bare: MatrixRows = { users, sections, positions, skills, requirements, assessments: [] };
  const first = firstPeople(bare, FIRST_PEOPLE);
  // One index read per person, side by side in one transaction: `anyOf` would walk a cursor, one
  // round trip to the database per assessment (about a thousand for 60 people).
  const table = db.rows('SkillAssessment');
  const assessments = (
    await db.transaction('r', table, () =>
      Promise.all(first.map((userId) => table.where('userId').equals(userId).toArray())),
    )
  ).flat();
  const screen = { rows: { ...bare, assessments }, only: new Set(first) };
  lastFirst.set(db, screen);
  return screen;
}

/** The first-screen reads under way, per local database. */
const firstReads = new WeakMap<LocalDb, Promise<FirstScreen>>();
/** The count of chart table writes when the first screen last read was started, per local database. */
const firstAt = new WeakMap<LocalDb, number>();
/**
 * Whether the first screen last read is still what the tables hold: no write to them was counted
 * since its read started (`changes`: the page's count of writes to the chart's tables now).
 */
export const firstScreenCurrent = (db: LocalDb, changes: number) =>
  lastFirst.has(db) && firstAt.get(db) === changes;

/**
 * The first screen's read, or the one already under way for `db`: the chart starts it as it first
 * renders, so the read overlaps the rendering and painting of the page around it. `changes` is
 * the page's count of writes to the chart's tables as the read starts.
 */
export function firstScreenRead(db: LocalDb, changes: number): Promise<FirstScreen> {
  let read = firstReads.get(db);
  if (!read) {
    const mine = readFirstScreen(db);
    const done = () => {
      if (firstReads.get(db) === mine) firstReads.delete(db);
    };
    mine.then((screen) => {
      if (lastFirst.get(db) === screen) firstAt.set(db, changes);
      done();
    }, done);
    firstReads.set(db, mine);
    read = mine;
  }
  return read;
}

/** Assessments read per request: one request for all of them holds the main thread for as long as it takes to hand over tens of thousands of rows. */
const ASSESSMENT_BATCH = 1_000;

/**
 * The whole chart: the assessments in batches in key order, each folded as it comes, so the page
 * stays responsive while they arrive. A read that finds the same rows as the last one returns the
 * last one's object, so nothing is built or drawn again.
 */
export async function readRows(db: LocalDb): Promise<MatrixRows> {
  const [users, sections, positions, skills, requirements] = await others(db);
  const fingerprint = new Fingerprint();
  for (const table of [users, sections, positions, skills, requirements]) fingerprint.add(table);
  const latest: LatestAssessments = new Map();
  const table = db.rows('SkillAssessment');
  for (let after = ''; ; ) {
    const batch = await table.where('id').above(after).limit(ASSESSMENT_BATCH).toArray();
    foldAssessments(latest, batch);
    fingerprint.add(batch);
    if (batch.length < ASSESSMENT_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  const last = lastRead.get(db);
  if (last && last.fingerprint === fingerprint.value) return last.rows;
  const rows = { users, sections, positions, skills, requirements, assessments: [], latest };
  lastRead.set(db, { rows, fingerprint: fingerprint.value });
  return rows;
}

/**
 * What identifies the rows read, in order: every local create, edit or delete, every
 * acknowledgement and every pulled change gives a row a new rev, updatedAt, deletedAt or _pending
 * (or adds or removes one). Two independent 32-bit hashes of those, and the count.
 */
export class Fingerprint {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;
  private n = 0;
  add(rows: readonly LocalRow[]) {
    let { a, b } = this;
    for (const r of rows) {
      const s = `${r.id}\u0001${r.rev}\u0001${r.updatedAt}\u0001${r.deletedAt ?? ''}\u0001${r._pending ?? ''}\u0002`;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        a = Math.imul(a ^ c, 0x01000193);
        b = Math.imul(b ^ c, 0x5bd1e995);
        b ^= b >>> 13;
      }
    }
    this.a = a;
    this.b = b;
    this.n += rows.length;
  }
  get value() {
    return `${this.n}:${this.a >>> 0}:${this.b >>> 0}`;
  }
}
