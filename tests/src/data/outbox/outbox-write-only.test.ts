import { v7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalDb } from '@/data/db/local-db';
import { listEntries, mutate } from '@/data/outbox/outbox';
import { testDb } from '../fake-db';

describe('write-only fields', () => {
  let db: LocalDb;
  afterEach(() => db?.close());

  it("keeps a user's password out of the local row but sends it in the outbox entry", async () => {
    db = testDb();
    const id = v7();
    await mutate(db, {
      resource: 'User',
      op: 'create',
      payload: {
        id,
        employeeId: 'E-1001',
        prefix: 'Mr.',
        firstName: 'Somchai',
        lastName: 'Jaidee',
        email: 'somchai@example.com',
        phone: '0812345678',
        username: 'somchai',
        password: 'Secret#2026',
        gender: 'male',
        departmentId: null,
        roleId: v7(),
        active: true,
        lineId: '',
        userType: 'employee',
      },
    });
    const row = await db.rows('User').get(id);
    expect(row?.username).toBe('somchai');
    expect(row && 'password' in row).toBe(false);
    const [entry] = await listEntries(db);
    expect(entry.payload.password).toBe('Secret#2026');
  });
});
