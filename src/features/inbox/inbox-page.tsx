import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { INBOX_PAGE_SIZE } from '@/features/inbox/inbox-api';
import { InboxEmpty, InboxError, InboxLoading, InboxOffline } from '@/features/inbox/inbox-states';
import { NotificationItem } from '@/features/inbox/notification-item';
import { useInbox } from '@/features/inbox/use-inbox';
import { useOnline } from '@/ui/use-online';

export default function InboxPage() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(0);
  const online = useOnline();
  const { list, open } = useInbox(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / INBOX_PAGE_SIZE)) : 1;
  const current = i18n.number(page + 1);
  const total = i18n.number(pages);
  const unread = i18n.number(data?.unread ?? 0);

  let content: ReactNode;
  if (data && data.items.length > 0) {
    content = (
      <Box as="ul" m="0" p="0" aria-busy={list.isFetching}>
        {data.items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={open} />
        ))}
      </Box>
    );
  } else if (data) content = <InboxEmpty />;
  else if (!online) content = <InboxOffline />;
  else if (list.isError) content = <InboxError onRetry={() => list.refetch()} />;
  else content = <InboxLoading />;

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="4xl">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size="xl">
          <Trans>Inbox</Trans>
        </Heading>
        {data && data.unread > 0 && (
          <Text color="fg.muted" fontSize="sm">
            <Trans>{unread} unread</Trans>
          </Text>
        )}
      </HStack>
      <Box borderWidth="1px" rounded="md" bg="bg" overflow="hidden">
        {content}
      </Box>
      {data && pages > 1 && (
        <HStack justify="space-between" as="nav" aria-label={t`Pagination`}>
          <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
            <Trans>Newer</Trans>
          </Button>
          <Text fontSize="sm">
            <Trans>
              Page {current} of {total}
            </Trans>
          </Text>
          <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Older</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
