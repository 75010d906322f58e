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

const HOUR = 3_600_000;

/** Events of one company: a weekly one, a past one with attendance taken, an upcoming one. */
export async function seedEvents(
  tx: Tx,
  o: { writer: ReturnType<typeof writerFor>; ids: Map<string, string>; now: Date },
) {
  const w = o.writer;
  const day = (n: number, hourUtc: number) => {
    const d = new Date(o.now.getTime() + n * DAY);
    d.setUTCHours(hourUtc, 0, 0, 0);
    return d;
  };
  const iso = (d: Date) => d.toISOString();
  const learners = [...o.ids.entries()].filter(([name]) => name !== 'admin').map(([, id]) => id);
  const weeklyStart = day(2, 2); // 09:00 in Bangkok
  const events = [
    {
      name: 'Weekly safety walk',
      location: 'Plant 2, gate B',
      inCharge: 'Safety officer',
      startAt: iso(weeklyStart),
      endAt: iso(new Date(weeklyStart.getTime() + HOUR)),
      repeat: 'weekly',
      repeatUntil: iso(new Date(weeklyStart.getTime() + 21 * DAY)).slice(0, 10),
      description: 'A one-hour walk through the production floor to spot and fix hazards together.',
      attended: false,
    },
    {
      name: 'Fire drill',
      location: 'Assembly point A',
      inCharge: 'Facilities team',
      startAt: iso(day(-7, 3)),
      endAt: iso(day(-7, 4)),
      repeat: 'none',
      repeatUntil: '',
      description: 'Evacuation practice for every building. Bring your badge for the roll call.',
      attended: true,
    },
    {
      name: 'New employee orientation',
      location: 'Training room 3',
      inCharge: 'Human Resources',
      startAt: iso(day(10, 2)),
      endAt: iso(day(10, 9)),
      repeat: 'none',
      repeatUntil: '',
      description: 'Company history, policies, the learning app and a tour of the site.',
      attended: false,
    },
  ];
  for (const [i, e] of events.entries()) {
    const { attended, ...fields } = e;
    const eventId = await w.create('Event', { ...fields, timeZone: 'Asia/Bangkok', coverImage: '' });
    for (const [j, userId] of learners.slice(i, i + 3).entries()) {
      await w.create('EventParticipant', {
        eventId,
        userId,
        departmentId: null,
        attended: attended && j !== 2,
      });
    }
  }
  void tx;
}
