import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MountWhenOpened } from '@/ui/dialog/mount-when-opened';

afterEach(cleanup);

const dialog = (open: boolean) => (
  <MountWhenOpened open={open}>
    <p data-testid="dialog">{open ? 'open' : 'closed'}</p>
  </MountWhenOpened>
);

describe('MountWhenOpened', () => {
  it('renders nothing while the dialog has never been opened', () => {
    render(dialog(false));
    expect(screen.queryByTestId('dialog')).toBeNull();
  });

  it('renders the dialog once opened, and keeps it after it closes (so closing can animate)', () => {
    const view = render(dialog(false));
    view.rerender(dialog(true));
    expect(screen.getByTestId('dialog').textContent).toBe('open');
    view.rerender(dialog(false));
    expect(screen.getByTestId('dialog').textContent).toBe('closed');
  });

  it('renders a dialog that starts open at once', () => {
    render(dialog(true));
    expect(screen.getByTestId('dialog').textContent).toBe('open');
  });
});
