import { and, eq, isNull, sql } from 'drizzle-orm';
import { CERTIFICATE_TEMPLATE_IN_COURSE } from '#contract/resources/course-messages.ts';
import { records } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import type { ResourceRules } from './repository-types.ts';

/**
 * A certificate template named by a live course of the company is kept: the course's learners
 * would pass without a certificate to issue. Issued certificates keep their own copy of the names.
 */
export const certificateTemplateRules: ResourceRules = {
  async beforeDelete(tx, scope, id) {
    const [course] = await tx
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          eq(records.companyId, scope.companyId),
          eq(records.resource, 'Course'),
          isNull(records.deletedAt),
          sql`${records.data} ->> 'certificateTemplateId' = ${id}`,
        ),
      )
      .limit(1);
    if (course) throw invalid([{ path: 'id', message: CERTIFICATE_TEMPLATE_IN_COURSE }]);
  },
};
