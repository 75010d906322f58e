import { describe, expect, it } from 'vitest';
import { openLocalDb } from '@/data/db/local-db';
import { createMany, listEntries } from '@/data/outbox/outbox';
import { importUsers } from '@/features/user-import/import-users';
import { localUserSink } from '@/features/user-import/local-user-sink';
import { validateRows } from '@/features/user-import/validate-rows';
import { HEADER, person, refs } from './import-fixtures';

const db = () => openLocalDb('c1', `u-${crypto.randomUUID()}`);

async function preview(sink: ReturnType<typeof localUserSink>, rows: string[][]) {
  const r = validateRows({ rows: [HEADER, ...rows], existing: await sink.existing(), ...refs });
  if (!r.ok) throw new Error('header');
  return r;
}

describe('importUsers', () => {
  it('writes each valid row and its outbox entry, reporting progress', async () => {
    const local = db();
    const sink = localUserSink(local);
    const r = await preview(sink, [person(1), person(2, { phone: '1' }), person(3)]);
    const progress: number[] = [];
    const report = await importUsers(sink, r.valid, (done) => progress.push(done));
    expect(report).toEqual({ added: [2, 4], skipped: [], notTried: [] });
    expect(progress.at(-1)).toBe(2);
    const entries = await listEntries(local);
    expect(entries.map((e) => [e.resource, e.op, e.payload.employeeId])).toEqual([
      ['User', 'create', 'E1'],
      ['User', 'create', 'E3'],
    ]);
    expect(await local.table('User').count()).toBe(2);
  });

  it('re-running the same file adds nothing twice', async () => {
    const local = db();
    const sink = localUserSink(local);
    const rows = [person(1), person(2)];
    await importUsers(sink, (await preview(sink, rows)).valid);
    const again = await preview(sink, rows);
    expect([again.valid.length, again.invalid.length]).toEqual([0, 2]);
    // Even rows validated before the first run finished are skipped, not created again.
    const stale = (await preview(localUserSink(db()), rows)).valid;
    const report = await importUsers(sink, stale);
    expect(report.added).toEqual([]);
    expect(report.skipped.map((s) => s.reason)).toEqual([
      { kind: 'exists', column: 'employeeId' },
      { kind: 'exists', column: 'employeeId' },
    ]);
    expect(await local.table('User').count()).toBe(2);
    expect(await listEntries(local)).toHaveLength(2);
  });

  it('a row refused by the contract is reported and the rest of its chunk still goes in', async () => {
    const local = db();
    const sink = localUserSink(local);
    const rows = (await preview(sink, [person(1), person(2), person(3)])).valid;
    rows[1] = { ...rows[1]!, payload: { ...rows[1]!.payload, email: 'not-an-email' } };
    const report = await importUsers(sink, rows);
    expect(report.added).toEqual([2, 4]);
    expect(report.skipped.map((s) => [s.row, s.reason.kind])).toEqual([[3, 'failed']]);
    expect(await local.table('User').count()).toBe(2);
    expect(await listEntries(local)).toHaveLength(2);
  });

  it('a stop mid-way reports which rows were added and which were not', async () => {
    const stored: number[] = [];
    let calls = 0;
    const sink = {
      existing: async () => ({ employeeIds: [], usernames: [] }),
      createChunk: async (items: { row: number }[]) => {
        if (++calls === 2) throw Object.assign(new Error('disk full'), { name: 'StorageFullError' });
        stored.push(...items.map((i) => i.row));
        return items.map((i) => ({ row: i.row }));
      },
    };
    const all = Array.from({ length: 250 }, (_, i) => person(i + 1));
    const r = await preview(localUserSink(db()), all);
    const progress: number[] = [];
    const report = await importUsers(sink, r.valid, (done) => progress.push(done));
    expect(report.added).toEqual(stored);
    expect(report.added).toHaveLength(200);
    expect(report.notTried).toEqual(r.valid.slice(200).map((v) => v.row));
    expect(report.stopped).toBe('disk full');
    expect(progress).toEqual([200]);
  });
});

describe('createMany (one transaction per import chunk)', () => {
  it('writes rows and outbox entries in order, skipping a refused or taken one without stopping', async () => {
    const local = db();
    const sink = localUserSink(local);
    const rows = (await preview(sink, [person(1), person(2), person(3)])).valid.map((v) => ({
      ...v.payload,
      id: crypto.randomUUID(),
    }));
    const results = await createMany(local, 'User', [
      rows[0]!,
      { ...rows[1]!, email: 'nope' },
      rows[2]!,
      { ...rows[2]!, employeeId: 'E9', username: 'other' }, // same id as the previous one
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false]);
    expect(results[1]).toMatchObject({ message: 'Please enter a valid e-mail address.' });
    const entries = await listEntries(local);
    expect(entries.map((e) => e.payload.employeeId)).toEqual(['E1', 'E3']);
    expect(entries.every((e) => e.op === 'create' && e.baseRev === 0 && e.state === 'pending')).toBe(true);
    const stored = await local.table('User').toArray();
    expect(stored.map((u) => u.employeeId).sort()).toEqual(['E1', 'E3']);
    expect(stored.every((u) => u._pending === 1 && !('password' in u))).toBe(true);
  });

  it('writes nothing of the batch when the transaction fails', async () => {
    const local = db();
    const rows = (await preview(localUserSink(local), [person(1), person(2)])).valid.map((v) => v.payload);
    local.close();
    await expect(createMany(local, 'User', rows)).rejects.toThrow();
    const again = openLocalDb('c1', local.name.split(':')[2]!);
    expect(await again.table('User').count()).toBe(0);
    expect(await again.outbox.count()).toBe(0);
  });
});
