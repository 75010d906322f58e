import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
// Chakra's theme file by file: its `theme` entry builds the whole default theme (every recipe) in
// one module, which would put all of them on the sign-in page.
import { breakpoints } from 'chakra-theme-parts/breakpoints.js';
import { globalCss } from 'chakra-theme-parts/global-css.js';
import { layerStyles } from 'chakra-theme-parts/layer-styles.js';
import { animationStyles } from 'chakra-theme-parts/motion-styles.js';
import { alertSlotRecipe } from 'chakra-theme-parts/recipes/alert.js';
import { buttonRecipe } from 'chakra-theme-parts/recipes/button.js';
import { cardSlotRecipe } from 'chakra-theme-parts/recipes/card.js';
import { dialogSlotRecipe } from 'chakra-theme-parts/recipes/dialog.js';
import { fieldSlotRecipe } from 'chakra-theme-parts/recipes/field.js';
import { headingRecipe } from 'chakra-theme-parts/recipes/heading.js';
import { iconRecipe } from 'chakra-theme-parts/recipes/icon.js';
import { inputRecipe } from 'chakra-theme-parts/recipes/input.js';
import { spinnerRecipe } from 'chakra-theme-parts/recipes/spinner.js';
import { semanticColors } from 'chakra-theme-parts/semantic-tokens/colors.js';
import { semanticRadii } from 'chakra-theme-parts/semantic-tokens/radii.js';
import { semanticShadows } from 'chakra-theme-parts/semantic-tokens/shadows.js';
import { textStyles } from 'chakra-theme-parts/text-styles.js';
import { animations } from 'chakra-theme-parts/tokens/animations.js';
import { aspectRatios } from 'chakra-theme-parts/tokens/aspect-ratios.js';
import { blurs } from 'chakra-theme-parts/tokens/blurs.js';
import { borders } from 'chakra-theme-parts/tokens/borders.js';
import { colors } from 'chakra-theme-parts/tokens/colors.js';
import { cursor } from 'chakra-theme-parts/tokens/cursor.js';
import { durations } from 'chakra-theme-parts/tokens/durations.js';
import { easings } from 'chakra-theme-parts/tokens/easings.js';
import { fontSizes } from 'chakra-theme-parts/tokens/font-sizes.js';
import { fontWeights } from 'chakra-theme-parts/tokens/font-weights.js';
import { fonts } from 'chakra-theme-parts/tokens/fonts.js';
import { keyframes } from 'chakra-theme-parts/tokens/keyframes.js';
import { letterSpacings } from 'chakra-theme-parts/tokens/letter-spacing.js';
import { lineHeights } from 'chakra-theme-parts/tokens/line-heights.js';
import { radii } from 'chakra-theme-parts/tokens/radius.js';
import { sizes } from 'chakra-theme-parts/tokens/sizes.js';
import { spacing } from 'chakra-theme-parts/tokens/spacing.js';
import { zIndices } from 'chakra-theme-parts/tokens/z-indices.js';
import { themeConfig } from '@/app/theme-config';

/**
 * The sign-in page's system (issue 14: a light sign-in): Chakra's base config, its tokens, and only
 * the recipes /login uses, instead of every component's. The tokens are the console's
 * (app/theme.ts), so the page looks the same; a component added to /login needs its recipe here.
 */
export const signInSystem = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors,
        durations,
        easings,
        fonts,
        fontSizes,
        fontWeights,
        letterSpacings,
        lineHeights,
        radii,
        spacing,
        sizes,
        zIndex: zIndices,
        cursor,
      },
      semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
      },
    },
  }),
  themeConfig,
);
