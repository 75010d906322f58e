import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/**
 * The place of one user's course state (spec section 4: not started, in progress, finished,
 * delay…) on the user list. The states come from the course report (POST /api/v1/Course/Report),
 * built separately; until it is wired in here, this points the admin to the report.
 */
export function CourseStateSlot({ courseId: _courseId, userId }: { courseId: string; userId: string }) {
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="course-state" data-user-id={userId}>
      <Trans>Course state: see the course report</Trans>
    </Text>
  );
}
