import { minutesOf } from '#contract/media.ts';
import {
  CONTENT_DEPARTMENT_MISSING,
  CONTENT_FILE_KINDS,
  CONTENT_TOPIC_MISSING,
  CONTENT_TYPE_MISSING,
  type ContentResource,
} from '#contract/resources/content.ts';
import { mediaOfFile, mediaRefusalFor } from '../services/media-files.ts';
import { someDepartmentMissing } from './departments-repository.ts';
import { invalid } from './record-shape.ts';
import { findLive } from './records-repository.ts';
import type { ResourceRules } from './repository-types.ts';

/**
 * Articles, sounds and videos: the topic, the types and the departments must be live rows of the
 * company. The file's size (and, for media, its length in whole minutes, at least 1) is read from
 * the stored file, never taken from the client; a sound or video file must be that media.
 */
export const contentRules: ResourceRules = {
  async beforeSave(tx, scope, _id, fields) {
    const problems: { path: string; message: string }[] = [];
    if (!(await findLive(tx, scope, 'Topic', String(fields.topicId))))
      problems.push({ path: 'topicId', message: CONTENT_TOPIC_MISSING });
    for (const [field, resource] of [
      ['typeOfContentId', 'TypeOfContent'],
      ['typeOfKnowledgeId', 'TypeOfKnowledge'],
    ] as const) {
      const value = fields[field];
      if (typeof value === 'string' && !(await findLive(tx, scope, resource, value)))
        problems.push({ path: field, message: CONTENT_TYPE_MISSING });
    }
    const wanted = [...new Set((fields.departmentIds as string[] | undefined) ?? [])];
    if (await someDepartmentMissing(tx, scope, wanted))
      problems.push({ path: 'departmentIds', message: CONTENT_DEPARTMENT_MISSING });
    if (problems.length) throw invalid(problems);

    const media = fields.file ? await mediaOfFile(tx, scope.companyId, String(fields.file)) : undefined;
    const serverSet: Record<string, unknown> = { fileSize: media?.size ?? 0, departmentIds: wanted };
    const kind = CONTENT_FILE_KINDS[scope.resource as ContentResource];
    if (kind !== 'file' && media) {
      // A file uploaded under another kind (a general `file`) must still be this kind's media.
      const refusal = mediaRefusalFor(kind, media);
      if (refusal) throw invalid([{ path: 'file', message: refusal }]);
      serverSet.minutes = minutesOf(media.durationSeconds ?? 0);
      serverSet.seconds = Math.round(media.durationSeconds ?? 0);
    }
    return serverSet;
  },
};
