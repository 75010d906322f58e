import { Center, Spinner } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export function PageSpinner() {
  const { t } = useLingui();
  return (
    <Center minH="50dvh">
      <Spinner size="lg" aria-label={t`Loading`} />
    </Center>
  );
}
