import type { CourseState } from '#contract/learner-courses.ts';

/**
 * Chart colours, each at least 3:1 against the white card (WCAG 1.4.11) and with white text on
 * it at least 4.5:1 (the pie's figures); tests/src/features/dashboard checks the ratios.
 */
export const CHART_COLORS = {
  bar: '#2563eb',
  second: '#15803d',
  text: '#374151',
  grid: '#d1d5db',
  empty: '#eef0f3',
  emptyBorder: '#9ca3af',
  /** Heat map steps, few views to many; the lightest is still 3:1 on white. */
  heat: ['#3b82f6', '#2563eb', '#1d4ed8', '#1e3a8a'],
} as const;

export const STATE_CHART_COLORS: Record<CourseState, string> = {
  notStarted: '#6b7280',
  inProgress: '#2563eb',
  delay: '#c2410c',
  finishedBeforeExpiry: '#15803d',
  finishedAfterExpiry: '#0f766e',
  notFinished: '#dc2626',
};

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
