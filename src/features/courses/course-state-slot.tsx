import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { StateBadge } from '@/ui/report/course-states';
import { fetchAllRows } from './course-report-model';

/** Every learner's state in a course, asked once per course and shared by the rows of the list. */
export function useCourseStates(courseId: string) {
  return useQuery({
    queryKey: ['course-states', courseId],
    queryFn: async () => {
      const { items } = await fetchAllRows(courseId, {});
      return new Map(items.map((r) => [r.userId, r.state]));
    },
    enabled: !!courseId,
    staleTime: 30_000,
  });
}

/**
 * One user's state in the course (spec section 4: not started, in progress, delay, finished
 * before or after expiry, not finished), as the course report computes it on the server. Server
 * data: offline it says so rather than guess.
 */
export function CourseStateSlot({ courseId, userId }: { courseId: string; userId: string }) {
  const states = useCourseStates(courseId);
  const state = states.data?.get(userId);
  return (
    <Text as="div" fontSize="xs" color="fg.muted" data-testid="course-state" data-user-id={userId}>
      {state ? (
        <StateBadge state={state} />
      ) : states.isPending ? (
        <Trans>Course state: loading…</Trans>
      ) : states.isError ? (
        <Trans>Course state: shown when online</Trans>
      ) : (
        <Trans>Course state: not assigned yet</Trans>
      )}
    </Text>
  );
}
