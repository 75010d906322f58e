import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Plural } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useTopicHoldings } from './topic-holdings';

/** A topic's description and what it holds (sub-topics, contents), live from this device. */
export function TopicDescriptionCell({ db, row }: { db: LocalDb; row: LocalRow }) {
  const held = useTopicHoldings(db, row.id);
  const description = String(row.description ?? '');
  return (
    <Stack gap="1" minW="0">
      {description && (
        <Text lineClamp={2} title={description} wordBreak="break-word">
          {description}
        </Text>
      )}
      {held && (
        <HStack gap="1" wrap="wrap" data-testid="topic-holdings">
          {!row.parentId && (
            <Badge size="sm" variant="surface">
              <Plural value={held.subTopics} one="# sub-topic" other="# sub-topics" />
            </Badge>
          )}
          <Badge size="sm" variant="surface">
            <Plural value={held.contents} one="# content" other="# contents" />
          </Badge>
        </HStack>
      )}
    </Stack>
  );
}
