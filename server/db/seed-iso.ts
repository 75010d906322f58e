import type { Tx } from '../resources/repository-types.ts';
import { findByText } from './seed-courses.ts';
import type { writerFor } from './seed-people.ts';

/** A factory's sections and the positions in them; the seeded people hold some of them. */
const DEMO_SECTIONS = [
  {
    name: 'Production',
    description: 'Assembly lines 1 to 3 and the paint shop.',
    positions: [
      { name: 'Line operator', description: 'Runs a station of an assembly line.' },
      { name: 'Line leader', description: 'Leads one shift of an assembly line.' },
    ],
  },
  {
    name: 'Quality assurance',
    description: 'Incoming, in-process and final inspection.',
    positions: [
      { name: 'Quality inspector', description: 'Inspects parts against the control plan.' },
      { name: 'Document controller', description: 'Keeps procedures and records under ISO 9001.' },
    ],
  },
  {
    name: 'Maintenance',
    description: 'Preventive and breakdown maintenance of the plant.',
    positions: [{ name: 'Maintenance technician', description: 'Electrical and mechanical repairs.' }],
  },
];

type Criteria = [string, string, string, string, string];
const criteria = (...levels: Criteria) =>
  Object.fromEntries(levels.map((text, level) => [`criteria${level}`, text]));
const GENERIC: Criteria = [
  'No knowledge yet.',
  'Knows the basics; works under supervision.',
  'Works alone on routine tasks.',
  'Works alone on every task and solves problems.',
  'Can train and assess others.',
];

/** The skill chart's rows: main topics, their sub-topics with criteria, and the courses that teach them. */
const DEMO_SKILLS = [
  {
    name: 'Safety',
    description: 'Safe work on the shop floor.',
    subTopics: [
      {
        name: 'Machine guarding',
        criteria: criteria(
          'Has not been trained.',
          'Names the guards of their station.',
          'Checks guards at every shift start.',
          'Finds and reports missing or bypassed guards.',
          'Trains others and audits guarding.',
        ),
        courses: ['Machine guarding for new operators', 'Annual safety refresher'],
      },
      { name: 'Lockout/tagout', criteria: criteria(...GENERIC), courses: ['Annual safety refresher'] },
      { name: 'Chemical handling', criteria: criteria(...GENERIC), courses: [] },
    ],
  },
  {
    name: 'Quality',
    description: 'Building it right the first time.',
    subTopics: [
      { name: '5S', criteria: criteria(...GENERIC), courses: ['5S on the shop floor'] },
      {
        name: 'Visual inspection',
        criteria: criteria(
          'Has not been trained.',
          'Knows the defect catalogue.',
          'Inspects alone with the boundary samples.',
          'Decides on borderline parts.',
          'Trains inspectors.',
        ),
        courses: [],
      },
      { name: 'Document control', criteria: criteria(...GENERIC), courses: [] },
    ],
  },
  {
    name: 'Leadership',
    description: 'Running a shift.',
    subTopics: [
      { name: 'Shift handover', criteria: criteria(...GENERIC), courses: ['Line leader onboarding'] },
    ],
  },
];

/** Required levels per position: [position, skill, level]. */
const DEMO_REQUIREMENTS: [string, string, number][] = [
  ['Line operator', 'Machine guarding', 2],
  ['Line operator', 'Lockout/tagout', 1],
  ['Line operator', '5S', 2],
  ['Line leader', 'Machine guarding', 3],
  ['Line leader', 'Lockout/tagout', 2],
  ['Line leader', '5S', 3],
  ['Line leader', 'Shift handover', 3],
  ['Quality inspector', 'Visual inspection', 3],
  ['Quality inspector', '5S', 2],
  ['Document controller', 'Document control', 3],
  ['Maintenance technician', 'Lockout/tagout', 3],
  ['Maintenance technician', 'Chemical handling', 2],
];

const DAY = 86_400_000;
const dayOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Sections and positions, skills with their criteria and courses, required levels, and a year of
 * assessments (some people meet their levels, some are below, some results have expired, some
 * are not assessed yet), all through the same writes as the API's. Runs after the courses.
 */
export async function seedIso(
  tx: Tx,
  o: { companyId: string; writer: ReturnType<typeof writerFor>; ids: Map<string, string>; now: Date },
) {
  const people = [...o.ids.entries()].filter(([name]) => name !== 'admin').map(([, id]) => id);
  const positionIds = new Map<string, string>();
  const holders = new Map<string, string[]>();
  let next = 0;
  for (const s of DEMO_SECTIONS) {
    const sectionId = await o.writer.create('Section', { name: s.name, description: s.description });
    for (const p of s.positions) {
      // Two people per position, round the list again when it runs out (some hold two).
      const holderIds = people.length
        ? [...new Set([people[next % people.length]!, people[(next + 1) % people.length]!])]
        : [];
      next += 2;
      positionIds.set(p.name, await o.writer.create('Position', { ...p, sectionId, holderIds }));
      holders.set(p.name, holderIds);
    }
  }
  const skillIds = new Map<string, string>();
  for (const main of DEMO_SKILLS) {
    const parentId = await o.writer.create('Skill', { name: main.name, description: main.description });
    for (const sub of main.subTopics) {
      const courseIds = [];
      for (const name of sub.courses) {
        const course = await findByText(tx, o.companyId, 'Course', 'name', name);
        if (course) courseIds.push(course.id);
      }
      skillIds.set(
        sub.name,
        await o.writer.create('Skill', { name: sub.name, parentId, ...sub.criteria, courseIds }),
      );
    }
  }
  let n = 0;
  for (const [position, skill, level] of DEMO_REQUIREMENTS) {
    const positionId = positionIds.get(position)!;
    const skillId = skillIds.get(skill)!;
    await o.writer.create('SkillRequirement', { positionId, skillId, level });
    for (const userId of holders.get(position) ?? []) {
      n += 1;
      // One in seven not assessed yet; the rest assessed a year ago, most of them again since.
      if (n % 7 === 0) continue;
      const first = 300 + (n % 5) * 10;
      await o.writer.create('SkillAssessment', {
        userId,
        skillId,
        level: Math.max(0, level - 1),
        assessedOn: dayOf(o.now, -first),
        dueOn: dayOf(o.now, -first + 180),
        evidence: 'Observed at the station during the initial training.',
      });
      // One in five keeps only that first result, which has now expired.
      if (n % 5 === 0) continue;
      const reached = n % 3 === 0 ? level - 1 : level + (n % 2);
      await o.writer.create('SkillAssessment', {
        userId,
        skillId,
        level: Math.min(4, Math.max(0, reached)),
        assessedOn: dayOf(o.now, -(n % 60) - 5),
        dueOn: dayOf(o.now, 365 - (n % 60)),
        evidence: reached >= level ? 'Passed the practical check.' : 'Needs more practice on the line.',
      });
    }
  }
}
