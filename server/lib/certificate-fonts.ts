import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The bundled Noto fonts of the console (@fontsource, the same files the browser shows the
// editor's preview with), for the server's certificate PDFs. Each package is split by
// unicode-range into subsets; a character is drawn with the first face whose range holds it, in
// the order of FAMILIES, as the browser's font-family list would.

const FAMILIES = ['noto-sans', 'noto-sans-thai', 'noto-sans-myanmar', 'noto-sans-sc'] as const;
const require = createRequire(import.meta.url);

export type Face = { file: string; ranges: [number, number][] };

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const a = Number.parseInt(from ?? '', 16);
    return [a, to ? Number.parseInt(to, 16) : a];
  });
}

async function facesOf(family: string, weight: number): Promise<Face[]> {
  let css: string;
  let dir: string;
  try {
    const path = require.resolve(`@fontsource/${family}/${weight}.css`);
    dir = dirname(path);
    css = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  const faces: Face[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const woff = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (woff && range) faces.push({ file: join(dir, woff), ranges: parseRanges(range) });
  }
  return faces;
}

const stacks = new Map<number, Promise<Face[]>>();

/** Every face of the four families at this weight (400 where a family has no such weight; the console loads 400 and 600), in order. */
export function fontStack(weight: 400 | 600): Promise<Face[]> {
  let stack = stacks.get(weight);
  if (!stack) {
    stack = (async () => {
      const out: Face[] = [];
      for (const family of FAMILIES) {
        const faces = await facesOf(family, weight);
        out.push(...(faces.length ? faces : await facesOf(family, 400)));
      }
      return out;
    })();
    stacks.set(weight, stack);
  }
  return stack;
}

export const covers = (face: Face, code: number) => face.ranges.some(([a, b]) => code >= a && code <= b);

/**
 * The text cut into runs, each drawn with one face: the first face that has the character;
 * marks and joiners (and characters no face has) stay in the run they follow.
 */
export function runsOf(text: string, faces: Face[]): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last && (covers(last.face, code) || /\p{M}|\u200c|\u200d/u.test(ch))) {
      last.text += ch;
      continue;
    }
    const face = faces.find((f) => covers(f, code)) ?? last?.face ?? faces[0];
    if (!face) continue;
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

const bytes = new Map<string, Promise<Uint8Array>>();
/** A face's file, read once. */
export function faceBytes(face: Face): Promise<Uint8Array> {
  let b = bytes.get(face.file);
  if (!b) {
    b = readFile(face.file).then((buf) => new Uint8Array(buf));
    bytes.set(face.file, b);
  }
  return b;
}
