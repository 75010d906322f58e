import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { faq, testDb } from '#tests/src/data/fake-db.ts';
import { faqView } from '@/features/faq/faq-feature';
import { renderScreen } from '../render-ui';

const ID = '0190a000-0000-7000-8000-00000000f001';
const stamps = { createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null };

afterEach(cleanup);

describe('an edit form whose record changes while it is open', () => {
  it('says so, then saves the admin change on top of theirs instead of undoing theirs', async () => {
    const db = testDb();
    await db.rows('Faq').put({ ...stamps, ...faq('Where is the canteen?'), id: ID, rev: 1 });
    renderScreen(faqView, db);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit Where is the canteen?' }, { timeout: 5_000 }),
    );
    const form = await screen.findByTestId('resource-form');
    fireEvent.change(form.querySelector('[name=answer]')!, { target: { value: 'Building B' } });
    // A pull brings another admin's change of the question.
    await act(() => db.rows('Faq').update(ID, { question: 'Where is the new canteen?', rev: 2 }));
    await within(form).findByText(/Saving keeps those changes and adds yours/);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'update', baseRev: 2 });
    expect(entry!.payload).toMatchObject({ question: 'Where is the new canteen?', answer: 'Building B' });
    db.close();
  });

  it('names the fields both changed before the save', async () => {
    const db = testDb();
    await db.rows('Faq').put({ ...stamps, ...faq('Parking?'), id: ID, rev: 1 });
    renderScreen(faqView, db);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Parking?' }, { timeout: 5_000 }));
    const form = await screen.findByTestId('resource-form');
    fireEvent.change(form.querySelector('[name=answer]')!, { target: { value: 'Lot C' } });
    await act(() => db.rows('Faq').update(ID, { answer: 'Lot D', rev: 2 }));
    await within(form).findByText(/You both changed Answer/);
    db.close();
  });
});
