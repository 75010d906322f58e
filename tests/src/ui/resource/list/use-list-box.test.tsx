import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/data/session/storage-keys';
import { useListBox } from '@/ui/resource/list/use-list-box';

const seen: { top: number; width: number }[] = [];

function List() {
  const box = useListBox<HTMLDivElement>();
  seen.push({ top: box.top, width: box.width });
  return <div ref={box.ref} />;
}

/** Where the list's element stands in this fake layout. */
function layout(top: number, width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  window.history.replaceState(null, '', '/home/community/frequently-asked-question');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useListBox', () => {
  it('measures the list and remembers where it stood on this page', () => {
    layout(210, 980);
    render(<List />);
    expect(seen[0]).toEqual({ top: 0, width: 0 });
    expect(seen.at(-1)).toEqual({ top: 210, width: 980 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.listBox)!)).toMatchObject({
      top: 210,
      width: 980,
      path: '/home/community/frequently-asked-question',
      windowWidth: window.innerWidth,
    });
  });

  it("starts the next visit's first render from the remembered box, with no second render when it still holds", () => {
    layout(210, 980);
    render(<List />);
    cleanup();
    seen.length = 0;
    render(<List />);
    expect(seen).toEqual([{ top: 210, width: 980 }]);
  });

  it('measures again when the page or the window width differs', () => {
    layout(210, 980);
    render(<List />);
    cleanup();
    seen.length = 0;
    window.history.replaceState(null, '', '/home/library');
    layout(150, 700);
    render(<List />);
    expect(seen[0]).toEqual({ top: 0, width: 0 });
    expect(seen.at(-1)).toEqual({ top: 150, width: 700 });
  });
});
