import { afterEach, describe, expect, it } from 'vitest';
import { COURSE_QUIZ_LIMIT, COURSE_QUIZ_SAME_TYPE } from '#contract/resources/course-messages.ts';
import type { LocalDb } from '@/data/db/local-db';
import { mutate } from '@/data/outbox/outbox';
import { courseSlotProblem } from '@/features/quizzes/quiz-course-slots';
import { testDb } from '../../data/fake-db';

const dbs: LocalDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const option = (text: string, correct = false) => ({ id: crypto.randomUUID(), text, correct });
async function addQuiz(db: LocalDb, type: string) {
  const id = crypto.randomUUID();
  await mutate(db, {
    resource: 'Quiz',
    op: 'create',
    payload: {
      id,
      name: `Quiz ${type}`,
      type,
      sections: [
        {
          id: crypto.randomUUID(),
          title: '',
          questions: [
            {
              id: crypto.randomUUID(),
              text: 'Q',
              kind: 'single',
              score: 1,
              options: [option('A', true), option('B')],
            },
          ],
        },
      ],
    },
  });
  return id;
}

describe('a quiz type change against the courses that link it (local check)', () => {
  it('names the rule a linking course would break, and says nothing for an unlinked quiz', async () => {
    const db = testDb();
    dbs.push(db);
    const pre = await addQuiz(db, 'pre');
    const post = await addQuiz(db, 'post');
    const free = await addQuiz(db, 'pre');
    await mutate(db, {
      resource: 'Course',
      op: 'create',
      payload: {
        name: 'Two slots',
        startAt: '2030-02-01T08:00:00+07:00',
        endAt: '2030-02-28T17:00:00+07:00',
        quizIds: [pre, post],
      },
    });
    expect(await courseSlotProblem(db, pre, 'prePost')).toBe(COURSE_QUIZ_LIMIT);
    expect(await courseSlotProblem(db, pre, 'post')).toBe(COURSE_QUIZ_SAME_TYPE);
    expect(await courseSlotProblem(db, pre, 'pre')).toBeNull();
    expect(await courseSlotProblem(db, free, 'prePost')).toBeNull();
  });
});
