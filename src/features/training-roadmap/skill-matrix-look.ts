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
