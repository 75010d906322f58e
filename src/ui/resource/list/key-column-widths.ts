import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LocalRow } from '@/data/db/local-types';
import { displayText } from '@/ui/resource/list/display-text';
import type { AnyView } from '@/ui/resource/view-config';

/** Values measured per column: those within a few characters of the longest (the widest in practice). */
const CANDIDATES = 40;
const NEAR_LONGEST = 4;
/** A cell's horizontal padding (px 3) on both sides, plus a little for glyphs drawn wider. */
const PADDING_PX = 28;
/** A heading's sort button padding and arrow. */
const HEADING_EXTRA_PX = 48;
const MAX_PX = 360;

let canvas: CanvasRenderingContext2D | null | undefined;

function textWidth(texts: string[], font: string) {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return 0;
  canvas.font = font;
  return Math.max(0, ...texts.map((t) => canvas!.measureText(t).width));
}

/** The texts of a column within a few characters of its longest, in one pass over the rows. */
function longestTexts(texts: Iterable<string>) {
  let most = 0;
  let near: string[] = [];
  for (const t of texts) {
    if (t.length > most) {
      most = t.length;
      near = near.filter((n) => n.length >= most - NEAR_LONGEST);
    }
    if (t.length >= most - NEAR_LONGEST && near.length < CANDIDATES) near.push(t);
  }
  return near;
}

/**
 * Pixel widths of the view's key columns, wide enough for their longest value and their heading.
 * Each row of the virtualized table is its own grid, so widths cannot come from the content
 * (`max-content` would differ from row to row): they are measured with the list's font, again once
 * the web fonts have loaded, and only ever grow while the list is open, so typing a search does
 * not make the columns jump.
 */
export function useKeyColumnWidths(view: AnyView, rows: LocalRow[], headings: Record<string, string>) {
  const { i18n } = useLingui();
  const [fontsReady, setFontsReady] = useState(false);
  const widest = useRef<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    void document.fonts?.ready.then(() => live && setFontsReady(true));
    return () => {
      live = false;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again once the fonts have loaded
  return useMemo(() => {
    const keys = view.keyColumns ?? [];
    if (!keys.length) return widest.current;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const family = getComputedStyle(document.body).fontFamily;
    const next = { ...widest.current };
    for (const field of keys) {
      const texts = longestTexts(rows.map((r) => displayText(i18n, view, field, r[field])));
      const cell = textWidth(texts, `${0.875 * rem}px ${family}`) + PADDING_PX;
      const heading = textWidth([headings[field] ?? ''], `600 ${0.75 * rem}px ${family}`) + HEADING_EXTRA_PX;
      next[field] = Math.max(next[field] ?? 0, Math.min(MAX_PX, Math.ceil(Math.max(cell, heading))));
    }
    widest.current = next;
    return next;
  }, [view, rows, headings, i18n, fontsReady]);
}
