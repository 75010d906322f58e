import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { seatsExceeded } from '#contract/resources/course-messages.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { translateIssue } from '@/ui/form/validation-messages';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { PlusIcon } from '@/ui/resource/resource-icons';
import { toaster } from '@/ui/toaster';
import { CourseGroups } from './course-groups';
import { NOT_SAVED } from './course-messages';
import { CoursePageFrame } from './course-page-frame';
import { assignedUsers, enrolmentsOf } from './course-rules';
import { EnrolmentList } from './enrolment-list';
import { RecordPickerDialog } from './record-picker-dialog';
import { SeatSummary } from './seat-summary';
import { userName } from './user-name';

/** /home/assignment-course/user-list?course={id}: who takes the course, seats and learners' requests. */
export default function CourseUsersPage() {
  const { t } = useLingui();
  return (
    <CoursePageFrame title={t`Users`}>
      {({ db, course, canUpdate }) => <CourseUsers db={db} course={course} canUpdate={canUpdate} />}
    </CoursePageFrame>
  );
}

function CourseUsers({ db, course, canUpdate }: { db: LocalDb; course: LocalRow; canUpdate: boolean }) {
  const { t, i18n } = useLingui();
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const audience = {
    id: course.id,
    allUsers: course.allUsers === true,
    departmentIds: (course.departmentIds as string[] | undefined) ?? [],
  };
  const seatLimit = Number(course.seatLimit ?? 0);
  const data = useLiveQuery(async () => {
    const [assigned, enrolments, users] = await Promise.all([
      assignedUsers(db, audience),
      enrolmentsOf(db, course.id),
      db.rows('User').toArray(),
    ]);
    return { assigned, enrolments, users: new Map(users.map((u) => [u.id, u])) };
  }, [db, course]);

  /** A seat for `userId`, or the translated reason there is none (the server checks again). */
  function seatFor(userId: string): string | null {
    if (!data || seatLimit <= 0 || data.assigned.has(userId)) return null;
    const user = data.users.get(userId);
    if (user?.active === false) return null;
    const wanted = data.assigned.size + 1;
    return wanted > seatLimit ? translateIssue(i18n, seatsExceeded(seatLimit, wanted)) : null;
  }

  async function enrol(user: LocalRow) {
    setPicking(false);
    setProblem(null);
    const refusal = seatFor(user.id);
    if (refusal) return setProblem(refusal);
    try {
      await mutate(db, {
        resource: 'Enrolment',
        op: 'create',
        payload: { courseId: course.id, userId: user.id, status: 'enrolled' },
      });
      toaster.create({ type: 'success', title: t`User added to the course.` });
    } catch (error) {
      toastWriteError(i18n, error, NOT_SAVED);
    }
  }

  const onList = new Set(data?.enrolments.map((e) => String(e.userId)));
  return (
    <Stack gap="6">
      <SeatSummary limit={seatLimit} taken={data?.assigned.size} />
      {problem && (
        <Alert.Root status="error" data-testid="users-problem">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      <CourseGroups db={db} course={course} canUpdate={canUpdate} />
      <Stack gap="3" as="section" aria-labelledby="course-users-heading">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id="course-users-heading">
            <Trans>Users</Trans>
          </Heading>
          {canUpdate && (
            <Button size="sm" onClick={() => setPicking(true)}>
              <PlusIcon />
              <Trans>Add users</Trans>
            </Button>
          )}
        </HStack>
        {data && (
          <EnrolmentList
            db={db}
            course={course}
            enrolments={data.enrolments}
            users={data.users}
            canUpdate={canUpdate}
            seatFor={seatFor}
            onProblem={setProblem}
          />
        )}
      </Stack>
      <RecordPickerDialog
        db={db}
        open={picking}
        title={t`Add a user to the course`}
        resource="User"
        choosable={(row) => row.active !== false && !onList.has(row.id)}
        label={userName}
        detail={(row) => String(row.employeeId ?? '')}
        onPick={(row) => void enrol(row)}
        onClose={() => setPicking(false)}
        testId="user-picker"
      />
      {!data && <Text color="fg.muted">…</Text>}
    </Stack>
  );
}
