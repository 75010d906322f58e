import type { LocalDb } from '@/data/local-db';
import { mutate } from '@/data/outbox';
import {
  isQuotaError,
  OutboxStateError,
  OutboxValidationError,
  StorageFullError,
} from '@/data/outbox-errors';
import { announceOutboxChange } from '@/data/outbox-signal';
import type { ChunkItem, ChunkResult, UserSink } from '@/features/user-import/import-users';
import type { ExistingUsers, NamedRef } from '@/features/user-import/validate-rows';
import type { ResourceName } from '../../../contract/registry.ts';

// Until User, Role and Department are in the local registry their tables are missing; the
// import then says so instead of failing.
const USER = 'User' as string as ResourceName;
const hasTable = (db: LocalDb, name: string) => db.tables.some((t) => t.name === name);

export const canImportLocally = (db: LocalDb) => hasTable(db, USER);

const live = async (db: LocalDb, name: string) =>
  hasTable(db, name) ? (await db.table(name).toArray()).filter((r) => !r.deletedAt) : [];

export async function existingUsers(db: LocalDb): Promise<ExistingUsers> {
  const rows = await live(db, USER);
  return {
    employeeIds: rows.map((r) => String(r.employeeId ?? '')),
    usernames: rows.map((r) => String(r.username ?? '')),
  };
}

export async function namedRefs(db: LocalDb, name: 'Role' | 'Department'): Promise<NamedRef[]> {
  return (await live(db, name)).map((r) => ({ id: String(r.id), name: String(r.name ?? '') }));
}

const refusal = (e: unknown) =>
  e instanceof OutboxValidationError || e instanceof OutboxStateError ? e.message : undefined;

async function createRows(db: LocalDb, items: ChunkItem[]): Promise<ChunkResult[]> {
  const results: ChunkResult[] = [];
  for (const { row, payload } of items) {
    try {
      await mutate(db, { resource: USER, op: 'create', payload });
      results.push({ row });
    } catch (error) {
      const message = refusal(error);
      if (message === undefined) throw error;
      results.push({ row, error: message });
    }
  }
  return results;
}

/**
 * Each chunk commits in one transaction (one disk flush instead of one per row): all its rows
 * with their outbox entries, or none. A refused row (checked before any write) does not stop the
 * others; if the chunk's transaction fails anyway, its rows are retried one by one.
 */
export const localUserSink = (db: LocalDb): UserSink => ({
  existing: () => existingUsers(db),
  createChunk: async (items) => {
    let results: ChunkResult[];
    try {
      results = await db.transaction('rw', db.rows(USER), db.outbox, () => createRows(db, items));
    } catch (error) {
      if (error instanceof StorageFullError || isQuotaError(error)) throw error;
      results = await createRows(db, items);
    }
    announceOutboxChange(db.name);
    return results;
  },
});
