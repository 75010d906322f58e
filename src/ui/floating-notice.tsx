import { Box, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = { testId: string; placement: 'top' | 'bottom'; children: ReactNode };

/** A non-blocking panel in a corner (full width on phones) that stays until acted on. */
export function FloatingNotice({ testId, placement, children }: Props) {
  return (
    <Box
      data-testid={testId}
      role="status"
      position="fixed"
      top={placement === 'top' ? '4' : undefined}
      bottom={placement === 'bottom' ? '4' : undefined}
      insetEnd="4"
      insetStart={{ base: '4', sm: 'auto' }}
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="lg"
      p="4"
      maxW={{ sm: 'sm' }}
    >
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}
