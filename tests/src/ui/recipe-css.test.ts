import { describe, expect, it } from 'vitest';
import { mergeCss, recipeCss, slotRecipeCss } from '@/ui/recipe-css';

describe('recipe styles for plain elements', () => {
  it('merges style objects deeply, later parts winning', () => {
    expect(
      mergeCss({ px: '2', _hover: { bg: 'red', color: 'white' } }, undefined, { _hover: { bg: 'blue' } }),
    ).toEqual({
      px: '2',
      _hover: { bg: 'blue', color: 'white' },
    });
  });

  it("are a recipe's base with the chosen variants over it", () => {
    const outline = recipeCss('button', { size: 'sm', variant: 'outline' });
    expect(outline).toMatchObject({
      display: 'inline-flex',
      h: '9',
      px: '3.5',
      borderColor: 'var(--outline-color, var(--outline-color-legacy))',
    });
    expect(outline._disabled).toEqual({ layerStyle: 'disabled' });
    // Variants not chosen are the recipe's defaults (size "md", variant "solid").
    expect(recipeCss('button')).toMatchObject({ h: '10', bg: 'colorPalette.solid' });
  });

  it("are one part's for a multi-part component", () => {
    expect(slotRecipeCss('breadcrumb', 'list', { size: 'sm' })).toMatchObject({
      display: 'flex',
      gap: '1',
      textStyle: 'xs',
    });
    expect(slotRecipeCss('breadcrumb', 'currentLink')).toEqual({ color: 'fg' });
  });

  it('refuse a recipe the theme does not have', () => {
    expect(() => recipeCss('no-such-thing')).toThrow(/no recipes "no-such-thing"/);
  });
});
