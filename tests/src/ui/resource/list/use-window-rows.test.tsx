import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWindowRows } from '@/ui/resource/list/use-window-rows';

/** The window's scroll offset and height in this fake layout, announced as the browser does. */
function view(scrollY: number, innerHeight: number, event: 'scroll' | 'resize' = 'scroll') {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrollY);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(innerHeight);
  act(() => {
    window.dispatchEvent(new Event(event));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const indices = (rows: { index: number }[]) => rows.map((r) => r.index);

describe('useWindowRows', () => {
  it('draws the rows the window shows, with the overscan each side, as it scrolls and resizes', () => {
    view(0, 600);
    let renders = 0;
    // 10,000 rows of 50 px, starting 200 px down the page, 2 rows of overscan.
    const { result } = renderHook(() => {
      renders++;
      return useWindowRows(10_000, 50, 200, 2);
    });
    // 400 px of the list shows: rows 0-7, and 2 more below.
    expect(indices(result.current.rows)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.current.rows[3]).toEqual({ index: 3, y: 150 });
    expect(result.current.height).toBe(500_000);

    view(200 + 50 * 1000 + 10, 600);
    expect(indices(result.current.rows)).toEqual(Array.from({ length: 17 }, (_, i) => 998 + i));

    // A scroll inside the same rows draws nothing again.
    const before = renders;
    view(200 + 50 * 1000 + 20, 600);
    expect(renders).toBe(before);

    view(200 + 50 * 1000 + 20, 300, 'resize');
    expect(indices(result.current.rows).at(-1)).toBe(1008);

    // The end of the list: nothing past the last row.
    view(200 + 50 * 10_000, 600);
    expect(indices(result.current.rows)).toEqual([9998, 9999]);
  });

  it('draws nothing for no rows and follows a changed count', () => {
    view(0, 600);
    const { result, rerender } = renderHook(({ count }) => useWindowRows(count, 56, 0, 6), {
      initialProps: { count: 0 },
    });
    expect(result.current.rows).toEqual([]);
    expect(result.current.height).toBe(0);
    rerender({ count: 3 });
    expect(indices(result.current.rows)).toEqual([0, 1, 2]);
    expect(result.current.height).toBe(168);
  });
});
