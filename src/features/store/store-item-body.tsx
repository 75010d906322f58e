import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';

/** What a store item shows: its cover, a player for a sound or video, the description and text. */
export function StoreItemBody({ db, row }: { db: LocalDb; row: LocalRow }) {
  const { t } = useLingui();
  const title = String(row.title ?? '');
  const src = useFileUrl(db, String(row.file ?? '') || undefined);
  const cover = useFileUrl(db, String(row.cover ?? '') || undefined);
  const body = String(row.body ?? '').trim();
  let media: React.ReactNode = null;
  if (src && row.kind === 'Video') {
    media = (
      // biome-ignore lint/a11y/useMediaCaption: the store's videos come without caption files
      <video
        src={src}
        controls
        preload="metadata"
        poster={cover ?? undefined}
        style={{ width: '100%', borderRadius: 8, background: 'black' }}
        data-testid="store-media"
        aria-label={title}
      />
    );
  } else if (src && row.kind === 'Sound') {
    media = (
      // biome-ignore lint/a11y/useMediaCaption: the store's sounds come without caption files
      <audio
        src={src}
        controls
        preload="metadata"
        style={{ width: '100%' }}
        data-testid="store-media"
        aria-label={title}
      />
    );
  } else if (cover) {
    media = <Image src={cover} alt="" rounded="md" aspectRatio="16 / 9" objectFit="cover" />;
  }
  const minutes = Number(row.minutes ?? 0);
  const facts = [
    row.typeOfContentName ? String(row.typeOfContentName) : '',
    row.typeOfKnowledgeName ? String(row.typeOfKnowledgeName) : '',
    minutes ? t`${minutes} min` : '',
  ].filter(Boolean);
  return (
    <Stack gap="4">
      {media}
      {facts.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {facts.join(' · ')}
        </Text>
      )}
      {row.description ? <Text color="fg.muted">{String(row.description)}</Text> : null}
      {body && (
        <Box whiteSpace="pre-wrap" lineHeight="tall" data-testid="store-article-body">
          {body}
        </Box>
      )}
    </Stack>
  );
}
