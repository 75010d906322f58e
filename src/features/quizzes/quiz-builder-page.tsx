import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearchParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceRecord } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { QuizBuilder } from './quiz-builder';
import { ADD_QUIZ_PATH, QUIZZES_PATH } from './quiz-paths';

/** /home/addquiz/add-quiz and /home/editquiz/edit-quiz?id={id}: the quiz builder. */
export default function QuizBuilderPage() {
  const session = useSession();
  const db = useLocalDb();
  const adding = useLocation().pathname === ADD_QUIZ_PATH;
  const permissions = session?.permissions;
  let body: React.ReactNode;
  // Adding needs `create`; editing opens read-only for a role that may only read.
  if (!can(permissions, 'quiz', adding ? 'create' : 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else if (adding) body = <Frame adding db={db} canWrite />;
  else body = <Frame adding={false} db={db} canWrite={can(permissions, 'quiz', 'update')} />;
  return (
    <Box px={{ base: '2', md: '6' }} py={{ base: '4', md: '6' }} maxW="4xl" mx="auto">
      {body}
    </Box>
  );
}

function Frame({ adding, db, canWrite }: { adding: boolean; db: LocalDb; canWrite: boolean }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const id = adding ? undefined : (params.get('id') ?? undefined);
  const row = useResourceRecord(db, 'Quiz', id);
  const title = adding ? t`Add quiz` : t`Edit quiz`;
  const head = (
    <Stack gap="1">
      <PageTrail crumbs={[{ label: t`Home` }, { label: t`Quizzes`, to: QUIZZES_PATH }]} current={title} />
      <Heading as="h1" size="xl">
        {title}
      </Heading>
    </Stack>
  );
  if (!adding && row === undefined) return <LoadingState />;
  if (!adding && row === null)
    return (
      <Stack gap="4">
        {head}
        <Text data-testid="quiz-missing">
          <Trans>This quiz does not exist or was deleted.</Trans>
        </Text>
      </Stack>
    );
  return (
    <Stack gap="5">
      {head}
      <QuizBuilder key={row?.id ?? 'new'} db={db} row={row ?? null} readOnly={!canWrite} />
    </Stack>
  );
}
