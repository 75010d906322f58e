/**
 * The modules each start of the app loads first, relative to the project root: the sign-in
 * page's (its entry and what it imports), and what a signed-in console adds to them (its entry,
 * the shell's layout and the resource page most screens are drawn with). The build groups their
 * code by them (scripts/chunk-groups.ts) and the sign-in page preloads the console's
 * (scripts/console-preload.ts).
 */
export const SIGN_IN_MODULES = ['src/main.tsx', 'src/app/sign-in-entry.tsx'];
export const CONSOLE_MODULES = [
  'src/app/console-entry.tsx',
  'src/app/layout/shell-layout.tsx',
  'src/ui/resource/resource-page.tsx',
];
