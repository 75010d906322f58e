import { z } from 'zod';
import { defineResource } from '../resource.ts';
import { CERTIFICATE_TEMPLATE_NAME_REQUIRED, CERTIFICATE_TEMPLATE_REQUIRED } from './course-messages.ts';
import { PASSING_SCORE_FIRST } from './quiz-messages.ts';

/**
 * Certificates (spec sections 2 to 5, issue 10). A template is a canvas the size of its
 * background (landscape A4 in PDF points by default) with elements placed on it; the server
 * renders the same template to a PDF (server/services/certificate-pdf.ts) for each learner who
 * passes a course that names it.
 */

/** Landscape A4 in PDF points (1/72 inch): the canvas when the background does not say otherwise. */
export const A4_LANDSCAPE = { width: 842, height: 595 } as const;

/** Spec section 2's elements, plus the learner's name and the verification QR code. */
export const CERTIFICATE_ELEMENT_KINDS = [
  'text',
  'image',
  'date',
  'courseName',
  'result',
  'learnerName',
  'qr',
] as const;
export type CertificateElementKind = (typeof CERTIFICATE_ELEMENT_KINDS)[number];
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
/** The language of the date and of the pass/fail words printed on the certificate. */
export const CERTIFICATE_LANGUAGES = ['en', 'th', 'vi', 'my', 'zh'] as const;
export type CertificateLanguage = (typeof CERTIFICATE_LANGUAGES)[number];

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const certificateElement = z.object({
  id: z.string().min(1).max(40),
  kind: z.enum(CERTIFICATE_ELEMENT_KINDS),
  /** Top-left corner and size, in canvas units (PDF points), origin at the top left. */
  x: z.number().min(-5000).max(5000),
  y: z.number().min(-5000).max(5000),
  width: z.number().min(1).max(5000),
  height: z.number().min(1).max(5000),
  /** The words of a text box; ignored by the other kinds, which print their data. */
  text: z.string().max(1000).default(''),
  fontSize: z.number().min(4).max(400).default(24),
  color: z.string().regex(HEX_COLOUR, 'Choose a colour like #1a2b3c.').default('#1f2937'),
  align: z.enum(TEXT_ALIGNS).default('center'),
  bold: z.boolean().default(false),
  /** An image element's uploaded picture (PNG or JPG). */
  image: z.string().max(500).default(''),
});
export type CertificateElement = z.infer<typeof certificateElement>;

/** What a new template starts with: a title, the learner, the course, the date and the QR code. */
export const DEFAULT_CERTIFICATE_ELEMENTS: CertificateElement[] = [
  {
    id: 'title',
    kind: 'text',
    x: 121,
    y: 90,
    width: 600,
    height: 56,
    text: 'Certificate of completion',
    fontSize: 40,
    color: '#1f2937',
    align: 'center',
    bold: true,
    image: '',
  },
  {
    id: 'learner',
    kind: 'learnerName',
    x: 121,
    y: 210,
    width: 600,
    height: 48,
    text: '',
    fontSize: 34,
    color: '#0f4c81',
    align: 'center',
    bold: false,
    image: '',
  },
  {
    id: 'course',
    kind: 'courseName',
    x: 121,
    y: 300,
    width: 600,
    height: 36,
    text: '',
    fontSize: 24,
    color: '#1f2937',
    align: 'center',
    bold: false,
    image: '',
  },
  {
    id: 'result',
    kind: 'result',
    x: 121,
    y: 350,
    width: 600,
    height: 30,
    text: '',
    fontSize: 20,
    color: '#15803d',
    align: 'center',
    bold: false,
    image: '',
  },
  {
    id: 'date',
    kind: 'date',
    x: 80,
    y: 470,
    width: 300,
    height: 30,
    text: '',
    fontSize: 18,
    color: '#1f2937',
    align: 'left',
    bold: false,
    image: '',
  },
  {
    id: 'qr',
    kind: 'qr',
    x: 672,
    y: 425,
    width: 90,
    height: 90,
    text: '',
    fontSize: 24,
    color: '#000000',
    align: 'center',
    bold: false,
    image: '',
  },
];

export const certificateTemplate = defineResource({
  name: 'CertificateTemplate',
  area: 'course',
  fields: z.object({
    name: z
      .string()
      .trim()
      .min(1, CERTIFICATE_TEMPLATE_NAME_REQUIRED)
      .max(200, 'Use at most 200 characters.'),
    /** The background picture (PNG or JPG); empty: a white page. */
    background: z.string().max(500).default(''),
    width: z.number().min(100).max(5000).default(A4_LANDSCAPE.width),
    height: z.number().min(100).max(5000).default(A4_LANDSCAPE.height),
    language: z.enum(CERTIFICATE_LANGUAGES).default('en'),
    elements: z
      .array(certificateElement)
      .max(50, 'Use at most 50 elements.')
      .default(() => DEFAULT_CERTIFICATE_ELEMENTS.map((e) => ({ ...e }))),
  }),
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  exportColumns: ['name', 'language', 'width', 'height'],
  files: { background: 'banner' },
  listFiles: { elements: { image: 'banner' } },
});

/** The words printed by a pass/fail element, in the template's language. */
export const RESULT_WORDS: Record<CertificateLanguage, { pass: string; fail: string }> = {
  en: { pass: 'Passed', fail: 'Failed' },
  th: { pass: 'ผ่าน', fail: 'ไม่ผ่าน' },
  vi: { pass: 'Đạt', fail: 'Không đạt' },
  my: { pass: 'အောင်မြင်', fail: 'ကျရှုံး' },
  zh: { pass: '通过', fail: '未通过' },
};

/** Sample learners and courses of the preview, one per language (the editor's and the server's). */
export const CERTIFICATE_SAMPLES: Record<CertificateLanguage, { learnerName: string; courseName: string }> = {
  en: { learnerName: 'John Smith', courseName: 'Workplace safety' },
  th: { learnerName: 'สมชาย ใจดี', courseName: 'ความปลอดภัยในโรงงาน' },
  vi: { learnerName: 'Nguyễn Thị Hương', courseName: 'An toàn lao động' },
  my: { learnerName: 'မောင်မောင်', courseName: 'လုပ်ငန်းခွင် ဘေးကင်းရေး' },
  zh: { learnerName: '王小明', courseName: '消防安全培训' },
};
export const CERTIFICATE_SAMPLE_DATE = '2030-05-01T03:00:00.000Z';
export const CERTIFICATE_SAMPLE_VERIFY_URL = 'https://example.com/verify/ABCDEFGHJKLM';
export const certificatePreviewRequest = z.object({
  templateId: z.uuid(),
  sample: z.enum(CERTIFICATE_LANGUAGES).default('en'),
});

/** The BCP 47 locale of each language, for the date stamp. */
export const CERTIFICATE_LOCALES: Record<CertificateLanguage, string> = {
  en: 'en-GB',
  th: 'th-TH',
  vi: 'vi-VN',
  my: 'my-MM',
  zh: 'zh-CN',
};

/** The date stamp as printed: the same on the console's preview and the server's PDF. */
export const formatCertificateDate = (iso: string, language: CertificateLanguage) =>
  new Intl.DateTimeFormat(CERTIFICATE_LOCALES[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/**
 * The course's certificate rules of spec section 5, shared by the console (its local quizzes)
 * and the server (the live ones): a certificate needs a template, and a passing score on the
 * course's post-test first (passing the course is passing that test).
 */
export function certificateProblem(
  course: { certificate: boolean; certificateTemplateId: string | null },
  quizzes: readonly ({ type: string; passingScore: number | null } | undefined)[],
): { path: 'quizIds' | 'certificateTemplateId'; message: string } | null {
  if (!course.certificate) return null;
  const post = quizzes.find((q) => q && (q.type === 'post' || q.type === 'prePost'));
  if (!post || post.passingScore === null) return { path: 'quizIds', message: PASSING_SCORE_FIRST };
  if (!course.certificateTemplateId)
    return { path: 'certificateTemplateId', message: CERTIFICATE_TEMPLATE_REQUIRED };
  return null;
}

/** A verification code: 12 characters of an alphabet without look-alikes. */
export const VERIFICATION_CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{12}$/;

/** One issued certificate as the console's history lists it. */
export const issuedCertificate = z.object({
  id: z.string(),
  courseId: z.string(),
  userId: z.string(),
  learnerName: z.string(),
  email: z.string(),
  code: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Spec section 4: "sent" once e-mailed at least once, otherwise "not sent yet". */
  emailState: z.enum(['sent', 'notSent']),
  timesSent: z.number().int(),
  lastSentAt: z.string().nullable(),
  lastSentBy: z.string().nullable(),
  sends: z.array(z.object({ sentAt: z.string(), sentBy: z.string().nullable(), to: z.string() })),
});
export type IssuedCertificate = z.infer<typeof issuedCertificate>;

export const certificateHistoryRequest = z.object({ courseId: z.uuid() });
export const certificateSendRequest = z.object({
  courseId: z.uuid(),
  userIds: z.array(z.uuid()).min(1).max(1000),
});
export const certificateIdRequest = z.object({ id: z.uuid() });
export const certificateSendResult = z.object({
  sent: z.array(z.string()),
  /** Users without a certificate of this course (not passed), or without an e-mail address. */
  skipped: z.array(z.object({ userId: z.string(), reason: z.enum(['notPassed', 'noEmail', 'revoked']) })),
});

/** What the public page of a code says, and nothing else. */
export type Verification =
  | { state: 'valid'; learnerName: string; courseName: string; companyName: string; issuedAt: string }
  | { state: 'revoked'; learnerName: string; courseName: string; companyName: string; issuedAt: string }
  | { state: 'unknown' };
