import type { SystemContext } from '@chakra-ui/react';

/**
 * A system for ChakraProvider whose global CSS (the reset, the tokens as CSS variables, the
 * global rules) the build has already put in the main stylesheet (scripts/chakra-global-css.ts),
 * so the provider does not insert it again at each start (issue 14). The sign-in page's system and
 * the console's have the same global CSS (tests/tooling/chakra-global-css.test.ts).
 */
export function withBuiltGlobalCss(system: SystemContext): SystemContext {
  return { ...system, _global: [], _config: { ...system._config, disableLayers: true } };
}
