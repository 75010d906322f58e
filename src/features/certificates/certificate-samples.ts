import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  CERTIFICATE_SAMPLE_DATE,
  CERTIFICATE_SAMPLE_VERIFY_URL,
  CERTIFICATE_SAMPLES,
  type CertificateElement,
  type CertificateElementKind,
  type CertificateLanguage,
  formatCertificateDate,
  RESULT_WORDS,
} from '#contract/resources/certificate.ts';

/** The fonts of the canvas: the console's bundled Noto families, in the server PDF's order. */
export const CERTIFICATE_FONTS =
  "'Noto Sans', 'Noto Sans Thai', 'Noto Sans Myanmar', 'Noto Sans SC', sans-serif";
/** Konva Text's line height, the same as the server's (server/services/certificate-pdf.ts). */
export const LINE_HEIGHT = 1.2;

/** Sample learners and courses of the preview (the server's preview PDF prints the same). */
export const SAMPLES = CERTIFICATE_SAMPLES;
export const SAMPLE_DATE = CERTIFICATE_SAMPLE_DATE;
export const SAMPLE_VERIFY_URL = CERTIFICATE_SAMPLE_VERIFY_URL;

export const KIND_LABELS: Record<CertificateElementKind, MessageDescriptor> = {
  text: msg`Text box`,
  image: msg`Image`,
  date: msg`Date stamp`,
  courseName: msg`Course name`,
  result: msg`Pass/fail`,
  learnerName: msg`Learner name`,
  qr: msg`Verification QR code`,
};

/** What an element shows on the preview: the server prints the same (elementText there). */
export function sampleText(
  e: CertificateElement,
  template: CertificateLanguage,
  sample: CertificateLanguage,
) {
  switch (e.kind) {
    case 'text':
      return e.text;
    case 'learnerName':
      return SAMPLES[sample].learnerName;
    case 'courseName':
      return SAMPLES[sample].courseName;
    case 'date':
      return formatCertificateDate(SAMPLE_DATE, template);
    case 'result':
      return RESULT_WORDS[template].pass;
    default:
      return '';
  }
}

/** A new element of a kind, placed near the middle of the canvas. */
export function newElement(
  kind: CertificateElementKind,
  id: string,
  size: { width: number; height: number },
): CertificateElement {
  const square = kind === 'qr' || kind === 'image';
  const width = square ? 100 : Math.min(400, size.width - 40);
  const height = square ? 100 : 40;
  return {
    id,
    kind,
    x: Math.round((size.width - width) / 2),
    y: Math.round((size.height - height) / 2),
    width,
    height,
    text: kind === 'text' ? 'Text' : '',
    fontSize: 24,
    color: kind === 'qr' ? '#000000' : '#1f2937',
    align: 'center',
    bold: false,
    image: '',
  };
}
