import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceRecord } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { COURSES_PATH } from './course-paths';

type Body = (o: { db: LocalDb; course: LocalRow; canUpdate: boolean }) => ReactNode;

/** A page of one course (`?course={id}`): read permission of `course`, its trail and heading. */
export function CoursePageFrame({ title, children }: { title: string; children: Body }) {
  const session = useSession();
  const db = useLocalDb();
  const permissions = session?.permissions;
  let body: ReactNode;
  if (!can(permissions, 'course', 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else
    body = (
      <CourseBody db={db} title={title} canUpdate={can(permissions, 'course', 'update')}>
        {children}
      </CourseBody>
    );
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="6xl" mx="auto">
      {body}
    </Box>
  );
}

function CourseBody({
  db,
  title,
  canUpdate,
  children,
}: {
  db: LocalDb;
  title: string;
  canUpdate: boolean;
  children: Body;
}) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const course = useResourceRecord(db, 'Course', params.get('course') ?? undefined);
  const crumbs = [{ label: t`Home` }, { label: t`Assignment courses`, to: COURSES_PATH }];
  if (course === undefined) return <LoadingState />;
  if (course === null)
    return (
      <Stack gap="3">
        <PageTrail crumbs={crumbs} current={title} />
        <Text data-testid="course-missing">
          <Trans>This course does not exist or was deleted.</Trans>
        </Text>
      </Stack>
    );
  const name = String(course.name ?? '');
  return (
    <Stack gap="5">
      <Stack gap="1">
        <PageTrail crumbs={[...crumbs, { label: name }]} current={title} />
        <Heading as="h1" size="lg" wordBreak="break-word">
          {title}: {name}
        </Heading>
      </Stack>
      {children({ db, course, canUpdate })}
    </Stack>
  );
}
