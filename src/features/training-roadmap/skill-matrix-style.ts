import { GAP_LOOK } from './skill-matrix-look';
import { COLUMN_WIDTH, HEADER_HEIGHT, NAME_WIDTH, ROW_HEIGHT } from './skill-matrix-paint';

// The matrix's static styles as one stylesheet React hoists once (<style href precedence>), not a
// css prop: the grid renders on every scroll step, and a css prop is serialized and hashed on
// every render. The page renders it while the first screen is read, so the grid's arrival adds no
// style rules to the document.

const gapColours = (Object.keys(GAP_LOOK) as (keyof typeof GAP_LOOK)[])
  .map(
    (g) => `.sm-box .sm-cell[data-gap="${g}"] { background: ${GAP_LOOK[g].bg}; color: ${GAP_LOOK[g].fg}; }`,
  )
  .join('\n');

export const MATRIX_STYLE = `
.sm-box {
  overflow: auto;
  contain: strict;
  border: 1px solid var(--chakra-colors-border);
  border-radius: var(--chakra-radii-md);
}
.sm-box .sm-canvas { position: sticky; top: 0; left: 0; display: block; cursor: pointer; }
.sm-box .sm-head {
  position: sticky; top: 0; z-index: 2; height: ${HEADER_HEIGHT}px;
  background: var(--chakra-colors-bg-muted);
}
.sm-box .sm-corner {
  position: sticky; left: 0; z-index: 3; width: ${NAME_WIDTH}px; height: 100%; padding: 8px;
  font-weight: 600; background: var(--chakra-colors-bg-muted);
  border-right: 1px solid var(--chakra-colors-border);
  display: flex; align-items: flex-end;
}
.sm-box .sm-skill {
  position: absolute; top: 0; width: ${COLUMN_WIDTH}px; height: ${HEADER_HEIGHT}px; padding: 4px 6px;
  font-size: 12px; line-height: 1.25; overflow: hidden;
  border-right: 1px solid var(--chakra-colors-border);
  display: flex; flex-direction: column; justify-content: flex-end;
}
.sm-box .sm-skill-name { overflow-wrap: break-word; hyphens: auto; }
.sm-box .sm-muted { font-size: 12px; color: var(--chakra-colors-fg-muted); }
.sm-box .sm-row { position: absolute; left: 0; height: ${ROW_HEIGHT}px; pointer-events: none; }
.sm-box .sm-name {
  position: sticky; left: 0; z-index: 1; width: ${NAME_WIDTH}px; height: 100%; padding: 2px 8px;
  background: var(--chakra-colors-bg);
  border-right: 1px solid var(--chakra-colors-border);
  border-bottom: 1px solid var(--chakra-colors-border);
  display: flex; flex-direction: column; justify-content: center;
  font-size: 14px; line-height: 1.2; pointer-events: auto;
}
.sm-box .sm-name-text { font-weight: 500; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sm-box .sm-cell {
  position: absolute; top: 0; width: ${COLUMN_WIDTH - 1}px; height: ${ROW_HEIGHT - 1}px;
  display: flex; align-items: center; justify-content: center;
  font-size: 13px; font-variant-numeric: tabular-nums; cursor: pointer; pointer-events: auto;
}
.sm-box .sm-cell:focus-visible { outline: 3px solid var(--chakra-colors-blue-600); outline-offset: -3px; }
${gapColours}
@media print { .sm-noprint { display: none; } }
`;
