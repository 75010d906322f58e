import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mutate } from '@/data/outbox/outbox';
import { bannerView } from '@/features/banners/banners-feature';
import { faqView } from '@/features/faq/faq-feature';
import { faq, testDb } from '../../data/fake-db';
import { NO_RIGHTS, renderScreen } from './render-ui';

const questions = () => screen.queryAllByTestId('resource-row').map((row) => row.textContent ?? '');
const dbs: { close(): void }[] = [];
const seeded = async () => {
  const db = testDb();
  dbs.push(db);
  await mutate(db, {
    resource: 'Faq',
    op: 'create',
    payload: faq('Banana bread', { sendDate: '2025-03-01' }),
  });
  await mutate(db, { resource: 'Faq', op: 'create', payload: faq('apple pie', { sendDate: '2025-01-01' }) });
  await mutate(db, {
    resource: 'Faq',
    op: 'create',
    payload: faq('Cherry tart', { sendDate: '2025-02-01' }),
  });
  return db;
};

afterEach(() => {
  cleanup();
  for (const db of dbs.splice(0)) db.close();
});

describe('resource list screen', () => {
  it('lists live rows in the default order, with the count and a badge for unsent rows', async () => {
    renderScreen(faqView, await seeded());
    await waitFor(() => expect(questions()).toHaveLength(3));
    expect(questions().map((q) => q.slice(0, 5))).toEqual(['Banan', 'Cherr', 'apple']); // sendDate desc
    expect(screen.getByTestId('item-count').textContent).toBe('3 items');
    await waitFor(() => expect(screen.getAllByTestId('badge-pending')).toHaveLength(3));
  });

  it('filters by the search box as one types and sorts by a column header, both ways', async () => {
    renderScreen(faqView, await seeded());
    await waitFor(() => expect(questions()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'TART' } });
    await waitFor(() => expect(questions()).toHaveLength(1));
    expect(questions()[0]).toContain('Cherry tart');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    await waitFor(() => expect(questions()).toHaveLength(3));

    const header = screen.getByRole('button', { name: 'Question' });
    fireEvent.click(header);
    await waitFor(() => expect(questions()[0]).toContain('apple pie'));
    expect(header.closest('[role=columnheader]')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    await waitFor(() => expect(questions()[0]).toContain('Cherry tart'));
    expect(header.closest('[role=columnheader]')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('hides add, edit and delete without the rights, and shows them with', async () => {
    const db = await seeded();
    const view = renderScreen(faqView, db, NO_RIGHTS);
    await waitFor(() => expect(questions()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeTruthy();
    view.unmount();

    renderScreen(faqView, db, { create: true, update: false, delete: true });
    await waitFor(() => expect(questions()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete apple pie' })).toBeTruthy();
  });

  it('shows "No data available" for an empty list', async () => {
    const db = testDb();
    dbs.push(db);
    renderScreen(faqView, db);
    await screen.findByText('No data available');
  });

  it('refuses an invalid banner link with the spec message and writes nothing', async () => {
    const db = testDb();
    dbs.push(db);
    renderScreen(bannerView, db);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByTestId('resource-form');
    const set = (name: string, value: string) =>
      fireEvent.change(form.querySelector(`[name=${name}]`)!, { target: { value } });
    set('title', 'Summer week');
    set('startAt', '2025-07-01T09:00');
    set('endAt', '2025-07-08T18:00');
    set('action', 'link');
    await waitFor(() => expect(form.querySelector('[name=linkUrl]')).not.toBeNull());
    set('linkUrl', 'www example');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await within(form).findByText('Invalid URL link, please enter again.');
    expect(within(form).getByText('Please choose a banner image.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rows('Banner').count()).toBe(0);
  });
});
