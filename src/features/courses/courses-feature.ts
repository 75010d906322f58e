import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { COURSES_PATH } from './course-paths';
import { courseView, enrolmentView } from './course-views';

/** Assignment courses (issue 9): the list and form, each course's videos, its users and its report. */
export const coursesFeature = defineFeature({
  id: 'courses',
  routes: [
    {
      path: COURSES_PATH,
      view: courseView,
      menu: { id: 'course', group: 'home', label: msg`Assignment courses` },
    },
    { path: `${COURSES_PATH}/video-list`, page: () => import('./course-videos-page') },
    { path: `${COURSES_PATH}/user-list`, page: () => import('./course-users-page') },
    { path: `${COURSES_PATH}/courselist-report`, page: () => import('./course-report-page') },
    { path: `${COURSES_PATH}/certificate-history`, page: () => import('./course-certificates-page') },
  ],
  views: [enrolmentView],
});
