import { Text } from '@chakra-ui/react';

/**
 * The spec's one-line form message in red under the fields ("* Please enter the same confirm
 * Password!"); its line is kept while empty so the buttons do not jump, and read out as it changes.
 */
export function FormMessage({ message }: { message: string | null | undefined }) {
  return (
    <Text color="red.600" fontSize="sm" minH="5" aria-live="polite" role={message ? 'alert' : undefined}>
      {message ?? ''}
    </Text>
  );
}
