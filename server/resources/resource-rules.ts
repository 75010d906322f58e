import { certificateTemplateRules } from './certificate-template-rules.ts';
import { contentRules } from './content-rules.ts';
import { courseRules } from './course-rules.ts';
import { deepLinkRules } from './deep-link-rules.ts';
import { enrolmentRules } from './enrolment-rules.ts';
import { eventParticipantRules, eventRules } from './event-rules.ts';
import { expertQuestionRules } from './expert-question-rules.ts';
import {
  positionRules,
  sectionRules,
  skillAssessmentRules,
  skillRequirementRules,
  skillRules,
} from './iso-setting-rules.ts';
import { knowledgeShareRules } from './knowledge-share-rules.ts';
import { quizRules } from './quiz-rules.ts';
import type { ResourceRules } from './repository-types.ts';
import { topicRules } from './topic-rules.ts';

export type { ResourceRules } from './repository-types.ts';

/** Resource name -> its rules (repository-types.ts says what they may do). */
const RULES = new Map<string, ResourceRules>([
  ['Topic', topicRules],
  ['Article', contentRules],
  ['Sound', contentRules],
  ['Video', contentRules],
  ['KnowledgeShare', knowledgeShareRules],
  ['DeepLink', deepLinkRules],
  ['Quiz', quizRules],
  ['Course', courseRules],
  ['Enrolment', enrolmentRules],
  ['ExpertQuestion', expertQuestionRules],
  ['Event', eventRules],
  ['EventParticipant', eventParticipantRules],
  ['CertificateTemplate', certificateTemplateRules],
  ['Section', sectionRules],
  ['Position', positionRules],
  ['Skill', skillRules],
  ['SkillRequirement', skillRequirementRules],
  ['SkillAssessment', skillAssessmentRules],
]);

export const rulesFor = (resource: string): ResourceRules => RULES.get(resource) ?? {};
