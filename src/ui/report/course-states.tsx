import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CourseState } from '#contract/learner-courses.ts';

/** The states of docs/course-progress.md as the console names them. */
export const STATE_LABELS: Record<CourseState, MessageDescriptor> = {
  notStarted: msg`Not started`,
  inProgress: msg`In progress`,
  delay: msg`Delay`,
  finishedBeforeExpiry: msg`Finished before expiry`,
  finishedAfterExpiry: msg`Finished after expiry`,
  notFinished: msg`Not finished`,
};

/** The badge colour of each state (Chakra palettes), the same on every report and the user list. */
export const STATE_COLORS: Record<CourseState, string> = {
  notStarted: 'gray',
  inProgress: 'blue',
  delay: 'orange',
  finishedBeforeExpiry: 'green',
  finishedAfterExpiry: 'teal',
  notFinished: 'red',
};

/** A learner's state in a course, as one coloured word. */
export function StateBadge({ state }: { state: CourseState }) {
  const { i18n } = useLingui();
  return (
    <Badge colorPalette={STATE_COLORS[state]} data-state={state}>
      {i18n._(STATE_LABELS[state])}
    </Badge>
  );
}
