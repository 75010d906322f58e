import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Gap } from '#contract/skill-gaps.ts';
import type { Cell, PersonRow, SkillColumn } from './skill-matrix-model';

// How a cell of the skill chart looks and reads, shared by the grid, the cards, the dialog, the
// print layout and the export.

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

/**
 * Messages of two counts, formatted once per language and pair of counts: the grid shows them on
 * every row and skill coming into view as it scrolls, and formatting a message allocates (the
 * formatters' options, cache keys) enough to bring on garbage collections while scrolling.
 */
function countsCache(make: (i18n: I18n, a: number, b: number) => string) {
  const byI18n = new WeakMap<I18n, { locale: string; texts: Map<number, Map<number, string>> }>();
  return (i18n: I18n, a: number, b: number) => {
    let mine = byI18n.get(i18n);
    if (!mine || mine.locale !== i18n.locale) {
      mine = { locale: i18n.locale, texts: new Map() };
      byI18n.set(i18n, mine);
    }
    let row = mine.texts.get(a);
    if (!row) {
      row = new Map();
      mine.texts.set(a, row);
    }
    let text = row.get(b);
    if (text === undefined) {
      text = make(i18n, a, b);
      row.set(b, text);
    }
    return text;
  };
}

/** A person's row: how many of the skills they need they fall short in, or that they meet all. */
export const personCounts = countsCache((i18n, gaps, required) =>
  gaps
    ? i18n._(msg`${i18n.number(gaps)} gap(s) of ${i18n.number(required)}`)
    : i18n._(msg`Meets all ${i18n.number(required)}`),
);

/** A skill's header: how many of the people who need it meet it. */
export const skillCounts = countsCache((i18n, meets, required) =>
  i18n._(msg`${i18n.number(meets)} of ${i18n.number(required)} meet`),
);
