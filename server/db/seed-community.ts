import type { Tx } from '../resources/repository-types.ts';
import { askExpert } from '../services/community.ts';
import type { writerFor } from './seed-people.ts';

const DAY = 86_400_000;

/** Questions learners asked the expert; those with an answer were answered a day later. */
const DEMO_EXPERT_QUESTIONS = [
  {
    question: 'Which gloves should I wear when handling cleaning solvents?',
    topic: 'Safety',
    daysAgo: 40,
    answer:
      'Nitrile gloves, never latex: latex dissolves in most solvents. Change them when they are torn or after two hours.',
  },
  {
    question: 'Do I need to finish the forklift course again after a year?',
    topic: 'Certification',
    daysAgo: 28,
    answer:
      'Yes. The forklift licence must be renewed every twelve months; the refresher course takes about two hours.',
  },
  {
    question: 'How do I report a near miss on the production line?',
    topic: 'Safety',
    daysAgo: 17,
    answer:
      'Tell your supervisor the same shift and fill in the near-miss form on the intranet. Reports can be anonymous.',
  },
  { question: 'Can I watch the onboarding videos at home?', topic: 'Learning', daysAgo: 6, answer: '' },
  {
    question: 'What is the passing score for the fire safety quiz?',
    topic: 'Quizzes',
    daysAgo: 3,
    answer: '',
  },
  {
    question: 'Who can approve my request to join the leadership course?',
    topic: 'Courses',
    daysAgo: 1,
    answer: '',
  },
];

/** The expert questions of one company: asked by its learners, some answered by the administrator. */
export async function seedCommunity(
  tx: Tx,
  o: { companyId: string; writer: ReturnType<typeof writerFor>; ids: Map<string, string>; now: Date },
) {
  const learners = [...o.ids.entries()]
    .filter(([name]) => name !== 'admin' && name !== 'trainer')
    .map(([, id]) => id);
  if (learners.length === 0) return;
  for (const [i, q] of DEMO_EXPERT_QUESTIONS.entries()) {
    const asked = await askExpert(tx, {
      companyId: o.companyId,
      userId: learners[i % learners.length]!,
      now: new Date(o.now.getTime() - q.daysAgo * DAY),
      question: q.question,
      topic: q.topic,
    });
    if (q.answer)
      await o.writer.update('ExpertQuestion', asked.id, {
        question: q.question,
        topic: q.topic,
        answer: q.answer,
      });
  }
}
