import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem } from '@chakra-ui/react/styled-system';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
// Relative, so that Node can load this file in the build (scripts/chakra-global-css.ts).
import { themeConfig } from './theme-config.ts';

/**
 * Chakra's default config from its parts: the package's `defaultConfig` lives in a module that
 * also builds a `defaultSystem` we never use, about 50 ms of every start (issue 14).
 */
export const system = createSystem(defaultBaseConfig, defaultThemeConfig, themeConfig);
