import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDb } from '#tests/src/data/fake-db.ts';
import type { OutboxEntry } from '@/data/db/local-types';
import * as outbox from '@/data/outbox/outbox';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { faqView } from '@/features/faq/faq-feature';
import { toaster } from '@/ui/toaster';
import { renderScreen } from '../render-ui';

vi.mock('@/data/outbox/outbox', async (original) => ({
  ...(await original<typeof import('@/data/outbox/outbox')>()),
  mutate: vi.fn(),
}));
const realMutate = (await vi.importActual<typeof import('@/data/outbox/outbox')>('@/data/outbox/outbox'))
  .mutate;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function fillFaq() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
  const form = await screen.findByTestId('resource-form');
  fireEvent.change(form.querySelector('[name=question]')!, { target: { value: 'Where is the manual?' } });
  fireEvent.change(form.querySelector('[name=answer]')!, { target: { value: 'In the top bar.' } });
  return form;
}

describe('saving a resource form', () => {
  it('says "added" only after mutate resolved, and then the row is there', async () => {
    const db = testDb();
    const created = vi.spyOn(toaster, 'create');
    let release!: () => void;
    vi.mocked(outbox.mutate).mockImplementation(async (d, input) => {
      await new Promise<void>((r) => (release = r));
      return realMutate(d, input);
    });
    renderScreen(faqView, db);
    const form = await fillFaq();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(outbox.mutate).toHaveBeenCalledTimes(1));
    expect(created).not.toHaveBeenCalled();
    expect(form.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await waitFor(() =>
      expect(created).toHaveBeenCalledWith(expect.objectContaining({ title: 'FAQ added successfully.' })),
    );
    expect(await db.rows('Faq').count()).toBe(1);
    expect((await db.outbox.toArray()).map((e: OutboxEntry) => e.op)).toEqual(['create']);
    db.close();
  });

  it('shows a full device clearly and never says saved', async () => {
    const db = testDb();
    const created = vi.spyOn(toaster, 'create');
    vi.mocked(outbox.mutate).mockRejectedValue(new StorageFullError());
    renderScreen(faqView, db);
    const form = await fillFaq();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await within(form).findByText(/no room left to save this change/);
    expect(created).not.toHaveBeenCalled();
    db.close();
  });
});
