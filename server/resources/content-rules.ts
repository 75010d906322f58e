import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  CONTENT_DEPARTMENT_MISSING,
  CONTENT_TOPIC_MISSING,
  CONTENT_TYPE_MISSING,
} from '#contract/resources/content.ts';
import { departments, files, records } from '../db/schema.ts';
import { fileIdOf } from './file-refs.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRules, Scope, Tx } from './repository-types.ts';

/** Whether `id` is a live record of `resource` in the caller's company. */
async function liveRecord(tx: Tx, scope: Scope, resource: string, id: string) {
  const [row] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.id, id),
        eq(records.companyId, scope.companyId),
        eq(records.resource, resource),
        isNull(records.deletedAt),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Articles, sounds and videos: the topic, the types and the departments must be live rows of the
 * company. The file's size (and, for media, its length in minutes) is read from the stored file,
 * never taken from the client.
 */
export const contentRules: ResourceRules = {
  async beforeSave(tx, scope, _id, fields) {
    const problems: { path: string; message: string }[] = [];
    if (!(await liveRecord(tx, scope, 'Topic', String(fields.topicId))))
      problems.push({ path: 'topicId', message: CONTENT_TOPIC_MISSING });
    for (const [field, resource] of [
      ['typeOfContentId', 'TypeOfContent'],
      ['typeOfKnowledgeId', 'TypeOfKnowledge'],
    ] as const) {
      const value = fields[field];
      if (typeof value === 'string' && !(await liveRecord(tx, scope, resource, value)))
        problems.push({ path: field, message: CONTENT_TYPE_MISSING });
    }
    const wanted = [...new Set((fields.departmentIds as string[] | undefined) ?? [])];
    if (wanted.length) {
      const found = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.companyId, scope.companyId),
            inArray(departments.id, wanted),
            isNull(departments.deletedAt),
          ),
        );
      if (found.length !== wanted.length)
        problems.push({ path: 'departmentIds', message: CONTENT_DEPARTMENT_MISSING });
    }
    if (problems.length) throw invalid(problems);

    const fileId = fileIdOf(fields.file);
    const [file] = fileId
      ? await tx
          .select({ size: files.size })
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.companyId, scope.companyId)))
          .limit(1)
      : [];
    const serverSet: Record<string, unknown> = { fileSize: file?.size ?? 0, departmentIds: wanted };
    return serverSet;
  },
};
