import { Box, Button, Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { can } from '#contract/permissions.ts';
import { useSession } from '@/data/session/use-session';
import { departmentView, roleView, userView } from '@/features/users/user-views';
import { ResourcePage } from '@/ui/resource/resource-page';

/** Users, roles and departments/groups (spec: "Users, roles, departments, groups"), one tab each. */
export default function UserManagementPage() {
  const permissions = useSession()?.permissions;
  const canCreate = can(permissions, 'userManagement', 'create');
  return (
    <Box pt={{ base: '2', md: '4' }}>
      <Tabs.Root
        defaultValue="users"
        lazyMount
        unmountOnExit
        px={{ base: '3', md: '6' }}
        maxW="7xl"
        mx="auto"
      >
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="users">
            <Trans>Users</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="roles">
            <Trans>Roles</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="departments">
            <Trans>Departments and groups</Trans>
          </Tabs.Trigger>
          {canCreate && (
            <Button asChild variant="ghost" size="sm" ms="auto" alignSelf="center">
              <Link to="/user-management/import">
                <Trans>Import from Excel</Trans>
              </Link>
            </Button>
          )}
          <Button asChild variant="ghost" size="sm" ms={canCreate ? undefined : 'auto'} alignSelf="center">
            <Link to="/user-management/member-list">
              <Trans>Member list</Trans>
            </Link>
          </Button>
        </Tabs.List>
        <Tabs.Content value="users" px="0">
          <ResourcePage view={userView} />
        </Tabs.Content>
        <Tabs.Content value="roles">
          <ResourcePage view={roleView} />
        </Tabs.Content>
        <Tabs.Content value="departments">
          <ResourcePage view={departmentView} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
