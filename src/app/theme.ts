import { createSystem, defaultConfig } from '@chakra-ui/react';
// Relative, so that Node can load this file in the build (scripts/chakra-global-css.ts).
import { themeConfig } from './theme-config.ts';

export const system = createSystem(defaultConfig, themeConfig);
