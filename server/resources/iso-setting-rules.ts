import { and, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  ASSESSMENT_IN_FUTURE,
  ASSESSMENT_USER_MISSING,
  POSITION_HAS_REQUIREMENTS,
  POSITION_HOLDER_NOT_IN_COMPANY,
  POSITION_NAME_TAKEN,
  POSITION_SECTION_MISSING,
  REQUIREMENT_POSITION_MISSING,
  REQUIREMENT_TAKEN,
  SECTION_NAME_TAKEN,
  SKILL_COURSE_MISSING,
  SKILL_HAS_SUB_TOPICS,
  SKILL_IN_USE,
  SKILL_MISSING,
  SKILL_NAME_TAKEN,
  SKILL_NOT_ASSESSABLE,
  SKILL_PARENT_ASSESSED,
  SKILL_PARENT_MISSING,
  SKILL_PARENT_NOT_MAIN,
  sectionInUse,
} from '#contract/resources/iso-setting.ts';
import { records, users } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

/** Another live record of `resource` with this name (trimmed, ignoring case), within `where`. */
async function nameTaken(tx: Tx, scope: Scope, resource: string, id: string, name: unknown, where?: SQL) {
  const [twin] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        eq(records.resource, resource),
        isNull(records.deletedAt),
        ne(records.id, id),
        sql`lower(trim(${records.data} ->> 'name')) = ${String(name ?? '')
          .trim()
          .toLowerCase()}`,
        where,
      ),
    )
    .limit(1);
  return !!twin;
}

/** A section is deleted only once no live position names it (the skill chart groups by both). */
export const sectionRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    if (await nameTaken(tx, scope, 'Section', id, fields.name))
      throw invalid([{ path: 'name', message: SECTION_NAME_TAKEN }]);
  },
  async beforeDelete(tx, scope, id) {
    const positions = await liveWith(tx, scope, 'Position', 'sectionId', id);
    if (positions) throw invalid([{ path: 'id', message: sectionInUse(positions) }]);
  },
};

/**
 * A position's section is a live section of the company, and its holders live users of the
 * company; anything of another company is refused like a missing one.
 */
export const positionRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const { sectionId, holderIds } = fields as { sectionId: string; holderIds: string[] };
    if (!(await findLive(tx, scope, 'Section', sectionId)))
      throw invalid([{ path: 'sectionId', message: POSITION_SECTION_MISSING }]);
    // Two sections may each have a "Line leader"; one section not twice.
    if (
      await nameTaken(
        tx,
        scope,
        'Position',
        id,
        fields.name,
        sql`${records.data} ->> 'sectionId' = ${sectionId}`,
      )
    )
      throw invalid([{ path: 'name', message: POSITION_NAME_TAKEN }]);
    const wanted = [...new Set(holderIds)];
    if (wanted.length) {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, scope.companyId), inArray(users.id, wanted), isNull(users.deletedAt)));
      if (Number(row?.n ?? 0) !== wanted.length)
        throw invalid([{ path: 'holderIds', message: POSITION_HOLDER_NOT_IN_COMPANY }]);
    }
    return { holderIds: wanted };
  },
  async beforeDelete(tx, scope, id) {
    if (await liveWith(tx, scope, 'SkillRequirement', 'positionId', id))
      throw invalid([{ path: 'id', message: POSITION_HAS_REQUIREMENTS }]);
  },
};

/** How many live records of `resource` in the company have `value` in their jsonb `field`. */
async function liveWith(tx: Tx, scope: Scope, resource: string, field: string, value: string, extra?: SQL) {
  const [row] = await tx
    .select({ n: count() })
    .from(records)
    .where(
      and(
        eq(records.companyId, scope.companyId),
        eq(records.resource, resource),
        isNull(records.deletedAt),
        sql`${records.data} ->> ${field} = ${value}`,
        extra,
      ),
    );
  return Number(row?.n ?? 0);
}

const hasSubTopics = (tx: Tx, scope: Scope, id: string) => liveWith(tx, scope, 'Skill', 'parentId', id);
const isAssessedOrRequired = async (tx: Tx, scope: Scope, id: string) =>
  (await liveWith(tx, scope, 'SkillRequirement', 'skillId', id)) +
  (await liveWith(tx, scope, 'SkillAssessment', 'skillId', id));

/**
 * Skills form two levels: a main topic (no parent) and its sub-topics. People are required and
 * assessed in skills without sub-topics, so a main topic that already has requirements or
 * assessments takes no sub-topics, and a skill with sub-topics cannot itself move under one.
 */
export const skillRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const { parentId, courseIds } = fields as { parentId: string | null; courseIds: string[] };
    if (parentId) {
      const parent = parentId === id ? undefined : await findLive(tx, scope, 'Skill', parentId);
      if (!parent) throw invalid([{ path: 'parentId', message: SKILL_PARENT_MISSING }]);
      if (parent.data.parentId) throw invalid([{ path: 'parentId', message: SKILL_PARENT_NOT_MAIN }]);
      if (await hasSubTopics(tx, scope, id))
        throw invalid([{ path: 'parentId', message: SKILL_HAS_SUB_TOPICS }]);
      if (await isAssessedOrRequired(tx, scope, parentId))
        throw invalid([{ path: 'parentId', message: SKILL_PARENT_ASSESSED }]);
    }
    const siblings = parentId
      ? sql`${records.data} ->> 'parentId' = ${parentId}`
      : sql`${records.data} ->> 'parentId' is null`;
    if (await nameTaken(tx, scope, 'Skill', id, fields.name, siblings))
      throw invalid([{ path: 'name', message: SKILL_NAME_TAKEN }]);
    const wanted = [...new Set(courseIds)];
    if (wanted.length) {
      const [row] = await tx
        .select({ n: count() })
        .from(records)
        .where(
          and(
            eq(records.companyId, scope.companyId),
            eq(records.resource, 'Course'),
            isNull(records.deletedAt),
            inArray(records.id, wanted),
          ),
        );
      if (Number(row?.n ?? 0) !== wanted.length)
        throw invalid([{ path: 'courseIds', message: SKILL_COURSE_MISSING }]);
    }
    return { courseIds: wanted };
  },
  async beforeDelete(tx, scope, id) {
    if ((await hasSubTopics(tx, scope, id)) || (await isAssessedOrRequired(tx, scope, id)))
      throw invalid([{ path: 'id', message: SKILL_IN_USE }]);
  },
};

/** A live skill of the company without sub-topics (the ones people are required and assessed in). */
async function assessableSkill(tx: Tx, scope: Scope, skillId: string) {
  if (!(await findLive(tx, scope, 'Skill', skillId)))
    throw invalid([{ path: 'skillId', message: SKILL_MISSING }]);
  if (await hasSubTopics(tx, scope, skillId))
    throw invalid([{ path: 'skillId', message: SKILL_NOT_ASSESSABLE }]);
}

/** One required level per position and skill, both of the company. */
export const skillRequirementRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const { positionId, skillId } = fields as { positionId: string; skillId: string };
    if (!(await findLive(tx, scope, 'Position', positionId)))
      throw invalid([{ path: 'positionId', message: REQUIREMENT_POSITION_MISSING }]);
    await assessableSkill(tx, scope, skillId);
    if (
      await liveWith(
        tx,
        scope,
        'SkillRequirement',
        'positionId',
        positionId,
        and(sql`${records.data} ->> 'skillId' = ${skillId}`, ne(records.id, id)),
      )
    )
      throw invalid([{ path: 'skillId', message: REQUIREMENT_TAKEN }]);
  },
};

/**
 * An assessment of a live user of the company in an assessable skill, dated today at the latest
 * (a day of slack for time zones ahead of the server's). The assessor is whoever first recorded
 * it, set here and never taken from the client.
 */
export const skillAssessmentRules: ResourceRules = {
  async beforeSave(tx, scope, id, fields) {
    const { userId, skillId, assessedOn } = fields as { userId: string; skillId: string; assessedOn: string };
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, scope.companyId), eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1);
    if (!user) throw invalid([{ path: 'userId', message: ASSESSMENT_USER_MISSING }]);
    await assessableSkill(tx, scope, skillId);
    const tomorrow = new Date((scope.now ?? new Date()).getTime() + 86_400_000).toISOString().slice(0, 10);
    if (assessedOn > tomorrow) throw invalid([{ path: 'assessedOn', message: ASSESSMENT_IN_FUTURE }]);
    const existing = await findLive(tx, scope, 'SkillAssessment', id);
    return { assessorId: String(existing?.data.assessorId || scope.userId) };
  },
};
