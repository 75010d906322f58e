import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '@/data/local-db';
import { listEntries } from '@/data/outbox';
import { importUsers } from '@/features/user-import/import-users';
import { localUserSink } from '@/features/user-import/local-user-sink';
import { validateRows } from '@/features/user-import/validate-rows';
import { HEADER, person, refs } from './import-fixtures';

// The users screens move User into the local registry; this test does it ahead of them.
vi.mock('../../../../contract/registry.ts', async (original) => {
  const real = await original<typeof import('../../../../contract/registry.ts')>();
  const RESOURCES = { ...real.RESOURCES, User: real.API_ONLY_RESOURCES.User };
  return { ...real, RESOURCES, RESOURCE_NAMES: Object.keys(RESOURCES) };
});

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
