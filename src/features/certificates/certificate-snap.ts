/** How near (canvas units) an edge or centre must come to a guide to snap to it. */
const SNAP = 4;

export type Guides = { v: number | null; h: number | null };

/**
 * Snap guides while dragging: the moving element's left, centre and right (top, middle, bottom)
 * snap to the canvas's edges and centre and to the other elements' edges and centres.
 */
export function snapOf(
  box: { x: number; y: number; width: number; height: number },
  others: readonly { x: number; y: number; width: number; height: number }[],
  canvas: { width: number; height: number },
) {
  const vLines = [
    0,
    canvas.width / 2,
    canvas.width,
    ...others.flatMap((o) => [o.x, o.x + o.width / 2, o.x + o.width]),
  ];
  const hLines = [
    0,
    canvas.height / 2,
    canvas.height,
    ...others.flatMap((o) => [o.y, o.y + o.height / 2, o.y + o.height]),
  ];
  const best = (start: number, size: number, lines: number[]) => {
    let found: { pos: number; line: number; d: number } | null = null;
    for (const [offset] of [[0], [size / 2], [size]] as const)
      for (const line of lines) {
        const d = Math.abs(start + offset - line);
        if (d <= SNAP && (!found || d < found.d)) found = { pos: line - offset, line, d };
      }
    return found;
  };
  const v = best(box.x, box.width, vLines);
  const h = best(box.y, box.height, hLines);
  return { x: v ? v.pos : box.x, y: h ? h.pos : box.y, guides: { v: v?.line ?? null, h: h?.line ?? null } };
}
