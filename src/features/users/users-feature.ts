import { msg } from '@lingui/core/macro';
import { departmentView, roleView, userView } from '@/features/users/user-views';
import { defineFeature } from '@/ui/feature/feature';

/** Users, roles and departments/groups (tabs of one page) and the member list. */
export const usersFeature = defineFeature({
  id: 'users',
  routes: [
    {
      path: '/user-management',
      page: () => import('@/features/users/user-management-page'),
      menu: { id: 'users', group: 'usermanagement', label: msg`Users and roles`, area: 'userManagement' },
    },
    { path: '/user-management/member-list', page: () => import('@/features/users/member-list-page') },
  ],
  views: [userView, roleView, departmentView],
});
