import type { LocalRow } from '@/data/db/local-types';
import { Fingerprint } from './skill-chart-read';
import {
  buildMatrix,
  foldAssessments,
  type LatestAssessments,
  type MatrixFilters,
} from './skill-matrix-model';
import { type PackedModel, packModel } from './skill-matrix-pack';

// The whole skill chart read and built off the main thread (issue 13: 2,000 people, 150 skills,
// 36,000 assessments): handing over tens of thousands of rows, folding them and building the
// chart held the main thread for tasks of 50 to 120 ms while the chart was being scrolled. This is
// the pure part, shared by the worker (skill-chart-thread.ts) and its tests.

/** The tables the chart reads: a change to any of them reads it again. */
export const CHART_TABLES = [
  'User',
  'Section',
  'Position',
  'Skill',
  'SkillRequirement',
  'SkillAssessment',
] as const;

export type WholeRequest = {
  seq: number;
  dbName: string;
  /** Read the tables again (they changed, or nothing was read yet); otherwise build from the rows last read. */
  read: boolean;
  filters: MatrixFilters;
  today: string;
  /** The key of the chart the page shows: the same one is not sent again. */
  have: string | null;
};
/** The chart built for a request, or `same` when the page already shows it. */
export type WholeBuilt =
  | { seq: number; key: string; same: true }
  | {
      seq: number;
      key: string;
      same: false;
      packed: PackedModel;
      sections: LocalRow[];
      positions: LocalRow[];
    };
export type WholeReply = WholeBuilt | { seq: number; error: string };

export type ReadTables = {
  users: LocalRow[];
  sections: LocalRow[];
  positions: LocalRow[];
  skills: LocalRow[];
  requirements: LocalRow[];
  latest: LatestAssessments;
  fingerprint: string;
};

/** Folds the tables as read (each in key order) and names what was read. */
export function foldTables(tables: Record<(typeof CHART_TABLES)[number], LocalRow[]>): ReadTables {
  const fingerprint = new Fingerprint();
  for (const name of CHART_TABLES) fingerprint.add(tables[name]);
  return {
    users: tables.User,
    sections: tables.Section,
    positions: tables.Position,
    skills: tables.Skill,
    requirements: tables.SkillRequirement,
    latest: foldAssessments(new Map(), tables.SkillAssessment),
    fingerprint: fingerprint.value,
  };
}

function open(dbName: string) {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open(dbName);
    // The page has made the database; never create or upgrade it from here.
    r.onupgradeneeded = () => r.transaction?.abort();
    r.onsuccess = () => {
      const db = r.result;
      // Another tab upgrading the schema must not wait for this connection.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error('blocked'));
  });
}

/**
 * Reads the chart's tables straight from IndexedDB (no Dexie in the worker), all in one
 * read-only transaction, so they are one consistent state; the connection is closed after.
 */
export async function readTables(dbName: string): Promise<ReadTables> {
  const db = await open(dbName);
  try {
    const tx = db.transaction([...CHART_TABLES], 'readonly');
    const all = (store: string) =>
      new Promise<LocalRow[]>((resolve, reject) => {
        const r = tx.objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result as LocalRow[]);
        r.onerror = () => reject(r.error);
      });
    const tables = await Promise.all(CHART_TABLES.map(all));
    return foldTables(
      Object.fromEntries(CHART_TABLES.map((name, i) => [name, tables[i]!])) as Parameters<
        typeof foldTables
      >[0],
    );
  } finally {
    db.close();
  }
}

export const chartKey = (fingerprint: string, filters: MatrixFilters, today: string) =>
  `${fingerprint}|${today}|${filters.sectionId}|${filters.positionId}|${filters.gapsOnly}|${filters.search}`;

/** The chart for the page's filters from the rows read, packed; or `same` when the page already shows it. */
export function wholeReply(read: ReadTables, req: WholeRequest): WholeBuilt {
  const key = chartKey(read.fingerprint, req.filters, req.today);
  if (key === req.have) return { seq: req.seq, key, same: true };
  const model = buildMatrix({ ...read, assessments: [] }, req.filters, req.today);
  return {
    seq: req.seq,
    key,
    same: false,
    packed: packModel(model),
    sections: read.sections,
    positions: read.positions,
  };
}
