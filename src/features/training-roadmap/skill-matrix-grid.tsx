import { useLingui } from '@lingui/react/macro';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cellLabel, cellText, cellWords, personCounts, skillCounts } from './skill-matrix-look';
import type { MatrixModel, PersonRow, SkillColumn } from './skill-matrix-model';
import {
  COLUMN_WIDTH,
  HEADER_HEIGHT,
  inView,
  NAME_WIDTH,
  type Palette,
  paintCells,
  ROW_HEIGHT,
  readPalette,
  type View,
} from './skill-matrix-paint';
import { MATRIX_STYLE } from './skill-matrix-style';

// The matrix: the coloured cells are painted on a canvas that stays over the viewport (see
// skill-matrix-paint.ts); the DOM holds only what sticks (the skills on top, the names on the
// left) and the one active cell. That cell is a real focusable gridcell of an ARIA grid (roving
// focus: Tab enters the grid on it, arrow keys move it, Enter or Space assesses), so keyboard and
// screen-reader users get the cell's meaning from its label, and a click anywhere on the canvas
// opens the cell under the pointer.

const OVERSCAN_ROWS = 2;
const OVERSCAN_COLUMNS = 1;

type Props = {
  model: MatrixModel;
  onOpen: (person: PersonRow, skill: SkillColumn) => void;
};
type Range = { r0: number; r1: number; c0: number; c1: number };
const sameRange = (a: Range, b: Range) => a.r0 === b.r0 && a.r1 === b.r1 && a.c0 === b.c0 && a.c1 === b.c1;

export function SkillMatrixGrid({ model, onOpen }: Props) {
  const { i18n, t } = useLingui();
  const words = useMemo(() => cellWords(i18n), [i18n]);
  const scrollRef = useRef<HTMLElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const activeRef = useRef<HTMLDivElement>(null);
  const people = model.people.length;
  const skills = model.skills.length;
  const width = NAME_WIDTH + skills * COLUMN_WIDTH;
  const height = HEADER_HEIGHT + people * ROW_HEIGHT;
  const [box, setBox] = useState({ width: 0, height: 0 });
  const canvasSize = { width: Math.min(box.width, width), height: Math.min(box.height, height) };
  const [range, setRange] = useState<Range>({ r0: 0, r1: -1, c0: 0, c1: -1 });
  const [activeAt, setActive] = useState({ r: 0, c: 0 });
  const active = { r: Math.min(activeAt.r, people - 1), c: Math.min(activeAt.c, skills - 1) };
  /** Set when the active cell moves by keyboard or pointer: the new cell takes the focus. */
  const takeFocus = useRef(false);

  // What the scroll handler needs, outside React: it paints and moves the DOM range itself.
  const latest = useRef({ model, palette: null as Palette | null, size: canvasSize });
  const draw = useCallback(() => {
    const el = scrollRef.current;
    const canvas = canvasRef.current;
    const { model: m, palette, size } = latest.current;
    if (!el || !canvas || !palette || !size.width || !size.height) return;
    const view: View = { top: el.scrollTop, left: el.scrollLeft, ...size };
    const painted = paintCells(canvas, m, palette, view);
    if (canvas.dataset.cells !== String(painted)) canvas.dataset.cells = String(painted);
    const seen = inView(view, m.people.length, m.skills.length);
    const next = {
      r0: Math.max(0, seen.r0 - OVERSCAN_ROWS),
      r1: Math.min(m.people.length - 1, seen.r1 + OVERSCAN_ROWS),
      c0: Math.max(0, seen.c0 - OVERSCAN_COLUMNS),
      c1: Math.min(m.skills.length - 1, seen.c1 + OVERSCAN_COLUMNS),
    };
    setRange((r) => (sameRange(r, next) ? r : next));
  }, []);

  useLayoutEffect(() => {
    const el = scrollRef.current!;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight });
    measure();
    latest.current.palette = readPalette(el);
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    el.addEventListener('scroll', draw, { passive: true });
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', draw);
    };
  }, [draw]);

  // The canvas's pixels per CSS pixel follow the screen's: a zoom or a move to another screen
  // changes the device pixel ratio without resizing anything, and would leave the cells blurred.
  const [ratio, setRatio] = useState(() => window.devicePixelRatio || 1);
  useEffect(() => {
    const media = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const changed = () => setRatio(window.devicePixelRatio || 1);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, [ratio]);

  // A new model, size or pixel ratio repaints before the browser shows the frame.
  useLayoutEffect(() => {
    latest.current.model = model;
    latest.current.size = { width: canvasSize.width, height: canvasSize.height };
    const canvas = canvasRef.current!;
    const w = Math.round(canvasSize.width * ratio);
    const h = Math.round(canvasSize.height * ratio);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    draw();
  }, [model, canvasSize.width, canvasSize.height, ratio, draw]);

  useLayoutEffect(() => {
    if (!takeFocus.current) return;
    takeFocus.current = false;
    activeRef.current?.focus({ preventScroll: true });
  });

  /** Scrolls the least that shows cell (r, c) whole below the skills and right of the names. */
  const reveal = (r: number, c: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const x = c * COLUMN_WIDTH;
    const y = r * ROW_HEIGHT;
    const across = el.clientWidth - NAME_WIDTH;
    const down = el.clientHeight - HEADER_HEIGHT;
    if (x < el.scrollLeft) el.scrollLeft = x;
    else if (x + COLUMN_WIDTH > el.scrollLeft + across) el.scrollLeft = x + COLUMN_WIDTH - across;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_HEIGHT > el.scrollTop + down) el.scrollTop = y + ROW_HEIGHT - down;
  };
  const moveTo = (r: number, c: number) => {
    reveal(r, c);
    takeFocus.current = true;
    setActive({ r, c });
  };

  const onClick = (e: MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('[data-r]')) return onOpen(model.people[active.r]!, model.skills[active.c]!);
    if (target.closest('.sm-name, .sm-head')) return;
    const rect = gridRef.current!.getBoundingClientRect();
    const c = Math.floor((e.clientX - rect.left - NAME_WIDTH) / COLUMN_WIDTH);
    const r = Math.floor((e.clientY - rect.top - HEADER_HEIGHT) / ROW_HEIGHT);
    if (r < 0 || c < 0 || r >= people || c >= skills) return;
    takeFocus.current = true;
    setActive({ r, c });
    onOpen(model.people[r]!, model.skills[c]!);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.target as HTMLElement).closest('[data-r]')) return;
    const { r, c } = active;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(model.people[r]!, model.skills[c]!);
      return;
    }
    const page = Math.max(
      1,
      Math.floor(((scrollRef.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT),
    );
    const last = { r: people - 1, c: skills - 1 };
    const next: Record<string, [number, number]> = {
      ArrowRight: [r, Math.min(last.c, c + 1)],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowDown: [Math.min(last.r, r + 1), c],
      ArrowUp: [Math.max(0, r - 1), c],
      Home: e.ctrlKey ? [0, 0] : [r, 0],
      End: e.ctrlKey ? [last.r, last.c] : [r, last.c],
      PageDown: [Math.min(last.r, r + page), c],
      PageUp: [Math.max(0, r - page), c],
    };
    const to = Object.hasOwn(next, e.key) ? next[e.key] : undefined;
    if (!to) return;
    e.preventDefault();
    moveTo(to[0], to[1]);
  };

  // Rows and skills keep their element while in view (keyed by their slot in a ring as large as
  // the range), so a scroll step rewrites the text of the few that enter instead of replacing all.
  const rowSlots = range.r1 - range.r0 + 2;
  const columnSlots = range.c1 - range.c0 + 2;
  const rows = [];
  for (let r = range.r0; r <= range.r1; r++)
    if (r !== active.r) rows.push(<MatrixRow key={r % rowSlots} model={model} index={r} width={width} />);
  const columns = [];
  for (let c = range.c0; c <= range.c1; c++)
    columns.push(
      <SkillHead key={c % columnSlots} skill={model.skills[c]!} index={c} partial={model.partial} />,
    );

  const activeCell = model.cell(model.people[active.r]!, model.skills[active.c]!);
  return (
    <section
      ref={scrollRef}
      className="sm-box"
      // A fixed box whose inside cannot change anything outside it.
      style={{
        height: `min(calc(100dvh - 260px), ${height + 2}px)`,
        minHeight: `min(320px, ${height + 2}px)`,
      }}
      data-testid="skill-matrix"
      aria-label={t`Skill chart`}
    >
      <style href="skill-matrix-grid" precedence="default">
        {MATRIX_STYLE}
      </style>
      {/* biome-ignore lint/a11y: an ARIA grid (two-dimensional arrow keys over painted cells), not a table */}
      <div
        ref={gridRef}
        role="grid"
        aria-label={t`Skill chart`}
        aria-rowcount={people + 1}
        aria-colcount={skills + 1}
        style={{ position: 'relative', width, height, contain: 'layout style' }}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <canvas
          ref={canvasRef}
          className="sm-canvas"
          data-testid="skill-matrix-canvas"
          style={{ width: canvasSize.width, height: canvasSize.height, marginBottom: -canvasSize.height }}
        />
        {/* biome-ignore lint/a11y: the grid's header row; its cells are headers, not controls */}
        <div className="sm-head" role="row" aria-rowindex={1} style={{ width }}>
          {/* biome-ignore lint/a11y: a header of the ARIA grid, not a control */}
          <div className="sm-corner" role="columnheader" aria-colindex={1}>
            {t`Person`}
          </div>
          {columns}
        </div>
        {rows}
        <MatrixRow key="active" model={model} index={active.r} width={width}>
          {/* biome-ignore lint/a11y: the focusable cell of the ARIA grid */}
          <div
            ref={activeRef}
            role="gridcell"
            tabIndex={0}
            key={`${active.r}:${active.c}`}
            className="sm-cell"
            aria-colindex={active.c + 2}
            aria-label={cellLabel(words, model.people[active.r]!, model.skills[active.c]!, activeCell)}
            data-r={active.r}
            data-c={active.c}
            data-gap={activeCell.gap}
            style={{ left: NAME_WIDTH + active.c * COLUMN_WIDTH }}
            onFocus={() => reveal(active.r, active.c)}
          >
            {cellText(activeCell)}
          </div>
        </MatrixRow>
      </div>
    </section>
  );
}

/** One skill's header: its main topic, its name, and how many of the people who need it meet it. */
const SkillHead = memo(function SkillHead({
  skill,
  index,
  partial,
}: {
  skill: SkillColumn;
  index: number;
  partial: boolean;
}) {
  const { i18n } = useLingui();
  return (
    // biome-ignore lint/a11y: a header of the ARIA grid, not a control
    <div
      role="columnheader"
      aria-colindex={index + 2}
      className="sm-skill"
      title={skill.mainTopic ? `${skill.mainTopic} / ${skill.name}` : skill.name}
      data-testid="skill-column"
      style={{ left: NAME_WIDTH + index * COLUMN_WIDTH }}
    >
      <span className="sm-muted">{skill.mainTopic}</span>
      <strong className="sm-skill-name">{skill.name}</strong>
      <span className="sm-muted">{partial ? '…' : skillCounts(i18n, skill.meets, skill.required)}</span>
    </div>
  );
});

/**
 * One person's row: the name that sticks on the left, and the active cell when it is in this row
 * (the other cells are painted). Memoized, so a scroll step renders only the rows coming into view.
 */
const MatrixRow = memo(function MatrixRow({
  model,
  index,
  width,
  children,
}: {
  model: MatrixModel;
  index: number;
  width: number;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const person = model.people[index]!;
  return (
    // biome-ignore lint/a11y: a row of the ARIA grid; its one focusable cell is the active one
    <div
      className="sm-row"
      role="row"
      aria-rowindex={index + 2}
      data-testid="matrix-row"
      style={{ top: HEADER_HEIGHT + index * ROW_HEIGHT, width }}
    >
      {/* biome-ignore lint/a11y: a header of the ARIA grid, not a control */}
      <div className="sm-name" role="rowheader" aria-colindex={1}>
        <span className="sm-name-text">{person.name}</span>
        <span className="sm-muted">{personCounts(i18n, person.gaps, person.required)}</span>
      </div>
      {children}
    </div>
  );
});
