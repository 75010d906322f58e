import { Box } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, memo, useCallback, useMemo, useRef } from 'react';
import type { Gap } from '#contract/skill-gaps.ts';
import type { Cell, MatrixModel, PersonRow, SkillColumn } from './skill-matrix-model';

// The matrix drawn virtualized both ways: only the rows and columns in view exist in the DOM,
// cells are plain elements (no component per cell), and one handler on the grid serves every
// cell's click and arrow keys. Each cell is a button whose label says person, skill, gap and levels. The names stay on the left and the skills on top while scrolling.

export const NAME_WIDTH = 220;
const COLUMN_WIDTH = 96;
const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 88;
const rowSize = () => ROW_HEIGHT;
const columnSize = () => COLUMN_WIDTH;

/** Colour and word of each gap: the colour is never the only sign (WCAG 1.4.1). */
export const GAP_LOOK: Record<Gap, { bg: string; fg: string; mark: string; label: MessageDescriptor }> = {
  meets: {
    bg: 'var(--chakra-colors-green-100)',
    fg: 'var(--chakra-colors-green-900)',
    mark: '✓',
    label: msg`Meets`,
  },
  below: {
    bg: 'var(--chakra-colors-red-100)',
    fg: 'var(--chakra-colors-red-900)',
    mark: '✗',
    label: msg`Below`,
  },
  expired: {
    bg: 'var(--chakra-colors-orange-100)',
    fg: 'var(--chakra-colors-orange-900)',
    mark: '!',
    label: msg`Expired`,
  },
  notAssessed: {
    bg: 'var(--chakra-colors-gray-200)',
    fg: 'var(--chakra-colors-gray-900)',
    mark: '?',
    label: msg`Not assessed`,
  },
  notRequired: {
    bg: 'var(--chakra-colors-bg)',
    fg: 'var(--chakra-colors-fg-muted)',
    mark: '',
    label: msg`Not required`,
  },
};

/** What a cell says: its mark and "level/required" (a level alone where nothing is required). */
export function cellText(c: Cell) {
  const level = c.assessment ? String(c.assessment.level) : '–';
  if (!c.required) return c.assessment ? level : '';
  return `${GAP_LOOK[c.gap].mark} ${level}/${c.required}`;
}

/** The words of a cell's label, translated once per language rather than once per cell. */
export type CellWords = {
  gap: Record<Gap, string>;
  level: string[];
  required: string[];
  none: string;
};

export function cellWords(i18n: I18n): CellWords {
  const levels = [0, 1, 2, 3, 4];
  return {
    gap: Object.fromEntries(
      (Object.keys(GAP_LOOK) as Gap[]).map((g) => [g, i18n._(GAP_LOOK[g].label)]),
    ) as Record<Gap, string>,
    level: levels.map((n) => i18n._(msg`level ${n}`)),
    required: levels.map((n) => i18n._(msg`required ${n}`)),
    none: i18n._(msg`no assessment`),
  };
}

export function cellLabel(words: CellWords, person: PersonRow, skill: SkillColumn, c: Cell) {
  const level = c.assessment ? (words.level[c.assessment.level] ?? '') : words.none;
  const required = c.required ? `, ${words.required[c.required] ?? ''}` : '';
  return `${person.name}, ${skill.name}, ${words.gap[c.gap]}, ${level}${required}`;
}

type Props = {
  model: MatrixModel;
  onOpen: (person: PersonRow, skill: SkillColumn) => void;
};

export function SkillMatrixGrid({ model, onOpen }: Props) {
  const { i18n, t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: model.people.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowSize,
    overscan: 4,
    // Render in the next frame rather than inside each scroll event: the two virtualizers share
    // one scroll element, and a synchronous render per event made every frame a long task.
    useFlushSync: false,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: model.skills.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: columnSize,
    overscan: 2,
    useFlushSync: false,
  });
  const width = NAME_WIDTH + columns.getTotalSize();
  const words = useMemo(() => cellWords(i18n), [i18n]);
  const height = HEADER_HEIGHT + rows.getTotalSize();

  const at = (e: { target: EventTarget }) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-r]');
    return el ? { r: Number(el.dataset.r), c: Number(el.dataset.c) } : null;
  };
  const onClick = (e: MouseEvent) => {
    const p = at(e);
    if (p) onOpen(model.people[p.r]!, model.skills[p.c]!);
  };
  const focusCell = useCallback(
    (r: number, c: number) => {
      rows.scrollToIndex(r, { align: 'auto' });
      columns.scrollToIndex(c, { align: 'auto' });
      // The cell may only exist after the virtualizers have drawn the new range.
      const tryFocus = (left: number) => {
        const el = scrollRef.current?.querySelector<HTMLElement>(`[data-r="${r}"][data-c="${c}"]`);
        if (el) el.focus();
        else if (left > 0) requestAnimationFrame(() => tryFocus(left - 1));
      };
      tryFocus(5);
    },
    [rows, columns],
  );
  const onKeyDown = (e: KeyboardEvent) => {
    const p = at(e);
    if (!p) return;
    const last = { r: model.people.length - 1, c: model.skills.length - 1 };
    const next: Record<string, [number, number]> = {
      ArrowRight: [p.r, Math.min(last.c, p.c + 1)],
      ArrowLeft: [p.r, Math.max(0, p.c - 1)],
      ArrowDown: [Math.min(last.r, p.r + 1), p.c],
      ArrowUp: [Math.max(0, p.r - 1), p.c],
      Home: [p.r, 0],
      End: [p.r, last.c],
      PageDown: [Math.min(last.r, p.r + 10), p.c],
      PageUp: [Math.max(0, p.r - 10), p.c],
    };
    const to = Object.hasOwn(next, e.key) ? next[e.key] : undefined;
    if (!to) return;
    e.preventDefault();
    focusCell(to[0], to[1]);
  };

  const visibleColumns = columns.getVirtualItems();
  return (
    <Box
      ref={scrollRef}
      overflow="auto"
      // A fixed box whose inside cannot change anything outside it: a scroll step restyles and
      // lays out the few hundred cells in view, never the page around them.
      h={`min(calc(100dvh - 260px), ${height + 2}px)`}
      minH={`min(320px, ${height + 2}px)`}
      css={MATRIX_CSS}
      borderWidth="1px"
      borderRadius="md"
      as="section"
      data-testid="skill-matrix"
      aria-label={t`Skill chart`}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div style={{ position: 'relative', width, height, contain: 'layout style' }}>
        <div
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            height: HEADER_HEIGHT,
            width,
            background: 'var(--chakra-colors-bg-muted)',
          }}
        >
          <div
            style={{
              position: 'sticky',
              left: 0,
              zIndex: 3,
              width: NAME_WIDTH,
              height: HEADER_HEIGHT,
              padding: '8px',
              fontWeight: 600,
              background: 'var(--chakra-colors-bg-muted)',
              borderRight: '1px solid var(--chakra-colors-border)',
              display: 'flex',
              alignItems: 'flex-end',
            }}
          >
            {t`Person`}
          </div>
          {visibleColumns.map((vc) => {
            const s = model.skills[vc.index]!;
            return (
              <div
                key={s.id}
                title={s.mainTopic ? `${s.mainTopic} / ${s.name}` : s.name}
                data-testid="skill-column"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: NAME_WIDTH + vc.start,
                  width: vc.size,
                  height: HEADER_HEIGHT,
                  padding: '4px 6px',
                  fontSize: '12px',
                  lineHeight: 1.25,
                  overflow: 'hidden',
                  borderRight: '1px solid var(--chakra-colors-border)',
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'flex-end',
                }}
              >
                <span style={{ color: 'var(--chakra-colors-fg-muted)' }}>{s.mainTopic}</span>
                <strong style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>{s.name}</strong>
                <span style={{ color: 'var(--chakra-colors-fg-muted)' }}>
                  {model.partial
                    ? '…'
                    : i18n._(msg`${i18n.number(s.meets)} of ${i18n.number(s.required)} meet`)}
                </span>
              </div>
            );
          })}
        </div>
        {rows.getVirtualItems().map((vr) => (
          <MatrixRow
            key={model.people[vr.index]!.id}
            model={model}
            index={vr.index}
            top={HEADER_HEIGHT + vr.start}
            width={width}
            firstColumn={visibleColumns[0]?.index ?? 0}
            lastColumn={visibleColumns[visibleColumns.length - 1]?.index ?? -1}
            words={words}
          />
        ))}
      </div>
    </Box>
  );
}

/**
 * One person's row: memoized, so while scrolling only rows coming into view render (a row already
 * shown re-renders only when its column range moves). Static styles live in MATRIX_CSS; a cell
 * sets only its position inline.
 */
const MatrixRow = memo(function MatrixRow({
  model,
  index,
  top,
  width,
  firstColumn,
  lastColumn,
  words,
}: {
  model: MatrixModel;
  index: number;
  top: number;
  width: number;
  firstColumn: number;
  lastColumn: number;
  words: CellWords;
}) {
  const { i18n } = useLingui();
  const person = model.people[index]!;
  const cells = [];
  for (let c = firstColumn; c <= lastColumn; c++) {
    const skill = model.skills[c]!;
    const cell = model.cell(person, skill);
    cells.push(
      <button
        key={skill.id}
        type="button"
        className="sm-cell"
        aria-label={cellLabel(words, person, skill, cell)}
        data-r={index}
        data-c={c}
        data-gap={cell.gap}
        tabIndex={index === 0 && c === 0 ? 0 : -1}
        style={{ left: NAME_WIDTH + c * COLUMN_WIDTH }}
      >
        {cellText(cell)}
      </button>,
    );
  }
  return (
    <div className="sm-row" data-testid="matrix-row" style={{ top, width }}>
      <div className="sm-name">
        <span className="sm-name-text">{person.name}</span>
        <span className="sm-name-note">
          {person.gaps
            ? i18n._(msg`${i18n.number(person.gaps)} gap(s) of ${i18n.number(person.required)}`)
            : i18n._(msg`Meets all ${i18n.number(person.required)}`)}
        </span>
      </div>
      {cells}
    </div>
  );
});

const gapColours = Object.fromEntries(
  (Object.keys(GAP_LOOK) as Gap[]).map((g) => [
    `& .sm-cell[data-gap="${g}"]`,
    { background: GAP_LOOK[g].bg, color: GAP_LOOK[g].fg },
  ]),
);

/** A fixed box whose inside cannot change anything outside it, and the rows' static styles. */
const MATRIX_CSS = {
  contain: 'strict',
  '& .sm-row': {
    position: 'absolute',
    left: 0,
    height: `${ROW_HEIGHT}px`,
    borderBottom: '1px solid var(--chakra-colors-border)',
  },
  '& .sm-name': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    width: `${NAME_WIDTH}px`,
    height: '100%',
    padding: '2px 8px',
    background: 'var(--chakra-colors-bg)',
    borderRight: '1px solid var(--chakra-colors-border)',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    fontSize: '14px',
    lineHeight: 1.2,
  },
  '& .sm-name-text': { fontWeight: 500, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .sm-name-note': { fontSize: '12px', color: 'var(--chakra-colors-fg-muted)' },
  '& .sm-cell': {
    position: 'absolute',
    top: 0,
    width: `${COLUMN_WIDTH}px`,
    height: `${ROW_HEIGHT - 1}px`,
    border: 'none',
    borderRight: '1px solid var(--chakra-colors-border)',
    fontSize: '13px',
    fontVariantNumeric: 'tabular-nums',
    cursor: 'pointer',
  },
  ...gapColours,
} as const;
