import { describe, expect, it } from 'vitest';
import { CHART_COLORS, contrast, STATE_CHART_COLORS } from '@/features/dashboard/dashboard-colors';

const CARD = '#ffffff';

describe('dashboard chart colours (WCAG)', () => {
  it('computes the WCAG ratio (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#2563eb', '#2563eb')).toBe(1);
  });

  it('draws every bar, line, heat step and pie slice at 3:1 or more against the card', () => {
    const marks = [
      CHART_COLORS.bar,
      CHART_COLORS.second,
      ...CHART_COLORS.heat,
      ...Object.values(STATE_CHART_COLORS),
    ];
    for (const c of marks) expect(contrast(c, CARD), c).toBeGreaterThanOrEqual(3);
  });

  it('writes the pie and bar figures in white at 4.5:1 or more, and the axis text on the card too', () => {
    for (const c of [CHART_COLORS.bar, CHART_COLORS.second, ...Object.values(STATE_CHART_COLORS)])
      expect(contrast('#ffffff', c), c).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CHART_COLORS.text, CARD)).toBeGreaterThanOrEqual(4.5);
  });
});
