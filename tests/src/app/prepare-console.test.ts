import { afterEach, describe, expect, it, vi } from 'vitest';

// The sign-in page's preload of the console's code (src/app/prepare-console.ts).
afterEach(() => {
  document.head.innerHTML = '';
  vi.resetModules();
});

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

describe('prepareConsole', () => {
  it('adds one modulepreload per file the build listed, once however often the form gets focus', async () => {
    document.head.innerHTML =
      '<script type="application/json" id="console-files">["/assets/console-1.js","/assets/screens-1.js"]</script>';
    const { prepareConsole } = await import('@/app/prepare-console');
    prepareConsole();
    prepareConsole();
    expect(preloads()).toEqual(['/assets/console-1.js', '/assets/screens-1.js']);
  });

  it('preloads nothing without a list (the development server)', async () => {
    const { prepareConsole } = await import('@/app/prepare-console');
    prepareConsole();
    expect(preloads()).toEqual([]);
  });
});
