import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_READ_ONLY_MESSAGE,
  type CompanyProfile,
  companyProfile,
  getCompanyProfileRequest,
  updateCompanyProfileRequest,
} from '#contract/company.ts';
import { companies } from '../db/schema.ts';
import { notFound } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { invalid } from '../resources/record-shape.ts';

const toProfile = (c: typeof companies.$inferSelect): CompanyProfile => ({
  id: c.id,
  name: c.name,
  code: c.code,
  address: c.address,
  province: c.province,
  country: c.country,
  phone: c.phone,
  contactEmail: c.contactEmail,
  contactPerson: c.contactPerson,
  updatedAt: c.updatedAt.toISOString(),
});

/** The caller's own company profile (companyProfile permission); the session name follows it. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Company'];
  app.post(
    '/v1/Company/GetProfile',
    {
      preValidation: app.requirePermission('companyProfile', 'read'),
      schema: { tags, body: getCompanyProfileRequest.optional(), response: responses(companyProfile) },
    },
    async (req) => {
      const [c] = await app.db
        .select()
        .from(companies)
        .where(eq(companies.id, requireAuth(req).companyId));
      if (!c) throw notFound('Company not found.');
      return ok(toProfile(c));
    },
  );

  app.post(
    '/v1/Company/UpdateProfile',
    {
      preValidation: app.requirePermission('companyProfile', 'update'),
      schema: { tags, body: updateCompanyProfileRequest, response: responses(companyProfile) },
    },
    async (req) => {
      const { companyId } = requireAuth(req);
      const { code, companyID: _, ...fields } = req.body;
      const [current] = await app.db.select().from(companies).where(eq(companies.id, companyId));
      if (!current) throw notFound('Company not found.');
      if (code !== undefined && code.toLowerCase() !== current.code.toLowerCase()) {
        throw invalid([{ path: 'code', message: CODE_READ_ONLY_MESSAGE }]);
      }
      const [c] = await app.db
        .update(companies)
        .set({ ...fields, updatedAt: app.now() })
        .where(eq(companies.id, companyId))
        .returning();
      return ok(toProfile(c), 'Company profile updated.');
    },
  );
};
