import { Badge, Box, Card, Image, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { eventRule, occurrences } from '#contract/event-schedule.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { EventFrame } from './event-frame';

/** The dates listed in full; the rest are counted. */
const SHOWN_DATES = 12;

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
  // The dates a learner sees, from the same rule the server stores (also before it has synced).
  const dates = useMemo(() => {
    const timeZone = String(event.timeZone || 'Asia/Bangkok');
    const rrule = eventRule({
      repeat: (event.repeat as 'none' | 'daily' | 'weekly' | 'monthly') ?? 'none',
      startAt: String(event.startAt),
      repeatUntil: String(event.repeatUntil ?? ''),
      timeZone,
    });
    return occurrences({ startAt: String(event.startAt), endAt: String(event.endAt), rrule, timeZone });
  }, [event.repeat, event.startAt, event.endAt, event.repeatUntil, event.timeZone]);
  const shown = dates.slice(0, SHOWN_DATES);
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
          {dates.length > 1 && (
            <Stack gap="1" data-testid="event-dates">
              <Text fontWeight="semibold">
                <Trans>Dates ({i18n.number(dates.length)})</Trans>
              </Text>
              <List.Root ps="5">
                {shown.map((d) => (
                  <List.Item key={d.startAt} data-testid="event-date">
                    {when(d.startAt)} – {when(d.endAt)}
                  </List.Item>
                ))}
              </List.Root>
              {dates.length > shown.length && (
                <Text color="fg.muted" fontSize="sm">
                  <Trans>and {i18n.number(dates.length - shown.length)} more</Trans>
                </Text>
              )}
            </Stack>
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
