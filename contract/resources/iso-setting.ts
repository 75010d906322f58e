import { z } from 'zod';
import { defineResource } from '../resource.ts';

// Training roadmap (ISO 9001 clause 7.2, competence): the sections of the company and the
// positions in them, the rows by which the skill chart groups people.

export const SECTION_NAME_TAKEN = 'A section with this name already exists.';
export const POSITION_NAME_TAKEN = 'This section already has a position with this name.';
export const POSITION_SECTION_MISSING = 'Choose a section of your company.';
export const POSITION_HAS_REQUIREMENTS = 'This position still has required levels. Delete them first.';
export const POSITION_HOLDER_NOT_IN_COMPANY = 'Every holder must be a user of your company.';
export const sectionInUse = (positions: number) =>
  `This section still has ${positions} position(s). Move or delete them first.`;
export const SECTION_IN_USE = /^This section still has (\d+) position\(s\)\. Move or delete them first\.$/;

export const section = defineResource({
  name: 'Section',
  area: 'skillMatrix',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    description: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'description'],
});

/** A position belongs to one section; its holders are a field (the whole list), like a group's members. */
export const position = defineResource({
  name: 'Position',
  area: 'skillMatrix',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    sectionId: z.uuid(POSITION_SECTION_MISSING),
    description: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
    holderIds: z.array(z.uuid()).max(10_000).default([]),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'sectionId', 'description'],
});

// Skills (the skill chart's rows: main topics and their sub-topics), the level each position
// requires, and the levels people reached. Levels run 0 to 4; each skill describes each level.

export const SKILL_LEVELS = [0, 1, 2, 3, 4] as const;
export const MAX_SKILL_LEVEL = 4;
export const SKILL_NAME_TAKEN = 'This topic already has a skill with this name.';
export const SKILL_PARENT_MISSING = 'Choose a main topic of your company.';
export const SKILL_PARENT_NOT_MAIN = 'A sub-topic belongs to a main topic, not to another sub-topic.';
export const SKILL_HAS_SUB_TOPICS = 'This skill has sub-topics, so it stays a main topic.';
export const SKILL_PARENT_ASSESSED =
  'This main topic already has required levels or assessments; add the sub-topic under another topic.';
export const SKILL_COURSE_MISSING = 'Every course must be a live course of your company.';
export const SKILL_IN_USE =
  'This skill still has sub-topics, required levels or assessments. Delete them first.';
export const SKILL_MISSING = 'Choose a skill of your company.';
export const SKILL_NOT_ASSESSABLE = 'This skill has sub-topics: require and assess its sub-topics instead.';
export const REQUIREMENT_POSITION_MISSING = 'Choose a position of your company.';
export const REQUIREMENT_TAKEN = 'This position already has a required level for this skill.';
export const REQUIRED_LEVEL_RANGE = 'Choose a level from 1 to 4.';
export const ASSESSED_LEVEL_RANGE = 'Choose a level from 0 to 4.';
export const ASSESSMENT_USER_MISSING = 'Choose a user of your company.';
export const ASSESSMENT_DATE_REQUIRED = 'Please choose the date of the assessment.';
export const ASSESSMENT_IN_FUTURE = 'The assessment date cannot be in the future.';
export const ASSESSMENT_DUE_BEFORE = 'The re-assessment date must be after the assessment date.';

const levelDescription = z.string().trim().max(500, 'Use at most 500 characters.').default('');

export const skill = defineResource({
  name: 'Skill',
  area: 'skillMatrix',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    /** The main topic of a sub-topic; null for a main topic. Two levels only. */
    parentId: z.uuid(SKILL_PARENT_MISSING).nullable().default(null),
    description: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
    /** What a person at each level can do (the assessment criteria). */
    criteria0: levelDescription,
    criteria1: levelDescription,
    criteria2: levelDescription,
    criteria3: levelDescription,
    criteria4: levelDescription,
    /** Courses that teach the skill: a gap lists them, and assigning one is a click. */
    courseIds: z.array(z.uuid()).max(50).default([]),
  }),
  searchable: ['name', 'description'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: [
    'name',
    'parentId',
    'description',
    'criteria0',
    'criteria1',
    'criteria2',
    'criteria3',
    'criteria4',
  ],
});

/** The level a position needs in a skill; one per position and skill. */
export const skillRequirement = defineResource({
  name: 'SkillRequirement',
  area: 'skillMatrix',
  fields: z.object({
    positionId: z.uuid(REQUIREMENT_POSITION_MISSING),
    skillId: z.uuid(SKILL_MISSING),
    level: z
      .number({ message: REQUIRED_LEVEL_RANGE })
      .int(REQUIRED_LEVEL_RANGE)
      .min(1, REQUIRED_LEVEL_RANGE)
      .max(MAX_SKILL_LEVEL, REQUIRED_LEVEL_RANGE),
  }),
  searchable: [],
  sortable: ['level'],
  defaultSort: { field: 'level', dir: 'desc' },
  exportColumns: ['positionId', 'skillId', 'level'],
});

/**
 * One assessment of a person in a skill. Assessments are history: a new one is added rather
 * than the old one edited, and the latest (by date, then by entry) is the one that counts.
 */
export const skillAssessment = defineResource({
  name: 'SkillAssessment',
  area: 'skillMatrix',
  fields: z.object({
    userId: z.uuid(ASSESSMENT_USER_MISSING),
    skillId: z.uuid(SKILL_MISSING),
    level: z
      .number({ message: ASSESSED_LEVEL_RANGE })
      .int(ASSESSED_LEVEL_RANGE)
      .min(0, ASSESSED_LEVEL_RANGE)
      .max(MAX_SKILL_LEVEL, ASSESSED_LEVEL_RANGE),
    assessedOn: z.iso.date(ASSESSMENT_DATE_REQUIRED),
    /** When the person must be assessed again; '' when the result does not expire. */
    dueOn: z.union([z.iso.date(), z.literal('')]).default(''),
    /** Set by the server: who recorded the assessment. */
    assessorId: z.string().max(64).default(''),
    evidence: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
    evidenceFile: z.string().max(500).default(''),
  }),
  refine: (v, ctx) => {
    if (v.dueOn && v.dueOn <= v.assessedOn)
      ctx.addIssue({ code: 'custom', path: ['dueOn'], message: ASSESSMENT_DUE_BEFORE });
  },
  searchable: ['evidence'],
  sortable: ['assessedOn'],
  defaultSort: { field: 'assessedOn', dir: 'desc' },
  localIndexes: ['userId'],
  exportColumns: ['userId', 'skillId', 'level', 'assessedOn', 'dueOn', 'assessorId', 'evidence'],
  files: { evidenceFile: 'file' },
});

/** Learner/MySkills: a skill the learner's positions require, with the assessment that counts. */
export const mySkill = z.object({
  skillId: z.string(),
  name: z.string(),
  mainTopic: z.string(),
  required: z.number().int(),
  level: z.number().int().nullable(),
  assessedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  gap: z.enum(['meets', 'below', 'notAssessed', 'expired', 'notRequired']),
  /** Courses of the company that teach the skill, to close the gap. */
  courses: z.array(z.object({ id: z.string(), name: z.string() })),
});
