import type { SystemContext } from '@chakra-ui/react';

/**
 * A system for ChakraProvider whose global CSS (the reset, the tokens as CSS variables, the
 * global rules) the build has already put in the main stylesheet (scripts/chakra-global-css.ts),
 * so the provider does not insert it again at each start (issue 14). The sign-in page's system and
 * the console's have the same global CSS (tests/tooling/chakra-global-css.test.ts).
 */
export function withBuiltGlobalCss(system: SystemContext): SystemContext {
  // Not a spread: the build makes `_global` a getter that serializes it (scripts/chakra-global-css.ts).
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  });
}
