import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The list's distance from the top of the document (the window virtualizer's scrollMargin) and
 * its width (how many cards fit in a row), kept current as the layout changes.
 */
export function useListBox<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [box, setBox] = useState({ top: 0, width: 0 });
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
  return { ref, ...box };
}

/**
 * The window's size for a window virtualizer's first render (its `initialRect`). Without it the
 * virtualizer draws no item until it has measured the window, so a list's first rows came a
 * second render (about 30 ms of a 10,000-row start) later.
 */
export const windowRect = () => ({ width: window.innerWidth, height: window.innerHeight });
