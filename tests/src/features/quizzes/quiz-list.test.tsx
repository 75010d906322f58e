import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalDb } from '@/data/db/local-db';
import { mutate } from '@/data/outbox/outbox';
import { ADD_QUIZ_PATH, EDIT_QUIZ_PATH, QUIZZES_PATH } from '@/features/quizzes/quiz-paths';
import { quizView } from '@/features/quizzes/quiz-views';
import { ResourceScreen } from '@/ui/resource/resource-screen';
import { testDb } from '../../data/fake-db';
import { ALL_RIGHTS, renderUi } from '../../ui/resource/render-ui';

const dbs: LocalDb[] = [];
afterEach(() => {
  cleanup();
  for (const db of dbs.splice(0)) db.close();
});

function EditPage() {
  const [params] = useSearchParams();
  return <p>editing {params.get('id')}</p>;
}

const renderList = (db: LocalDb) =>
  renderUi(
    <MemoryRouter initialEntries={[QUIZZES_PATH]}>
      <Routes>
        <Route path={QUIZZES_PATH} element={<ResourceScreen view={quizView} db={db} rights={ALL_RIGHTS} />} />
        <Route path={ADD_QUIZ_PATH} element={<p>adding a quiz</p>} />
        <Route path={EDIT_QUIZ_PATH} element={<EditPage />} />
      </Routes>
    </MemoryRouter>,
  );

const option = (text: string, correct = false) => ({ id: crypto.randomUUID(), text, correct });
const question = (score: number) => ({
  id: crypto.randomUUID(),
  text: 'Which guard?',
  kind: 'single',
  score,
  options: [option('Front', true), option('None')],
});
const quiz = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  type: 'pre',
  passingScore: null,
  sections: [
    { id: crypto.randomUUID(), title: 'A', questions: [question(2), question(3)] },
    { id: crypto.randomUUID(), title: 'B', questions: [question(4)] },
  ],
});

describe('the quiz list (generic list with editor pages)', () => {
  it('says "No quiz data" when there is none (spec section 8)', async () => {
    const db = testDb();
    dbs.push(db);
    renderList(db);
    await screen.findByText('No quiz data');
  });

  it('shows the number of questions and the total score, and opens the builder to add and to edit', async () => {
    const db = testDb();
    dbs.push(db);
    const made = quiz('Press safety');
    await mutate(db, { resource: 'Quiz', op: 'create', payload: made });
    renderList(db);
    const row = await screen.findByTestId('resource-row');
    // The name's cell also holds the "not synced yet" badge, which comes a moment later.
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[1]).toMatch(/^Press safety/);
    expect(cells.slice(2, 6)).toEqual(['Pre-test', '3', '9', '—']);
    expect(screen.getByRole('columnheader', { name: 'Total score' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Press safety' }));
    await screen.findByText(`editing ${made.id}`);
  });

  it('opens the add page instead of the form dialog', async () => {
    const db = testDb();
    dbs.push(db);
    renderList(db);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await screen.findByText('adding a quiz');
    expect(screen.queryByTestId('resource-form')).toBeNull();
  });

  it('refuses to delete a quiz a course links, before anything is queued', async () => {
    const db = testDb();
    dbs.push(db);
    const made = quiz('Linked quiz');
    await mutate(db, { resource: 'Quiz', op: 'create', payload: made });
    await mutate(db, {
      resource: 'Course',
      op: 'create',
      payload: {
        name: 'Press safety basics',
        startAt: '2030-02-01T08:00:00+07:00',
        endAt: '2030-02-28T17:00:00+07:00',
        quizIds: [made.id],
      },
    });
    renderList(db);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Linked quiz' }));
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await screen.findByText(
      'This quiz is used by a course. Remove it from the course first, then delete it.',
    );
    expect((await db.rows('Quiz').get(made.id))?.deletedAt).toBeNull();
    expect((await db.outbox.toArray()).filter((e) => e.op === 'delete')).toEqual([]);
  });
});
