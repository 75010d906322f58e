import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useLocalDb } from '@/data/db/use-local-db';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { EXPERT_PATH, FAQ_PATH } from './community-views';

/** /home/community: the community's items (expert Q&A, FAQ) with their counts, from the local copy. */
export default function CommunityPage() {
  const session = useSession();
  const db = useLocalDb();
  const { t } = useLingui();
  let body: ReactNode;
  if (!can(session?.permissions, 'community', 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else body = <Hub db={db} />;
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="6xl" mx="auto">
      <Stack gap="4">
        <PageTrail crumbs={[{ label: t`Home` }]} current={t`Community`} />
        <Heading as="h1" size="lg">
          <Trans>Community</Trans>
        </Heading>
        {body}
      </Stack>
    </Box>
  );
}

function Hub({ db }: { db: LocalDb }) {
  const counts = useLiveQuery(async () => {
    const [questions, faq] = await Promise.all([
      db.rows('ExpertQuestion').toArray(),
      db.rows('Faq').toArray(),
    ]);
    const live = questions.filter((q) => !q.deletedAt);
    return {
      waiting: live.filter((q) => q.status !== 'answered').length,
      answered: live.filter((q) => q.status === 'answered').length,
      faq: faq.filter((f) => !f.deletedAt).length,
    };
  }, [db]);
  if (!counts) return <LoadingState />;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Card.Root asChild variant="outline" _hover={{ borderColor: 'colorPalette.solid' }}>
        <RouterLink to={EXPERT_PATH} data-testid="community-expert">
          <Card.Body gap="2">
            <Heading as="h2" size="md">
              <Trans>Expert consultation</Trans>
            </Heading>
            <Text data-testid="community-waiting">
              <Trans>Waiting for an answer: {counts.waiting}</Trans>
            </Text>
            <Text color="fg.muted">
              <Trans>Answered: {counts.answered}</Trans>
            </Text>
          </Card.Body>
        </RouterLink>
      </Card.Root>
      <Card.Root asChild variant="outline" _hover={{ borderColor: 'colorPalette.solid' }}>
        <RouterLink to={FAQ_PATH} data-testid="community-faq">
          <Card.Body gap="2">
            <Heading as="h2" size="md">
              <Trans>Frequently asked questions</Trans>
            </Heading>
            <Text>
              <Trans>Questions: {counts.faq}</Trans>
            </Text>
          </Card.Body>
        </RouterLink>
      </Card.Root>
    </SimpleGrid>
  );
}
