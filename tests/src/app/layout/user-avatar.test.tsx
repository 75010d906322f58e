import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf, UserAvatar } from '@/app/layout/user-avatar';

afterEach(cleanup);

describe('UserAvatar', () => {
  it("shows Chakra's initials: the first letters of the first and last words", () => {
    expect(initialsOf('Somchai Jaidee')).toBe('SJ');
    expect(initialsOf('Nguyen Van An')).toBe('NA');
    expect(initialsOf('  Madonna ')).toBe('M');
  });

  it('shows the initials until the picture has loaded, then the picture', () => {
    const view = render(<UserAvatar name="Somchai Jaidee" picture="/files/p.png" />);
    const initials = view.getByText('SJ');
    const img = view.container.querySelector('img')!;
    expect(initials.hidden).toBe(false);
    expect(img.hidden).toBe(true);
    fireEvent.load(img);
    expect(initials.hidden).toBe(true);
    expect(img.hidden).toBe(false);
  });

  it('keeps the initials when the picture cannot load, and when there is none', () => {
    const view = render(<UserAvatar name="Somchai Jaidee" picture="/files/missing.png" />);
    fireEvent.error(view.container.querySelector('img')!);
    expect(view.getByText('SJ').hidden).toBe(false);
    view.rerender(<UserAvatar name="Somchai Jaidee" picture={null} />);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.getByText('SJ').hidden).toBe(false);
  });
});
