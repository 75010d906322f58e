import { useRegisterSW } from 'virtual:pwa-register/react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { hasUnsavedWork } from '@/data/unsaved-work';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** A new version waits until the user says so: the console never reloads over someone's work. */
export function UpdatePrompt() {
  const [warnUnsaved, setWarnUnsaved] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;

  const reload = () => {
    if (!warnUnsaved && hasUnsavedWork()) setWarnUnsaved(true);
    else void updateServiceWorker(true);
  };
  const later = () => {
    setWarnUnsaved(false);
    setNeedRefresh(false);
  };

  return (
    <Box
      data-testid="update-prompt"
      role="status"
      position="fixed"
      top="4"
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
      <Stack gap="3">
        <Text fontWeight="semibold">
          <Trans>A new version is available</Trans>
        </Text>
        {warnUnsaved && (
          <Text color="red.600" fontSize="sm">
            <Trans>You have unsaved changes. Reloading now will lose them. Reload anyway?</Trans>
          </Text>
        )}
        <HStack justify="flex-end">
          <Button size="sm" variant="ghost" onClick={later}>
            <Trans>Later</Trans>
          </Button>
          <Button size="sm" colorPalette={warnUnsaved ? 'red' : 'blue'} onClick={reload}>
            {warnUnsaved ? <Trans>Reload anyway</Trans> : <Trans>Reload</Trans>}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
