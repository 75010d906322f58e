import type { Gap } from '#contract/skill-gaps.ts';
import { cellText, GAP_LOOK } from './skill-matrix-look';
import type { MatrixModel } from './skill-matrix-model';

// The skill chart's cells painted on one canvas the size of the viewport, redrawn on each scroll
// event: a scroll step costs a few hundred rectangles and short strings, never DOM nodes, style or
// layout. Every size is fixed, so where a cell is and which cells are in view is arithmetic.

export const NAME_WIDTH = 220;
export const COLUMN_WIDTH = 96;
export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 88;

/** The gap colours and the grid lines as the canvas needs them (CSS variables resolved). */
export type Palette = {
  gap: Record<Gap, { bg: string; fg: string }>;
  border: string;
  names: string;
  header: string;
  font: string;
};

/** Reads the palette from the chart's element, where Chakra's colour variables are defined. */
export function readPalette(el: Element): Palette {
  const style = getComputedStyle(el);
  const resolve = (value: string) => {
    const name = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    return name ? style.getPropertyValue(name).trim() || 'transparent' : value;
  };
  const gap = Object.fromEntries(
    (Object.keys(GAP_LOOK) as Gap[]).map((g) => [
      g,
      { bg: resolve(GAP_LOOK[g].bg), fg: resolve(GAP_LOOK[g].fg) },
    ]),
  ) as Palette['gap'];
  return {
    gap,
    border: resolve('var(--chakra-colors-border)'),
    names: resolve('var(--chakra-colors-bg)'),
    header: resolve('var(--chakra-colors-bg-muted)'),
    font: `13px ${style.fontFamily}`,
  };
}

/** The scroll offsets of the chart and the size of the canvas laid over its viewport, in CSS pixels. */
export type View = { top: number; left: number; width: number; height: number };

/** The first and last row and column with any part in view (last < first when there is none). */
export function inView(view: View, people: number, skills: number) {
  return {
    r0: Math.floor(view.top / ROW_HEIGHT),
    r1: Math.min(people - 1, Math.floor((view.top + view.height - HEADER_HEIGHT - 1) / ROW_HEIGHT)),
    c0: Math.floor(view.left / COLUMN_WIDTH),
    c1: Math.min(skills - 1, Math.floor((view.left + view.width - NAME_WIDTH - 1) / COLUMN_WIDTH)),
  };
}

/**
 * Paints the cells in view: each a rectangle in its gap's colour with its text (mark and
 * level/required), one pixel apart so the grid lines show between them. Returns how many.
 * The names and the skills' header are DOM above the canvas; their bands get their background
 * here so a row whose name is not drawn yet never shows cell colours through it.
 */
export function paintCells(canvas: HTMLCanvasElement, model: MatrixModel, palette: Palette, view: View) {
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) return 0;
  const ratio = canvas.width / Math.max(1, view.width);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = palette.border;
  ctx.fillRect(0, 0, view.width, view.height);
  ctx.fillStyle = palette.names;
  ctx.fillRect(0, 0, NAME_WIDTH, view.height);
  ctx.fillStyle = palette.header;
  ctx.fillRect(0, 0, view.width, HEADER_HEIGHT);

  const { r0, r1, c0, c1 } = inView(view, model.people.length, model.skills.length);
  ctx.save();
  ctx.beginPath();
  ctx.rect(NAME_WIDTH, HEADER_HEIGHT, view.width - NAME_WIDTH, view.height - HEADER_HEIGHT);
  ctx.clip();
  ctx.font = palette.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = COLUMN_WIDTH - 1;
  const h = ROW_HEIGHT - 1;
  let painted = 0;
  for (let r = r0; r <= r1; r++) {
    const person = model.people[r]!;
    const y = HEADER_HEIGHT + r * ROW_HEIGHT - view.top;
    for (let c = c0; c <= c1; c++) {
      const cell = model.cell(person, model.skills[c]!);
      const look = palette.gap[cell.gap];
      const x = NAME_WIDTH + c * COLUMN_WIDTH - view.left;
      ctx.fillStyle = look.bg;
      ctx.fillRect(x, y, w, h);
      const text = cellText(cell);
      if (text) {
        ctx.fillStyle = look.fg;
        ctx.fillText(text, x + w / 2, y + h / 2);
      }
      painted += 1;
    }
  }
  ctx.restore();
  return painted;
}
