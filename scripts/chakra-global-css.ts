import { pathToFileURL } from 'node:url';
import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import type { Plugin } from 'vite';
import { source } from './bundle-closure.ts';

const ID = 'virtual:chakra-global.css';
const RESOLVED = `\0${ID}`;

/**
 * The global CSS a Chakra system's provider inserts (the layer order, the reset, the tokens as CSS
 * variables and the global rules), as the provider renders it on a server: the same emotion
 * serializer and stylis plugins as in the browser.
 */
export async function globalCssOf(system: SystemContext): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }, { ChakraProvider }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@chakra-ui/react'),
  ]);
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  const sheets = [...markup.matchAll(/<style data-emotion="[^"]*"[^>]*>(.*?)<\/style>/gs)];
  if (sheets.length === 0) throw new Error('ChakraProvider rendered no global styles');
  return sheets.map((m) => m[1]).join('\n');
}

/**
 * The system with the plain elements' class styles (src/app/class-styles.ts) added to its global
 * rules: for the stylesheet only, so the browser's system never holds or merges them.
 */
export async function withClassStyles(system: SystemContext, classStyles: Record<string, SystemStyleObject>) {
  const { createSystem } = await import('@chakra-ui/react');
  return createSystem(system._config, { globalCss: classStyles });
}

const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's createSystem serializes the reset, global rules and every token as CSS when a system is
 * made (about 40 ms of each start), for the provider, which no longer inserts it. Built, a system
 * serializes it only when `_global` is read: the build itself (globalCssOf) and the tests.
 */
export function lazyGlobalCss(code: string): string {
  if (!code.includes(EAGER_GLOBAL) || !code.includes('    _global,\n'))
    throw new Error('chakra-global-css: Chakra createSystem changed; look again at lazyGlobalCss');
  return code
    .replace(EAGER_GLOBAL, 'let _global;')
    .replace(
      '    _global,\n',
      '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
    );
}

/**
 * Issue 14: the console's Chakra system's global CSS, 48 kB, as a stylesheet (`virtual:chakra-global.css`,
 * imported by src/main.tsx), instead of serialized, hashed and inserted by every start (about 120 ms
 * of an offline start). The providers get their systems without it (src/app/built-global-css.ts).
 * The system is src/app/theme.ts's, loaded by Node, with the class styles of src/app/class-styles.ts
 * added: a change to either needs a new build, or a restart of the development server.
 */
export function chakraGlobalCss(): Plugin {
  return {
    name: 'chakra-global-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    transform: (code, id) => (SYSTEM_MODULE.test(id) ? lazyGlobalCss(code) : undefined),
    async load(id) {
      if (id !== RESOLVED) return;
      const { system } = (await import(pathToFileURL(source('src/app/theme.ts')).href)) as {
        system: SystemContext;
      };
      const { classStyles } = (await import(pathToFileURL(source('src/app/class-styles.ts')).href)) as {
        classStyles: Record<string, SystemStyleObject>;
      };
      return globalCssOf(await withClassStyles(system, classStyles));
    },
  };
}
