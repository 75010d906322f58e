import { pathToFileURL } from 'node:url';
import type { SystemContext } from '@chakra-ui/react';
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
 * Issue 14: the console's Chakra system's global CSS, 48 kB, as a stylesheet (`virtual:chakra-global.css`,
 * imported by src/main.tsx), instead of serialized, hashed and inserted by every start (about 120 ms
 * of an offline start). The providers get their systems without it (src/app/built-global-css.ts).
 * The system is src/app/theme.ts's, loaded by Node: a change to the theme needs a new build, or a
 * restart of the development server.
 */
export function chakraGlobalCss(): Plugin {
  return {
    name: 'chakra-global-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return;
      const { system } = (await import(pathToFileURL(source('src/app/theme.ts')).href)) as {
        system: SystemContext;
      };
      return globalCssOf(system);
    },
  };
}
