import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CertificateElement, IssuedCertificate, Verification } from '#contract/resources/certificate.ts';
import type { Db } from '../db/client.ts';
import { certificateSends, companies, files, issuedCertificates, users } from '../db/schema.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { Mail } from '../lib/mailer.ts';
import { findLive } from '../resources/records-repository.ts';
import type { Tx } from '../resources/repository-types.ts';
import type { CertificateTemplateData } from './certificate-pdf.ts';
import type { Learner, LiveCourse } from './course-access.ts';

/**
 * pdf-lib and its font code load with the first certificate drawn rather than at every server
 * start (about 0.2 s of each start, most of which never draws one).
 */
export const renderCertificatePdf: typeof import('./certificate-pdf.ts')['renderCertificatePdf'] = async (
  ...args
) => (await import('./certificate-pdf.ts')).renderCertificatePdf(...args);

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 12 characters of 32: 60 bits, not guessable in any number of tries this server would answer. */
export const newVerificationCode = () =>
  Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

type CourseCertificate = Pick<LiveCourse, 'id' | 'name'> & {
  certificate?: boolean;
  certificateTemplateId?: string | null;
  certificateSending?: 'auto' | 'manual';
};

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Called when a learner first passes (finishes) a course, in the same transaction: when the course
 * gives a certificate, its row is written once per learner and course (a replay or a second pass
 * finds it), with a fresh verification code and the names of the day.
 */
export async function issueCertificate(tx: Tx, who: Learner, c: CourseCertificate, now: Date) {
  if (!c.certificate || !c.certificateTemplateId) return null;
  const scope = { ...who, resource: 'CertificateTemplate' };
  if (!(await findLive(tx, scope, 'CertificateTemplate', c.certificateTemplateId))) return null;
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, who.userId), eq(users.companyId, who.companyId)));
  if (!user) return null;
  const [row] = await tx
    .insert(issuedCertificates)
    .values({
      id: uuidv7(),
      companyId: who.companyId,
      courseId: c.id,
      userId: who.userId,
      templateId: c.certificateTemplateId,
      code: newVerificationCode(),
      learnerName: fullName(user),
      courseName: c.name,
      issuedAt: now,
      autoMail: c.certificateSending !== 'manual',
    })
    .onConflictDoNothing({ target: [issuedCertificates.courseId, issuedCertificates.userId] })
    .returning();
  return row ?? null;
}

export const verifyUrlOf = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;

async function streamBytes(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Reads a file of the company by its URL (`/files/<id>/<name>`), for the PDF's pictures. */
export const fileLoader =
  (db: Db | Tx, store: Pick<FileStore, 'read'>, companyId: string) => async (url: string) => {
    const id = /^\/files\/([^/]+)\//.exec(url)?.[1];
    if (!id) return null;
    const [file] = await db
      .select({ storagePath: files.storagePath })
      .from(files)
      .where(and(eq(files.id, id), eq(files.companyId, companyId)));
    if (!file) return null;
    try {
      return await streamBytes(Readable.from(await store.read(file.storagePath)));
    } catch {
      return null;
    }
  };

type IssuedRow = typeof issuedCertificates.$inferSelect;

/** The PDF of an issued certificate, with its template as it is now. */
export async function certificatePdf(
  db: Db | Tx,
  store: Pick<FileStore, 'read'>,
  publicUrl: string,
  row: IssuedRow,
): Promise<Uint8Array | null> {
  const template = await findLive(
    db as Tx,
    { companyId: row.companyId, userId: '', resource: 'CertificateTemplate' },
    'CertificateTemplate',
    row.templateId,
  );
  if (!template) return null;
  const data = template.data as CertificateTemplateData & { elements: CertificateElement[] };
  return renderCertificatePdf(
    data,
    {
      learnerName: row.learnerName,
      courseName: row.courseName,
      issuedAt: row.issuedAt.toISOString(),
      passed: true,
      verifyUrl: verifyUrlOf(publicUrl, row.code),
    },
    fileLoader(db, store, row.companyId),
  );
}

export const certificateFileName = (row: Pick<IssuedRow, 'courseName' | 'code'>) =>
  `certificate-${row.courseName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}-${row.code}.pdf`;

/** The e-mail of a certificate, its PDF attached. */
export function certificateMail(to: string, row: IssuedRow, pdf: Uint8Array, verifyUrl: string): Mail {
  return {
    to,
    subject: `Your certificate: ${row.courseName}`,
    text:
      `Dear ${row.learnerName},\n\nCongratulations on passing "${row.courseName}". Your certificate is ` +
      `attached to this e-mail.\n\nAnyone can check it at ${verifyUrl}\n`,
    attachments: [
      { filename: certificateFileName(row), content: Buffer.from(pdf), contentType: 'application/pdf' },
    ],
  };
}

export type CertificateDeps = {
  db: Db;
  fileStore: Pick<FileStore, 'read'>;
  publicUrl: string;
  deliver: (mail: Mail) => Promise<void>;
  now: () => Date;
};

/**
 * Renders and e-mails one certificate to the learner's address now, and writes the send to the
 * history once the mail server took it. `sentBy`: the administrator, or null for the automatic one.
 */
export async function sendCertificate(deps: CertificateDeps, row: IssuedRow, sentBy: string | null) {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  const to = user?.email ?? '';
  if (!to) return 'noEmail' as const;
  const pdf = await certificatePdf(deps.db, deps.fileStore, deps.publicUrl, row);
  if (!pdf) return 'noTemplate' as const;
  await deps.deliver(certificateMail(to, row, pdf, verifyUrlOf(deps.publicUrl, row.code)));
  await deps.db.insert(certificateSends).values({
    id: uuidv7(),
    companyId: row.companyId,
    certificateId: row.id,
    sentAt: deps.now(),
    sentBy,
    to,
  });
  return 'sent' as const;
}

const MAX_AUTO_TRIES = 5;

/**
 * The automatic e-mails still owed (courses set to auto): sent one by one; each marked done once
 * sent or impossible (no address), retried on the next run when the mail server failed, up to
 * MAX_AUTO_TRIES. Survives a restart: the rows are the queue.
 */
export async function sendOwedCertificates(deps: CertificateDeps, log: (err: unknown) => void) {
  for (;;) {
    const owed = await deps.db
      .select()
      .from(issuedCertificates)
      .where(
        and(
          eq(issuedCertificates.autoMail, true),
          isNull(issuedCertificates.autoMailDoneAt),
          isNull(issuedCertificates.revokedAt),
          sql`${issuedCertificates.autoMailTries} < ${MAX_AUTO_TRIES}`,
        ),
      )
      .orderBy(asc(issuedCertificates.issuedAt))
      .limit(10);
    if (!owed.length) return;
    for (const row of owed) {
      try {
        await sendCertificate(deps, row, null);
        await deps.db
          .update(issuedCertificates)
          .set({ autoMailDoneAt: deps.now() })
          .where(eq(issuedCertificates.id, row.id));
      } catch (err) {
        log(err);
        await deps.db
          .update(issuedCertificates)
          .set({ autoMailTries: sql`${issuedCertificates.autoMailTries} + 1` })
          .where(eq(issuedCertificates.id, row.id));
      }
    }
  }
}

/** The certificates of one course of the company, with their e-mail history (spec section 3). */
export async function certificateHistory(
  db: Db,
  companyId: string,
  courseId: string,
): Promise<IssuedCertificate[]> {
  const rows = await db
    .select({
      c: issuedCertificates,
      email: users.email,
    })
    .from(issuedCertificates)
    .leftJoin(users, eq(users.id, issuedCertificates.userId))
    .where(and(eq(issuedCertificates.companyId, companyId), eq(issuedCertificates.courseId, courseId)))
    .orderBy(desc(issuedCertificates.issuedAt));
  const ids = rows.map((r) => r.c.id);
  const sends = ids.length
    ? await db
        .select({
          certificateId: certificateSends.certificateId,
          sentAt: certificateSends.sentAt,
          to: certificateSends.to,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(certificateSends)
        .leftJoin(users, eq(users.id, certificateSends.sentBy))
        .where(inArray(certificateSends.certificateId, ids))
        // Sends of the same instant (a hand send right after the automatic one) newest first too:
        // the ids are UUIDv7, in the order they were written.
        .orderBy(desc(certificateSends.sentAt), desc(certificateSends.id))
    : [];
  return rows.map(({ c, email }) => {
    const mine = sends
      .filter((s) => s.certificateId === c.id)
      .map((s) => ({
        sentAt: s.sentAt.toISOString(),
        sentBy:
          s.firstName === null ? null : fullName({ firstName: s.firstName, lastName: s.lastName ?? '' }),
        to: s.to,
      }));
    return {
      id: c.id,
      courseId: c.courseId,
      userId: c.userId,
      learnerName: c.learnerName,
      email: email ?? '',
      code: c.code,
      issuedAt: c.issuedAt.toISOString(),
      revokedAt: c.revokedAt?.toISOString() ?? null,
      emailState: mine.length ? 'sent' : 'notSent',
      timesSent: mine.length,
      lastSentAt: mine[0]?.sentAt ?? null,
      lastSentBy: mine[0]?.sentBy ?? null,
      sends: mine,
    };
  });
}

/** The issued certificates of a course's users, for a manual send. */
export const certificatesOf = (db: Db, companyId: string, courseId: string, userIds: string[]) =>
  db
    .select()
    .from(issuedCertificates)
    .where(
      and(
        eq(issuedCertificates.companyId, companyId),
        eq(issuedCertificates.courseId, courseId),
        inArray(issuedCertificates.userId, userIds),
      ),
    );

export const certificateById = async (db: Db, companyId: string, id: string) =>
  (
    await db
      .select()
      .from(issuedCertificates)
      .where(and(eq(issuedCertificates.companyId, companyId), eq(issuedCertificates.id, id)))
  )[0];

/** Revokes a certificate: its code then says "revoked"; the row and its history stay. */
export async function revokeCertificate(db: Db, companyId: string, id: string, by: string, now: Date) {
  const [row] = await db
    .update(issuedCertificates)
    .set({ revokedAt: now, revokedBy: by })
    .where(
      and(
        eq(issuedCertificates.companyId, companyId),
        eq(issuedCertificates.id, id),
        isNull(issuedCertificates.revokedAt),
      ),
    )
    .returning();
  return row ?? (await certificateById(db, companyId, id));
}

/** What `/verify/{code}` says: who earned what, from which company, when; nothing else. */
export async function verifyCode(db: Db, code: string): Promise<Verification> {
  const normalized = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{1,40}$/.test(normalized)) return { state: 'unknown' };
  const [row] = await db
    .select({ c: issuedCertificates, companyName: companies.name })
    .from(issuedCertificates)
    .innerJoin(companies, eq(companies.id, issuedCertificates.companyId))
    .where(eq(issuedCertificates.code, normalized));
  if (!row) return { state: 'unknown' };
  return {
    state: row.c.revokedAt ? 'revoked' : 'valid',
    learnerName: row.c.learnerName,
    courseName: row.c.courseName,
    companyName: row.companyName,
    issuedAt: row.c.issuedAt.toISOString(),
  };
}
