import { Box } from '@chakra-ui/react';
import { can } from '#contract/permissions.ts';
import { RESOURCES } from '#contract/registry.ts';
import { useLocalDb } from '@/data/db/use-local-db';
import { useSession } from '@/data/session/use-session';
import { ListErrorBoundary, LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { ResourceScreen, type Scope } from '@/ui/resource/resource-screen';
import type { AnyView } from '@/ui/resource/view-config';

type Props = {
  view: AnyView;
  scope?: Scope;
  linkOf?: RowsProps['linkOf'];
  /** A part of another page (a tab): no page padding, a smaller heading. */
  nested?: boolean;
};

/** A resource's page: guarded by its area's read permission, drawn from its view config. */
export function ResourcePage({ view, scope, linkOf, nested }: Props) {
  const session = useSession();
  const db = useLocalDb();
  const { area } = RESOURCES[view.resource];
  const permissions = session?.permissions;
  let body: React.ReactNode;
  if (!can(permissions, area, 'read')) {
    body = <NoAccessState />;
  } else if (!db) {
    body = <LoadingState />;
  } else {
    const rights = {
      create: can(permissions, area, 'create'),
      update: can(permissions, area, 'update'),
      delete: can(permissions, area, 'delete'),
    };
    body = (
      <ListErrorBoundary key={db.name}>
        <ResourceScreen view={view} db={db} rights={rights} scope={scope} linkOf={linkOf} nested={nested} />
      </ListErrorBoundary>
    );
  }
  if (nested) return body;
  return <PageBox>{body}</PageBox>;
}

/** The padding and width every console page shares. */
export function PageBox({ children }: { children: React.ReactNode }) {
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="7xl" mx="auto">
      {children}
    </Box>
  );
}
