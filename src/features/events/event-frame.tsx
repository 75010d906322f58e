import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceRecord } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { EVENTS_PATH } from './event-views';

type Body = (o: { db: LocalDb; event: LocalRow; canUpdate: boolean }) => ReactNode;

/** A page of one event (`/:id`): read permission of `event`, its trail and heading. */
export function EventFrame({ title, children }: { title: string; children: Body }) {
  const session = useSession();
  const db = useLocalDb();
  const permissions = session?.permissions;
  let body: ReactNode;
  if (!can(permissions, 'event', 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else
    body = (
      <EventBody db={db} title={title} canUpdate={can(permissions, 'event', 'update')} body={children} />
    );
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="6xl" mx="auto">
      {body}
    </Box>
  );
}

function EventBody({
  db,
  title,
  canUpdate,
  body,
}: {
  db: LocalDb;
  title: string;
  canUpdate: boolean;
  body: Body;
}) {
  const { t } = useLingui();
  const { id } = useParams();
  const event = useResourceRecord(db, 'Event', id);
  const crumbs = [{ label: t`Home` }, { label: t`Events`, to: EVENTS_PATH }];
  if (event === undefined) return <LoadingState />;
  if (event === null)
    return (
      <Stack gap="3">
        <PageTrail crumbs={crumbs} current={title} />
        <Text data-testid="event-missing">
          <Trans>This event does not exist or was deleted.</Trans>
        </Text>
      </Stack>
    );
  return (
    <Stack gap="4">
      <PageTrail crumbs={[...crumbs, { label: String(event.name) }]} current={title} />
      <Heading as="h1" size="lg">
        {title}: {String(event.name)}
      </Heading>
      {body({ db, event, canUpdate })}
    </Stack>
  );
}
