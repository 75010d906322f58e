import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  type CertificateElement,
  type CertificateLanguage,
  formatCertificateDate,
  RESULT_WORDS,
} from '#contract/resources/certificate.ts';
import { type Face, faceBytes, fontStack, runsOf } from '../lib/certificate-fonts.ts';

export type CertificateTemplateData = {
  background: string;
  width: number;
  height: number;
  language: CertificateLanguage;
  elements: CertificateElement[];
};

/** What one certificate says: printed by the learner name, course name, date, result and QR elements. */
export type CertificateFacts = {
  learnerName: string;
  courseName: string;
  issuedAt: string;
  passed: boolean;
  /** The public verification page the QR code opens. */
  verifyUrl: string;
};

/** Reads an uploaded file by its URL (`/files/<id>/<name>`); null when it cannot be read. */
export type LoadFile = (url: string) => Promise<Uint8Array | null>;

/** The layout shared with the console's canvas (Konva Text: line height 1.2). */
export const LINE_HEIGHT = 1.2;
/**
 * Konva puts the alphabetic baseline (ascent - descent) / 2 below the middle of the line box, with
 * the font box of the first family (Noto Sans: ascender 1069, descender 293, of 1000).
 */
const BASELINE_BELOW_MIDDLE = (1069 - 293) / 2 / 1000;

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);

function colour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** What an element prints. */
export function elementText(e: CertificateElement, facts: CertificateFacts, language: CertificateLanguage) {
  switch (e.kind) {
    case 'text':
      return e.text;
    case 'learnerName':
      return facts.learnerName;
    case 'courseName':
      return facts.courseName;
    case 'date':
      return formatCertificateDate(facts.issuedAt, language);
    case 'result':
      return facts.passed ? RESULT_WORDS[language].pass : RESULT_WORDS[language].fail;
    default:
      return '';
  }
}

class Fonts {
  private embedded = new Map<string, Promise<PDFFont>>();
  private doc: PDFDocument;
  constructor(doc: PDFDocument) {
    this.doc = doc;
  }
  font(face: Face) {
    let f = this.embedded.get(face.file);
    if (!f) {
      f = faceBytes(face).then((bytes) => this.doc.embedFont(bytes, { subset: true }));
      this.embedded.set(face.file, f);
    }
    return f;
  }
  async runs(text: string, bold: boolean, size: number) {
    const faces = await fontStack(bold ? 600 : 400);
    const out: { font: PDFFont; text: string; width: number }[] = [];
    for (const run of runsOf(text, faces)) {
      const font = await this.font(run.face);
      out.push({ font, text: run.text, width: font.widthOfTextAtSize(run.text, size) });
    }
    return out;
  }
  async width(text: string, bold: boolean, size: number) {
    return (await this.runs(text, bold, size)).reduce((n, r) => n + r.width, 0);
  }
}

/** Greedy word wrap inside the box's width; a word longer than the line (CJK names) breaks by character. */
async function wrap(fonts: Fonts, text: string, e: CertificateElement) {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      const candidate = line + word;
      if (!line || (await fonts.width(candidate.trimEnd(), e.bold, e.fontSize)) <= e.width) {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word;
    }
    // Break a line still too wide (no spaces) by characters.
    let rest = line.trimEnd();
    while (rest && (await fonts.width(rest, e.bold, e.fontSize)) > e.width) {
      const chars = [...rest];
      let n = chars.length - 1;
      while (n > 1 && (await fonts.width(chars.slice(0, n).join(''), e.bold, e.fontSize)) > e.width) n--;
      lines.push(chars.slice(0, n).join(''));
      rest = chars.slice(n).join('');
    }
    lines.push(rest);
  }
  return lines;
}

async function drawText(
  page: PDFPage,
  fonts: Fonts,
  e: CertificateElement,
  text: string,
  pageHeight: number,
) {
  const lines = await wrap(fonts, text, e);
  for (const [i, line] of lines.entries()) {
    const runs = await fonts.runs(line, e.bold, e.fontSize);
    const width = runs.reduce((n, r) => n + r.width, 0);
    let x = e.x;
    if (e.align === 'center') x += (e.width - width) / 2;
    if (e.align === 'right') x += e.width - width;
    const lineTop = e.y + i * e.fontSize * LINE_HEIGHT;
    const baseline = lineTop + (e.fontSize * LINE_HEIGHT) / 2 + e.fontSize * BASELINE_BELOW_MIDDLE;
    for (const run of runs) {
      page.drawText(run.text, {
        x,
        y: pageHeight - baseline,
        size: e.fontSize,
        font: run.font,
        color: colour(e.color),
      });
      x += run.width;
    }
  }
}

function drawQr(page: PDFPage, e: CertificateElement, url: string, pageHeight: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const side = Math.min(e.width, e.height);
  const cell = side / modules.size;
  const color = colour(e.color);
  page.drawRectangle({ x: e.x, y: pageHeight - e.y - side, width: side, height: side, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: e.x + start * cell,
        y: pageHeight - e.y - (row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color,
      });
    }
  }
}

async function embedImage(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null;
  if (startsWith(bytes, PNG)) return doc.embedPng(bytes);
  if (startsWith(bytes, JPEG)) return doc.embedJpg(bytes);
  return null;
}

/**
 * One certificate as a PDF of one page the size of the template: the background stretched over the
 * page, then each element in order (later ones on top), as the editor's canvas shows them.
 */
export async function renderCertificatePdf(
  template: CertificateTemplateData,
  facts: CertificateFacts,
  loadFile: LoadFile,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${facts.courseName} — ${facts.learnerName}`);
  doc.setCreator('Learning admin console');
  const { width, height } = template;
  const page = doc.addPage([width, height]);
  const fonts = new Fonts(doc);
  const background = template.background ? await embedImage(doc, await loadFile(template.background)) : null;
  if (background) page.drawImage(background, { x: 0, y: 0, width, height });
  for (const e of template.elements) {
    if (e.kind === 'qr') drawQr(page, e, facts.verifyUrl, height);
    else if (e.kind === 'image') {
      const image = e.image ? await embedImage(doc, await loadFile(e.image)) : null;
      if (image)
        page.drawImage(image, { x: e.x, y: height - e.y - e.height, width: e.width, height: e.height });
    } else {
      const text = elementText(e, facts, template.language);
      if (text) await drawText(page, fonts, e, text, height);
    }
  }
  return doc.save();
}
