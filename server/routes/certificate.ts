import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '#contract/envelope.ts';
import { type Action, can } from '#contract/permissions.ts';
import {
  CERTIFICATE_SAMPLE_DATE,
  CERTIFICATE_SAMPLE_VERIFY_URL,
  CERTIFICATE_SAMPLES,
  certificateHistoryRequest,
  certificateIdRequest,
  certificatePreviewRequest,
  certificateSendRequest,
  certificateSendResult,
  issuedCertificate,
} from '#contract/resources/certificate.ts';
import { forbidden, notFound } from '../lib/api-error.ts';
import { ok, responses } from '../lib/envelope.ts';
import { requireAuth } from '../plugins/auth.ts';
import { findLive } from '../resources/records-repository.ts';
import type { Tx } from '../resources/repository-types.ts';
import type { CertificateTemplateData } from '../services/certificate-pdf.ts';
import {
  certificateById,
  certificateFileName,
  certificateHistory,
  certificatePdf,
  certificatesOf,
  fileLoader,
  renderCertificatePdf,
  revokeCertificate,
  sendCertificate,
} from '../services/certificates.ts';

const NOT_FOUND = 'This certificate does not exist.';
const COURSE_NOT_FOUND = 'This course does not exist or was deleted.';

/**
 * The issued certificates of a course (issue 10): their history, a manual (re)send, revoking one
 * and its PDF. Area `course`: read for the history and PDF, update to send or revoke. Every id of
 * another company answers as a missing one.
 */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Certificate'];
  const needs = (action: Action) => async (req: Parameters<typeof requireAuth>[0]) => {
    if (!can(requireAuth(req).permissions, 'course', action))
      throw forbidden('Your role does not allow this. Ask an administrator for access.');
  };
  const liveCourse = async (companyId: string, courseId: string) => {
    const course = await findLive(
      app.db as unknown as Tx,
      { companyId, userId: '', resource: 'Course' },
      'Course',
      courseId,
    );
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  };

  app.post(
    '/v1/Certificate/History',
    {
      preValidation: needs('read'),
      schema: {
        tags,
        summary: "A course's issued certificates with their e-mail history",
        description:
          'One row per learner who passed the course while it gave a certificate: the verification code, ' +
          'when it was issued, whether it was revoked, its e-mail state (`sent` / `notSent`: spec section 4) ' +
          'and every send (date and time, sent by: null for the automatic e-mail, to which address), newest ' +
          `first. A course of another company: 404 (status ${STATUS.notFound}).`,
        body: certificateHistoryRequest,
        response: responses(z.array(issuedCertificate)),
      },
    },
    async (req) => {
      const { companyId } = requireAuth(req);
      await liveCourse(companyId, req.body.courseId);
      return ok(await certificateHistory(app.db, companyId, req.body.courseId));
    },
  );

  app.post(
    '/v1/Certificate/Send',
    {
      preValidation: needs('update'),
      schema: {
        tags,
        summary: 'E-mail the certificates of a course to the chosen learners now (manual send, resend)',
        description:
          'For each chosen user who passed the course: renders the PDF and e-mails it, then adds the send ' +
          'to the history (the caller as sender). Answers once the mail server took each message. Users ' +
          'without a certificate of the course, without an e-mail address or whose certificate was revoked ' +
          'are listed in `skipped`.',
        body: certificateSendRequest,
        response: responses(certificateSendResult),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      await liveCourse(companyId, req.body.courseId);
      const wanted = [...new Set(req.body.userIds)];
      const rows = await certificatesOf(app.db, companyId, req.body.courseId, wanted);
      const sent: string[] = [];
      const skipped: z.infer<typeof certificateSendResult>['skipped'] = [];
      for (const u of wanted) {
        const row = rows.find((r) => r.userId === u);
        if (!row) skipped.push({ userId: u, reason: 'notPassed' });
        else if (row.revokedAt) skipped.push({ userId: u, reason: 'revoked' });
        else {
          const outcome = await sendCertificate(app.certificates.deps, row, userId);
          if (outcome === 'sent') sent.push(u);
          else skipped.push({ userId: u, reason: outcome === 'noEmail' ? 'noEmail' : 'notPassed' });
        }
      }
      return ok({ sent, skipped }, sent.length ? 'Certificates sent.' : 'No certificate was sent.');
    },
  );

  app.post(
    '/v1/Certificate/Revoke',
    {
      preValidation: needs('update'),
      schema: {
        tags,
        summary: 'Revoke an issued certificate',
        description:
          'Its verification page then says it was revoked; it is no longer e-mailed. Revoking twice keeps ' +
          `the first date. Another company's certificate: 404 (status ${STATUS.notFound}).`,
        body: certificateIdRequest,
        response: responses(z.object({ id: z.string(), revokedAt: z.string().nullable() })),
      },
    },
    async (req) => {
      const { companyId, userId } = requireAuth(req);
      const row = await revokeCertificate(app.db, companyId, req.body.id, userId, app.now());
      if (!row) throw notFound(NOT_FOUND);
      return ok({ id: row.id, revokedAt: row.revokedAt?.toISOString() ?? null }, 'Certificate revoked.');
    },
  );

  app.post(
    '/v1/Certificate/Preview',
    {
      preValidation: needs('read'),
      schema: {
        tags,
        summary: 'A template rendered as a PDF with a sample learner',
        description:
          "The saved template with the sample learner and course of one of the five languages (the editor's " +
          `preview shows the same). A template of another company: 404 (status ${STATUS.notFound}).`,
        body: certificatePreviewRequest,
      },
    },
    async (req, reply) => {
      const { companyId } = requireAuth(req);
      const template = await findLive(
        app.db as unknown as Tx,
        { companyId, userId: '', resource: 'CertificateTemplate' },
        'CertificateTemplate',
        req.body.templateId,
      );
      if (!template) throw notFound('This certificate template does not exist or was deleted.');
      const pdf = await renderCertificatePdf(
        template.data as CertificateTemplateData,
        {
          ...CERTIFICATE_SAMPLES[req.body.sample],
          issuedAt: CERTIFICATE_SAMPLE_DATE,
          passed: true,
          verifyUrl: CERTIFICATE_SAMPLE_VERIFY_URL,
        },
        fileLoader(app.db, app.fileStore, companyId),
      );
      return reply.type('application/pdf').header('Cache-Control', 'no-store').send(Buffer.from(pdf));
    },
  );

  app.post(
    '/v1/Certificate/Pdf',
    {
      preValidation: needs('read'),
      schema: {
        tags,
        summary: 'The PDF of an issued certificate',
        description:
          'Rendered from its template as it is now, with the names and date of the day it was issued.',
        body: certificateIdRequest,
      },
    },
    async (req, reply) => {
      const { companyId } = requireAuth(req);
      const row = await certificateById(app.db, companyId, req.body.id);
      if (!row) throw notFound(NOT_FOUND);
      const pdf = await certificatePdf(app.db, app.fileStore, app.config.publicUrl, row);
      if (!pdf) throw notFound('The template of this certificate was deleted.');
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${encodeURIComponent(certificateFileName(row))}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
