import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** The request is under way: spinner, and a second press sends nothing. */
  loading?: boolean;
  disabled?: boolean;
  /** The id of the form when the button sits outside it (a dialog's footer). */
  form?: string;
};

/** The form's main button. */
export function SubmitButton({ children, loading, disabled, form }: Props) {
  return (
    <Button type="submit" colorPalette="blue" form={form} loading={loading} disabled={disabled || loading}>
      {children}
    </Button>
  );
}
