import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { MediaPlayer } from '@/ui/media/media-player';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { RichText } from '@/ui/rich-text/markdown';

/** What a store item shows: its cover, a player for a sound or video, the description and text. */
export function StoreItemBody({ db, row }: { db: LocalDb; row: LocalRow }) {
  const { t } = useLingui();
  const title = String(row.title ?? '');
  const src = useFileUrl(db, String(row.file ?? '') || undefined);
  const cover = useFileUrl(db, String(row.cover ?? '') || undefined);
  const body = String(row.body ?? '').trim();
  let media: React.ReactNode = null;
  if (src && (row.kind === 'Video' || row.kind === 'Sound')) {
    media = (
      <MediaPlayer
        src={src}
        kind={row.kind === 'Video' ? 'video' : 'audio'}
        title={title}
        poster={cover}
        testId="store-media"
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
        <Box data-testid="store-article-body">
          <RichText source={body} />
        </Box>
      )}
    </Stack>
  );
}
