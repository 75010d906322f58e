import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '@/data/session/storage-keys';

type Box = { top: number; width: number };
type Remembered = Box & { path: string; windowWidth: number };

/**
 * The box last measured on this page at this window width. A list's first render starts from it,
 * so at the next start on the page its rows are placed right at once, instead of in a second
 * render after measuring (issue 14).
 */
function rememberedBox(): Box {
  const b = readStored<Remembered>(STORAGE_KEYS.listBox);
  return b?.path === window.location.pathname && b.windowWidth === window.innerWidth
    ? { top: b.top ?? 0, width: b.width ?? 0 }
    : { top: 0, width: 0 };
}

const remember = (box: Box) =>
  writeStored(STORAGE_KEYS.listBox, {
    ...box,
    path: window.location.pathname,
    windowWidth: window.innerWidth,
  } satisfies Remembered);

/**
 * The list's distance from the top of the document (the window virtualizer's scrollMargin) and
 * its width (how many cards fit in a row), kept current as the layout changes.
 */
export function useListBox<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [box, setBox] = useState(rememberedBox);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      const width = el.clientWidth;
      setBox((b) => (b.top === top && b.width === width ? b : { top, width }));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (box.width > 0) remember(box);
  }, [box]);
  return { ref, ...box };
}

/**
 * The window's size for a window virtualizer's first render (its `initialRect`). Without it the
 * virtualizer draws no item until it has measured the window, so a list's first rows came a
 * second render (about 30 ms of a 10,000-row start) later.
 */
export const windowRect = () => ({ width: window.innerWidth, height: window.innerHeight });
