import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { A4_LANDSCAPE, DEFAULT_CERTIFICATE_ELEMENTS } from '#contract/resources/certificate.ts';
import { demoBannerPng } from '../../server/db/demo-png.ts';
import { renderCertificatePdf } from '../../server/services/certificate-pdf.ts';

// Issue 10: the server's certificate PDF (pdf-lib with the bundled Noto fonts) holds the learner's
// name in Thai and in Chinese as real text, and the template's background picture.

const BACKGROUND = demoBannerPng([30, 90, 160], 421, 298);
const template = (language: 'th' | 'zh') => ({
  background: '/files/0190a0a0-0000-7000-8000-000000000001/background.png',
  ...A4_LANDSCAPE,
  language,
  elements: DEFAULT_CERTIFICATE_ELEMENTS,
});
const facts = (learnerName: string, courseName: string) => ({
  learnerName,
  courseName,
  issuedAt: '2030-05-01T03:00:00.000Z',
  passed: true,
  verifyUrl: 'http://console.test/verify/ABCDEFGHJKLM',
});
const load = async (url: string) => (url.endsWith('/background.png') ? new Uint8Array(BACKGROUND) : null);

async function read(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const images = await extractImages(pdf, 1);
  return { text, images, pages: pdf.numPages };
}

describe('certificate PDF', () => {
  it('prints a Thai name, the Thai date and result as text, over the background picture', async () => {
    const bytes = await renderCertificatePdf(template('th'), facts('สมชาย ใจดี', 'ความปลอดภัยในโรงงาน'), load);
    const { text, images, pages } = await read(bytes);
    expect(pages).toBe(1);
    expect(text).toContain('สมชาย ใจดี');
    expect(text).toContain('ความปลอดภัยในโรงงาน');
    expect(text).toContain('ผ่าน');
    expect(text).toContain('2573'); // 2030 in the Thai Buddhist calendar
    expect(images).toHaveLength(1);
    expect([images[0]!.width, images[0]!.height]).toEqual([421, 298]);
  });

  it('prints a Chinese name and course, with Latin text beside them', async () => {
    const bytes = await renderCertificatePdf(
      template('zh'),
      facts('王小明', '消防安全培训 Fire safety'),
      load,
    );
    const { text } = await read(bytes);
    expect(text).toContain('王小明');
    expect(text).toContain('消防安全培训 Fire safety');
    expect(text).toContain('通过');
    expect(text).toContain('Certificate of completion');
  });

  it('is a white page without a background, and embeds only the glyphs it needs', async () => {
    const bytes = await renderCertificatePdf(
      { ...template('zh'), background: '' },
      facts('王小明', '消防安全培训'),
      load,
    );
    const { images } = await read(bytes);
    expect(images).toHaveLength(0);
    // Subset fonts: far below the size of the font files it draws from.
    expect(bytes.byteLength).toBeLessThan(200_000);
  });
});
