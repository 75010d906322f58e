import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withBuiltGlobalCss } from '@/app/built-global-css';
import { classStyles } from '@/app/class-styles';
import { signInSystem } from '@/app/sign-in-theme';
import { system } from '@/app/theme';
import { globalCssOf, lazyGlobalCss, withClassStyles } from '../../scripts/chakra-global-css.ts';

// The global CSS the build puts in the main stylesheet (scripts/chakra-global-css.ts) in place of
// what ChakraProvider would insert at each start (src/app/built-global-css.ts).
describe('Chakra global CSS built into the stylesheet', () => {
  it("is the console system's layers, reset, global rules and tokens", async () => {
    const css = await globalCssOf(system);
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toContain(':lang(my){line-height:1.8;}');
    expect(css).toMatch(/--chakra-colors-blue-500:#[0-9a-f]{6}/);
    expect(css).toContain("'Noto Sans Myanmar'");
  });

  it("is also the sign-in page's, so one stylesheet serves both providers", async () => {
    expect(await globalCssOf(signInSystem)).toBe(await globalCssOf(system));
  });

  it("adds the plain elements' class styles for the stylesheet only", async () => {
    const css = await globalCssOf(system);
    const built = await globalCssOf(await withClassStyles(system, classStyles));
    expect(css).not.toContain('.lac-');
    expect(built).toContain('.lac-top-bar .lac-top-button{');
    expect(built).toContain('.lac-rows .lac-row:hover{background:var(--chakra-colors-bg-subtle);');
    expect(built).toContain('.lac-sr-only{position:absolute;width:1px;');
    // The class rules are one block in the base layer; the theme's own CSS around it is unchanged.
    let at = 0;
    while (built[at] === css[at]) at++;
    const added = built.slice(at, built.length - (css.length - at));
    expect(built.endsWith(css.slice(at))).toBe(true);
    expect(added.startsWith('.lac-top-bar{')).toBe(true);
    expect(added).toContain('.lac-btn-solid{');
    expect(added).not.toContain('@layer');
  });

  it('is left out of what the providers insert', async () => {
    for (const s of [system, signInSystem]) {
      expect((await globalCssOf(s)).length).toBeGreaterThan(40_000);
      expect(await globalCssOf(withBuiltGlobalCss(s))).toBe('');
    }
  });

  it("is serialized by the built createSystem only when read (Chakra's own code, changed at build)", () => {
    const source = readFileSync('node_modules/@chakra-ui/react/dist/esm/styled-system/system.js', 'utf8');
    const built = lazyGlobalCss(source);
    expect(built).not.toContain('const _global = [');
    expect(built).toContain('get _global() {');
    expect(() => lazyGlobalCss(built)).toThrow(/createSystem changed/);
  });
});
