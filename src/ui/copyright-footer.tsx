import { Box, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

export function CopyrightFooter({ owner }: { owner: string }) {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" px="4" py="3" borderTopWidth="1px" bg="bg" textAlign="center">
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          © {year} {owner}. All rights reserved.
        </Trans>
      </Text>
    </Box>
  );
}
