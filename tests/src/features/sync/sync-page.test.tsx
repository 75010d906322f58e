import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

const slow = { timeout: 4_000 };

import type { LocalDb } from '@/data/db/local-db';
import type { OutboxEntry } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { uploadsOf } from '@/data/uploads/upload-types';
import { SyncPanel } from '@/features/sync/sync-page';
import { faq, testDb } from '../../data/fake-db';
import { MiB } from '../../data/tus-fake';
import { saveBannerWithFile } from '../../data/upload-fixtures';
import { renderWithEngine, stubEngine } from './render-sync';

let db: LocalDb;
afterEach(() => {
  cleanup();
  db?.close();
});

const serverFaq = (id: string, question: string, rev = 2) => ({
  id,
  rev,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-02T00:00:00Z',
  deletedAt: null,
  ...faq(question),
});

/** Three unsent changes: one waiting, one refused by the server, one stale (conflict). */
async function seed() {
  db = testDb();
  await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Waiting question') });
  const parked = await mutate(db, { resource: 'Faq', op: 'create', payload: faq('Refused question') });
  await db.outbox.update(parked.seq!, {
    state: 'parked',
    problem: { httpStatus: 422, status: 4, message: 'Please enter the answer.' },
  });
  const id = crypto.randomUUID();
  await db.rows('Faq').put(serverFaq(id, 'Old question', 1));
  const stale = await mutate(db, { resource: 'Faq', op: 'update', payload: { id, question: 'My question' } });
  await db.outbox.update(stale.seq!, { state: 'conflict', theirs: serverFaq(id, 'Their question') });
  return { parked, stale };
}

const entryByTitle = async (title: string) =>
  (await screen.findByText(title)).closest('[data-testid=outbox-entry]') as HTMLElement;

describe('sync page', () => {
  it("shows the upload of a change's file, with its progress", async () => {
    db = testDb();
    const { ref } = await saveBannerWithFile(db, 2 * MiB);
    await uploadsOf(db).update(ref.slice(5), { state: 'uploading', offset: MiB / 2 });
    const engine = stubEngine(db, { pending: 1 });
    renderWithEngine(<SyncPanel engine={engine} />, engine);
    const bar = await screen.findByRole('progressbar', {}, slow);
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
  });

  it('says everything is synced when the outbox is empty', async () => {
    db = testDb();
    renderWithEngine(<SyncPanel engine={stubEngine(db)} />, null);
    expect(await screen.findByText('Everything is synced')).toBeTruthy();
  });

  it('lists unsent changes by state, with the record title and the server message', async () => {
    await seed();
    renderWithEngine(<SyncPanel engine={stubEngine(db, { pending: 1, parked: 1, conflicts: 1 })} />, null);
    const attention = await screen.findByTestId('sync-attention');
    const waiting = screen.getByTestId('sync-waiting');
    await within(attention).findByText('Refused question');
    expect(within(attention).getByText('My question')).toBeTruthy();
    expect(within(waiting).getByText('Waiting question')).toBeTruthy();
    const refused = await entryByTitle('Refused question');
    expect(refused.dataset.state).toBe('parked');
    expect(within(refused).getByTestId('entry-problem').textContent).toBe('Please enter the answer.');
    expect((await entryByTitle('My question')).dataset.state).toBe('conflict');
    expect(within(waiting).queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('Retry now asks the engine to sync at once', async () => {
    db = testDb();
    const engine = stubEngine(db, { online: true });
    renderWithEngine(<SyncPanel engine={engine} />, null);
    fireEvent.click(screen.getByTestId('sync-now'));
    expect(engine.syncNow).toHaveBeenCalledTimes(1);
  });

  it('discards a parked change only after confirming', async () => {
    const { parked } = await seed();
    renderWithEngine(<SyncPanel engine={stubEngine(db)} />, null);
    fireEvent.click(within(await entryByTitle('Refused question')).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(await db.outbox.get({ id: parked.id })).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' })));
    await waitFor(async () => expect(await db.outbox.get({ id: parked.id })).toBeUndefined(), slow);
    expect(await db.rows('Faq').get(parked.recordId)).toBeUndefined();
  });

  it('edits a parked change and sends it again', async () => {
    const { parked } = await seed();
    renderWithEngine(<SyncPanel engine={stubEngine(db)} />, null);
    fireEvent.click(
      within(await entryByTitle('Refused question')).getByRole('button', { name: 'Edit and retry' }),
    );
    const form = await screen.findByTestId('resource-form');
    const question = form.querySelector('[name=question]') as HTMLTextAreaElement;
    expect(question.value).toBe('Refused question');
    fireEvent.change(question, { target: { value: 'Fixed question' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save and retry' })));
    await waitFor(async () => {
      const entries = (await db.outbox.where('recordId').equals(parked.recordId).toArray()) as OutboxEntry[];
      expect(entries.map((e) => [e.state, e.payload.question])).toEqual([['pending', 'Fixed question']]);
    }, slow);
  });

  it('resolves a conflict field by field', async () => {
    const { stale } = await seed();
    renderWithEngine(<SyncPanel engine={stubEngine(db)} />, null);
    fireEvent.click(within(await entryByTitle('My question')).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByTestId('conflict-dialog');
    expect(within(dialog).getByText('Their question')).toBeTruthy();
    const theirs = within(dialog).getByTestId('pick-question-theirs').querySelector('input')!;
    fireEvent.click(theirs);
    // The radio group takes the click through its state machine: apply only once it shows the choice.
    await waitFor(() => expect(theirs.checked).toBe(true), slow);
    const apply = await screen.findByRole('button', { name: 'Apply selection' });
    await act(async () => fireEvent.click(apply));
    await waitFor(async () => {
      const entry = (await db.outbox.where('recordId').equals(stale.recordId).first()) as OutboxEntry;
      expect([entry.state, entry.payload.question, entry.baseRev]).toEqual(['pending', 'Their question', 2]);
    }, slow);
  });

  it('takes theirs: drops my change and keeps the server record', async () => {
    const { stale } = await seed();
    renderWithEngine(<SyncPanel engine={stubEngine(db)} />, null);
    fireEvent.click(within(await entryByTitle('My question')).getByRole('button', { name: 'Resolve' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Take theirs' })));
    await waitFor(async () => expect(await db.outbox.get({ id: stale.id })).toBeUndefined(), slow);
    expect((await db.rows('Faq').get(stale.recordId))?.question).toBe('Their question');
  });
});
