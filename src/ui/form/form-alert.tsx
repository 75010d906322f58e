import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = { children: ReactNode; status?: 'error' | 'warning' | 'success' };

/** A message about the whole form (refused, offline, sent); an error is announced at once. */
export function FormAlert({ children, status = 'error' }: Props) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
