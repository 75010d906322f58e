import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { STORAGE_KEYS } from '@/data/session/storage-keys';

/**
 * Shown until dismissed once on this device; the flag survives sign-out. It sits in the page
 * flow above everything, so it never covers a control on a small screen.
 */
export function CookieNotice() {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(STORAGE_KEYS.cookieNotice) === '1');
  if (dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(STORAGE_KEYS.cookieNotice, '1');
    setDismissed(true);
  };
  return (
    <Box
      as="section"
      role="region"
      aria-label={t`Cookie and privacy notice`}
      bg="gray.900"
      color="white"
      px="4"
      py="3"
    >
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }} maxW="5xl" mx="auto">
        <Text fontSize="sm" flex="1">
          <Trans>
            We use only the cookies and device storage needed to sign you in, remember your language and let
            the console work offline. We do not use tracking or advertising cookies.
          </Trans>
        </Text>
        <Button size="sm" colorPalette="gray" variant="solid" bg="white" color="gray.900" onClick={dismiss}>
          <Trans>Got it</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
