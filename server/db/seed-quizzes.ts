import { randomUUID } from 'node:crypto';
import type { QuizType } from '#contract/resources/quiz.ts';
import type { writerFor } from './seed-people.ts';

/** The demo quizzes' names, so other seeds (courses) can find them. */
export const DEMO_QUIZ_NAMES = {
  guardingPre: 'Machine guarding: pre-test',
  guardingPost: 'Machine guarding: post-test',
  fire: 'Fire evacuation check',
  customerData: 'Working with customer data',
} as const;

/** [question, kind, score, options, 1-based numbers of the correct options]. */
type Q = [string, 'single' | 'multiple', number, string[], number[]];
type DemoQuiz = {
  name: string;
  type: QuizType;
  passingScore: number | null;
  timeLimitMinutes?: number;
  attemptLimit?: number;
  randomOrder?: boolean;
  showCorrectAnswers?: boolean;
  sections: [string, Q[]][];
};

const GUARD_BASICS: Q[] = [
  [
    'When do you check the machine guards?',
    'single',
    1,
    ['Once a week', 'Before the first cycle of every shift', 'Only after a repair'],
    [2],
  ],
  [
    'A guard is missing. What do you do?',
    'single',
    2,
    ['Run the press slowly', 'Lock out the machine and tell the line leader', 'Finish the batch first'],
    [2],
  ],
  [
    'Which of these are guards?',
    'multiple',
    2,
    ['Fixed covers', 'Light curtains', 'Two-hand controls', 'Safety shoes'],
    [1, 2, 3],
  ],
];
const GUARD_LOCKOUT: Q[] = [
  [
    'Who may remove a lockout padlock?',
    'single',
    1,
    ['Anyone on the line', 'The person who put it on', 'The shift supervisor'],
    [2],
  ],
  [
    'What must be at zero energy before you reach into a press?',
    'multiple',
    2,
    ['Electric power', 'Compressed air', 'Hydraulic pressure', 'Room lighting'],
    [1, 2, 3],
  ],
];

// biome-ignore format: one quiz per block
const DEMO_QUIZZES: DemoQuiz[] = [
  {
    name: DEMO_QUIZ_NAMES.guardingPre, type: 'pre', passingScore: null, showCorrectAnswers: false,
    sections: [['Guards', GUARD_BASICS]],
  },
  {
    name: DEMO_QUIZ_NAMES.guardingPost, type: 'post', passingScore: 6, timeLimitMinutes: 15, attemptLimit: 3,
    randomOrder: true, showCorrectAnswers: true,
    sections: [['Guards', GUARD_BASICS], ['Lockout and tagout', GUARD_LOCKOUT]],
  },
  {
    name: DEMO_QUIZ_NAMES.fire, type: 'prePost', passingScore: 3, timeLimitMinutes: 10,
    sections: [['When the alarm sounds', [
      ['Where do you go when the fire alarm sounds?', 'single', 1, ['To your locker', 'To the assembly point of your area', 'To the canteen'], [2]],
      ['Which exits may you use?', 'single', 1, ['The nearest marked exit', 'The goods lift', 'Only the main entrance'], [1]],
      ['What do you tell the fire warden at the assembly point?', 'multiple', 2, ['Who is missing from your team', 'Where you saw smoke or fire', 'Your lunch order'], [1, 2]],
    ]]],
  },
  {
    name: DEMO_QUIZ_NAMES.customerData, type: 'post', passingScore: 4, attemptLimit: 2,
    sections: [['Personal data', [
      ['A customer asks for their order by phone. What do you check first?', 'single', 2, ['Their name only', 'Two details that only they know, such as the order number and e-mail', 'Nothing: the caller ID is enough'], [2]],
      ['Which of these are personal data?', 'multiple', 2, ['An e-mail address', 'A delivery address', 'The product catalogue', 'A phone number'], [1, 2, 4]],
      ['Where may you keep a customer list?', 'single', 1, ['On a personal USB stick', 'In the company CRM', 'In a chat group'], [2]],
    ]]],
  },
];

const toSection = ([title, questions]: [string, Q[]]) => ({
  id: randomUUID(),
  title,
  questions: questions.map(([text, kind, score, options, correct]) => ({
    id: randomUUID(),
    text,
    kind,
    score,
    options: options.map((o, i) => ({ id: randomUUID(), text: o, correct: correct.includes(i + 1) })),
  })),
});

/**
 * The company's demo quizzes (a pre-test, a post-test, a pre-post check and another post-test),
 * through the same writes as the API, so the contract's quiz rules hold for them too. Before the
 * courses: a course links its quizzes by id.
 */
export async function seedQuizzes(writer: ReturnType<typeof writerFor>) {
  const ids = new Map<string, string>();
  for (const q of DEMO_QUIZZES) {
    const id = await writer.create('Quiz', {
      name: q.name,
      type: q.type,
      passingScore: q.passingScore,
      timeLimitMinutes: q.timeLimitMinutes ?? 0,
      attemptLimit: q.attemptLimit ?? 0,
      randomOrder: q.randomOrder ?? false,
      showSelectedAnswers: true,
      showCorrectAnswers: q.showCorrectAnswers ?? false,
      sections: q.sections.map(toSection),
    });
    ids.set(q.name, String(id));
  }
  return ids;
}
