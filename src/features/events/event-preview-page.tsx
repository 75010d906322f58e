import { Badge, Box, Card, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { EventFrame } from './event-frame';

/** /home/event/preview/{id}: the event as learners see it in the app. */
export default function EventPreviewPage() {
  const { t } = useLingui();
  return <EventFrame title={t`Preview`}>{({ db, event }) => <Preview db={db} event={event} />}</EventFrame>;
}

function Preview({ db, event }: { db: LocalDb; event: LocalRow }) {
  const { t, i18n } = useLingui();
  const cover = useFileUrl(db, (event.coverImage as string) || null);
  const when = (iso: unknown) =>
    new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: String(event.timeZone || 'Asia/Bangkok'),
    }).format(new Date(String(iso)));
  const repeats: Record<string, string> = {
    daily: t`Every day`,
    weekly: t`Every week`,
    monthly: t`Every month`,
  };
  const repeat = repeats[String(event.repeat)];
  return (
    <Box maxW="sm" w="full" mx={{ base: '0', sm: 'auto' }} data-testid="event-preview">
      <Card.Root overflow="hidden">
        {cover ? (
          <Image src={cover} alt="" aspectRatio={16 / 9} objectFit="cover" />
        ) : (
          <Box aspectRatio={16 / 9} bg="bg.muted" />
        )}
        <Card.Body gap="2">
          <Card.Title>{String(event.name)}</Card.Title>
          <Text>
            {when(event.startAt)} – {when(event.endAt)}
          </Text>
          {repeat && (
            <Badge alignSelf="start">
              {repeat}
              {event.repeatUntil ? ` · ${t`until`} ${String(event.repeatUntil)}` : ''}
            </Badge>
          )}
          {event.location ? (
            <Text color="fg.muted">
              <Trans>Location: {String(event.location)}</Trans>
            </Text>
          ) : null}
          {event.inCharge ? (
            <Text color="fg.muted">
              <Trans>Person in charge: {String(event.inCharge)}</Trans>
            </Text>
          ) : null}
          <Stack>
            <Text whiteSpace="pre-wrap">{String(event.description ?? '')}</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
