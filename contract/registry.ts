import { banner } from './resources/banner.ts';
import { certificateTemplate } from './resources/certificate.ts';
import { article, sound, video } from './resources/content.ts';
import { course, enrolment } from './resources/course.ts';
import { deepLink } from './resources/deep-link.ts';
import { department } from './resources/department.ts';
import { event, eventParticipant } from './resources/event.ts';
import { expertQuestion } from './resources/expert-question.ts';
import { faq } from './resources/faq.ts';
import { feedback } from './resources/feedback.ts';
import { position, section, skill, skillAssessment, skillRequirement } from './resources/iso-setting.ts';
import { knowledgeShare } from './resources/knowledge-share.ts';
import { typeOfContent, typeOfKnowledge } from './resources/master-data.ts';
import { quiz } from './resources/quiz.ts';
import { role } from './resources/role.ts';
import { storeItem } from './resources/store-item.ts';
import { topic } from './resources/topic.ts';
import { user } from './resources/user.ts';

/**
 * Every synced resource of the product, keyed by its API name: the one map both sides read.
 * The server serves `/api/v1/{name}/...`, Push and Pull for each; the console keeps a Dexie
 * table of each and syncs it. Adding a resource is one line here (docs/adding-a-resource.md).
 */
export const RESOURCES = {
  TypeOfContent: typeOfContent,
  TypeOfKnowledge: typeOfKnowledge,
  Banner: banner,
  Topic: topic,
  Article: article,
  Sound: sound,
  Video: video,
  KnowledgeShare: knowledgeShare,
  StoreItem: storeItem,
  DeepLink: deepLink,
  Quiz: quiz,
  CertificateTemplate: certificateTemplate,
  Course: course,
  Enrolment: enrolment,
  Faq: faq,
  ExpertQuestion: expertQuestion,
  Event: event,
  EventParticipant: eventParticipant,
  Feedback: feedback,
  User: user,
  Department: department,
  Section: section,
  Position: position,
  Skill: skill,
  SkillRequirement: skillRequirement,
  SkillAssessment: skillAssessment,
  Role: role,
} as const;
export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

/** A client-chosen name -> its definition, or undefined; never an inherited key like `__proto__`. */
export const findResource = (name: string): (typeof RESOURCES)[ResourceName] | undefined =>
  Object.hasOwn(RESOURCES, name) ? RESOURCES[name as ResourceName] : undefined;
export const isResourceName = (name: string): name is ResourceName => Object.hasOwn(RESOURCES, name);
