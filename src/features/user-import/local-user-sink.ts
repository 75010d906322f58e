import type { LocalDb } from '@/data/db/local-db';
import { createMany } from '@/data/outbox/outbox';
import type { ChunkResult, UserSink } from '@/features/user-import/import-users';
import type { ExistingUsers, NamedRef } from '@/features/user-import/validate-rows';

const live = async (db: LocalDb, name: 'User' | 'Role' | 'Department') =>
  (await db.rows(name).toArray()).filter((r) => !r.deletedAt);

export async function existingUsers(db: LocalDb): Promise<ExistingUsers> {
  const rows = await live(db, 'User');
  return {
    employeeIds: rows.map((r) => String(r.employeeId ?? '')),
    usernames: rows.map((r) => String(r.username ?? '')),
  };
}

export async function namedRefs(db: LocalDb, name: 'Role' | 'Department'): Promise<NamedRef[]> {
  return (await live(db, name)).map((r) => ({ id: String(r.id), name: String(r.name ?? '') }));
}

/**
 * Each chunk is one `createMany`: one transaction and one disk flush for all its rows with their
 * outbox entries, or none of them (the import then stops and reports). A row the contract
 * refuses is reported and does not stop the others.
 */
export const localUserSink = (db: LocalDb): UserSink => ({
  existing: () => existingUsers(db),
  createChunk: async (items) => {
    const results = await createMany(
      db,
      'User',
      items.map((i) => i.payload),
      'import',
    );
    return items.map(({ row }, n): ChunkResult => {
      const r = results[n]!;
      return r.ok ? { row } : { row, error: r.message };
    });
  },
});
