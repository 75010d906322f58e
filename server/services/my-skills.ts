import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { mySkill } from '#contract/resources/iso-setting.ts';
import { cellKey, gapOf, latestAssessments, requiredLevels } from '#contract/skill-gaps.ts';
import { records } from '../db/schema.ts';
import { liveRecords } from '../resources/records-repository.ts';
import type { Tx } from '../resources/repository-types.ts';

type Who = { companyId: string; userId: string };

/**
 * The learner's required skills with their gaps, computed with the same rules as the console's
 * skill chart: the highest level any of the learner's positions requires, the latest assessment,
 * and "expired" once its re-assessment date (compared with the server's UTC day) has passed.
 */
export async function mySkills(tx: Tx, who: Who, now: Date): Promise<z.infer<typeof mySkill>[]> {
  const positions = (await liveRecords(tx, who.companyId, 'Position'))
    .map((p) => ({ id: p.id, holderIds: (p.data.holderIds as string[]) ?? [] }))
    .filter((p) => p.holderIds.includes(who.userId));
  if (!positions.length) return [];
  const requirements = (
    await liveRecords(
      tx,
      who.companyId,
      'SkillRequirement',
      sql`${records.data} ->> 'positionId' in ${positions.map((p) => p.id)}`,
    )
  ).map((r) => ({
    positionId: String(r.data.positionId),
    skillId: String(r.data.skillId),
    level: Number(r.data.level),
  }));
  const needs = requiredLevels(
    positions.map((p) => ({ ...p, holderIds: [who.userId] })),
    requirements,
  ).get(who.userId);
  if (!needs) return [];
  const assessments = (
    await liveRecords(tx, who.companyId, 'SkillAssessment', sql`${records.data} ->> 'userId' = ${who.userId}`)
  ).map((a) => ({
    id: a.id,
    userId: String(a.data.userId),
    skillId: String(a.data.skillId),
    level: Number(a.data.level),
    assessedOn: String(a.data.assessedOn),
    dueOn: String(a.data.dueOn ?? ''),
  }));
  const latest = latestAssessments(assessments);
  const skills = new Map((await liveRecords(tx, who.companyId, 'Skill')).map((s) => [s.id, s.data]));
  const courseIds = [...needs.keys()].flatMap((id) => (skills.get(id)?.courseIds as string[]) ?? []);
  const courses = new Map(
    courseIds.length
      ? (
          await tx
            .select({ id: records.id, data: records.data })
            .from(records)
            .where(
              and(
                eq(records.companyId, who.companyId),
                eq(records.resource, 'Course'),
                isNull(records.deletedAt),
                inArray(records.id, [...new Set(courseIds)]),
              ),
            )
        ).map((c) => [c.id, String(c.data.name)])
      : [],
  );
  const today = now.toISOString().slice(0, 10);
  return [...needs]
    .flatMap(([skillId, required]) => {
      const s = skills.get(skillId);
      if (!s) return [];
      const a = latest.get(cellKey(who.userId, skillId));
      return [
        {
          skillId,
          name: String(s.name),
          mainTopic: s.parentId ? String(skills.get(String(s.parentId))?.name ?? '') : '',
          required,
          level: a?.level ?? null,
          assessedOn: a?.assessedOn ?? null,
          dueOn: a?.dueOn || null,
          gap: gapOf(required, a, today),
          courses: ((s.courseIds as string[]) ?? []).flatMap((id) =>
            courses.has(id) ? [{ id, name: courses.get(id)! }] : [],
          ),
        },
      ];
    })
    .sort((x, y) => `${x.mainTopic} ${x.name}`.localeCompare(`${y.mainTopic} ${y.name}`));
}
