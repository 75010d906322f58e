import { Box, Button, Image, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { extensionsOf } from '#contract/files.ts';

type Props = { src: string | null; onChoose: (file: File | undefined) => void };

export function ProfileImagePicker({ src, onChoose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // Extensions only: a picker showing "all files" leads to the spec's "Please choose image!".
  const accept = extensionsOf('image')
    .map((e) => `.${e}`)
    .join(',');
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'center' }}>
      <Box w={{ base: 'full', sm: '48' }} aspectRatio="16 / 9" bg="bg.muted" rounded="md" overflow="hidden">
        {src && <Image src={src} alt="" w="full" h="full" objectFit="cover" />}
      </Box>
      <Stack gap="1">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          <Trans>Choose image</Trans>
        </Button>
        <Text fontSize="xs" color="fg.muted">
          <Trans>GIF, JPG, PNG or BMP. It is cropped to 800 × 450.</Trans>
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          onChoose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Stack>
  );
}
