/**
 * Issue 14: while the admin types on the sign-in page, the browser downloads and compiles the
 * console's code (modulepreload: nothing of it runs, so typing never waits on it). At the click the
 * console then starts from memory instead of downloading its code beside the first sync's answers.
 * The build lists the files in index.html (scripts/console-preload.ts); in development there is
 * no list and nothing is preloaded.
 */
/** The element of index.html holding the list (JSON). */
export const CONSOLE_FILES_ID = 'console-files';

let prepared = false;

export function prepareConsole() {
  if (prepared) return;
  prepared = true;
  const list = document.getElementById(CONSOLE_FILES_ID)?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
