import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testDb } from '#tests/src/data/fake-db.ts';
import { deepLinkView } from '@/features/deep-links/deep-links-feature';
import { renderScreen } from '../../ui/resource/render-ui';

const stamps = { createdAt: '2026-01-01', updatedAt: '2026-01-01', deletedAt: null, rev: 1 };
const TOPIC = '0190a000-0000-7000-8000-0000000000a1';
const ARTICLE = '0190a000-0000-7000-8000-0000000000b1';
const LINK = '0190a000-0000-7000-8000-0000000000c1';

afterEach(cleanup);

async function withContent() {
  const db = testDb();
  await db
    .rows('Topic')
    .put({ ...stamps, id: TOPIC, title: 'Fire safety', description: '', background: '', parentId: null });
  await db.rows('Article').put({ ...stamps, id: ARTICLE, title: 'Using an extinguisher', topicId: TOPIC });
  return db;
}
const options = (select: Element) => [...select.querySelectorAll('option')].map((o) => o.textContent);

describe('the deep link form', () => {
  it('starts with a fresh code, offers the records of the chosen kind and empties the choice when the kind changes', async () => {
    const db = await withContent();
    renderScreen(deepLinkView, db);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByTestId('resource-form');
    const code = form.querySelector<HTMLInputElement>('[name=code]')!;
    expect(code.value).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(code.readOnly).toBe(false);
    const kind = form.querySelector<HTMLSelectElement>('select[name=targetKind]')!;
    expect(kind.value).toBe('Topic');
    const target = () => form.querySelector<HTMLSelectElement>('select[name=targetId]')!;
    await waitFor(() => expect(options(target())).toContain('Fire safety'));
    fireEvent.change(target(), { target: { value: TOPIC } });
    expect(target().value).toBe(TOPIC);

    fireEvent.change(kind, { target: { value: 'Article' } });
    await waitFor(() => expect(options(target())).toContain('Using an extinguisher'));
    expect(target().value).toBe('');
    expect(options(target())).not.toContain('Fire safety');
    // The topic's id is gone from the form itself, not only from the select.
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await within(form).findByText('Choose the content the link opens.');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(target(), { target: { value: ARTICLE } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry!.payload).toMatchObject({
      targetKind: 'Article',
      targetId: ARTICLE,
      code: code.value,
      clicks: 0,
      expiresAt: '',
    });
    db.close();
  });

  it('shows the code and the click count of a link read-only, and sends them back unchanged', async () => {
    const db = await withContent();
    await db.rows('DeepLink').put({
      ...stamps,
      id: LINK,
      title: 'Gate poster',
      targetKind: 'Topic',
      targetId: TOPIC,
      code: 'gate-poster',
      expiresAt: null,
      clicks: 41,
    });
    renderScreen(deepLinkView, db);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit gate-poster' }, { timeout: 5_000 }));
    const form = await screen.findByTestId('resource-form');
    const code = form.querySelector<HTMLInputElement>('[name=code]')!;
    expect([code.readOnly, code.value]).toEqual([true, 'gate-poster']);
    expect(within(form).getByTestId('readout-clicks').textContent).toBe('41');
    expect(form.querySelector('[name=clicks]')).toBeNull();
    fireEvent.change(form.querySelector('[name=title]')!, { target: { value: 'Gate poster, north' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry!.payload).toMatchObject({ title: 'Gate poster, north', code: 'gate-poster', clicks: 41 });
    db.close();
  });

  it('shows the target by kind and title in the list, and "(removed)" once it is gone', async () => {
    const db = await withContent();
    await db.rows('DeepLink').put({
      ...stamps,
      id: LINK,
      title: '',
      targetKind: 'Article',
      targetId: ARTICLE,
      code: 'abc1234',
      expiresAt: null,
      clicks: 3,
    });
    renderScreen(deepLinkView, db);
    const row = await screen.findByText('Using an extinguisher', {}, { timeout: 5_000 });
    expect(row.previousElementSibling?.textContent).toBe('Article');
    await act(() => db.rows('Article').delete(ARTICLE));
    await screen.findByText('(removed)');
    expect(screen.getByRole('button', { name: 'Show the QR code of abc1234' })).toBeTruthy();
    db.close();
  });
});
