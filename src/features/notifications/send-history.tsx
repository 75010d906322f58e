import { Badge, Box, Button, Card, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Channel, SendSummary } from '#contract/notification-send.ts';
import { CHANNEL_LABELS } from '@/features/notifications/channel-labels';
import { getHistory, notifyKeys } from '@/features/notifications/notify-api';
import { FormAlert } from '@/ui/form/form-alert';

const scheduled = (s: SendSummary) => !s.expandedAt && Date.parse(s.sendAt) > Date.now();
const pending = (s: SendSummary) => !s.expandedAt || Object.values(s.counts).some((c) => c && c.queued > 0);

/** Sent and scheduled notifications with each channel's queued, sent and failed counts and why. */
export function SendHistory() {
  const { i18n, t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: notifyKeys.history(page),
    queryFn: ({ signal }) => getHistory(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    // While deliveries are under way the counts move: look again every few seconds.
    refetchInterval: (q) => (q.state.data?.items.some(pending) ? 3000 : false),
  });
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const data = query.data;
  if (query.isError && !data)
    return <FormAlert>{t`The history could not be loaded. Check your connection and try again.`}</FormAlert>;
  if (!data) return <Spinner aria-label={t`Loading…`} />;
  if (data.items.length === 0)
    return (
      <Text color="fg.muted">
        <Trans>No notification has been sent yet.</Trans>
      </Text>
    );
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  return (
    <Stack gap="3" aria-label={t`Sent notifications`} as="section">
      {data.items.map((s) => (
        <Card.Root key={s.id} size="sm" data-testid="sent-notification">
          <Card.Body gap="2">
            <HStack justify="space-between" align="start" wrap="wrap">
              <Heading as="h3" size="sm" wordBreak="break-word">
                {s.title}
              </Heading>
              <Badge colorPalette={scheduled(s) ? 'orange' : pending(s) ? 'blue' : 'green'}>
                {scheduled(s) ? t`Scheduled` : pending(s) ? t`Sending` : t`Done`}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t`${date(s.sendAt)} · ${s.recipients} recipients · by ${s.senderName}`}
            </Text>
            <List.Root gap="1" fontSize="sm" variant="plain">
              {(Object.keys(s.counts) as Channel[]).map((c) => {
                const n = s.counts[c] ?? { queued: 0, sent: 0, failed: 0 };
                return (
                  <List.Item key={c} data-channel={c}>
                    <Text>
                      <b>{i18n._(CHANNEL_LABELS[c])}</b>
                      {': '}
                      {t`${n.sent} sent · ${n.queued} queued · ${n.failed} failed`}
                    </Text>
                  </List.Item>
                );
              })}
            </List.Root>
            {s.failures.length > 0 && (
              <Box fontSize="sm" color="fg.error">
                {s.failures.map((f) => (
                  <Text key={`${f.channel}-${f.reason}`} wordBreak="break-word">
                    {i18n._(CHANNEL_LABELS[f.channel])} ({f.count}): {f.reason}
                  </Text>
                ))}
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      ))}
      {pages > 1 && (
        <HStack justify="center">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <Text fontSize="sm">{t`Page ${page} of ${pages}`}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
