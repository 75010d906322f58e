import type { LocalDb } from '@/data/local-db';
import { mutate } from '@/data/outbox';
import type { UserSink } from '@/features/user-import/import-users';
import type { ExistingUsers, NamedRef } from '@/features/user-import/validate-rows';
import type { ResourceName } from '../../../contract/registry.ts';

// User, Role and Department join the local registry with the users screens; until then their
// tables may be missing and the import says so instead of failing.
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

/** Each create is one atomic local write (row + outbox entry); the sync engine sends it once. */
export const localUserSink = (db: LocalDb): UserSink => ({
  existing: () => existingUsers(db),
  create: async (payload) => {
    await mutate(db, { resource: USER, op: 'create', payload });
  },
});
