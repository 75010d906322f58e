import { Alert, Box, Button, Field, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceList, useResourceRecord } from '@/data/db/use-resource';
import { mutate } from '@/data/outbox/outbox';
import { useSession } from '@/data/session/use-session';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { RefSelect, refLabel } from '@/ui/resource/fields/ref-select';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { toaster } from '@/ui/toaster';

const USER_LABEL = ['employeeId', 'firstName', 'lastName'] as const;

/**
 * Members of one department or group at a time (single selection). Membership is the
 * department's `memberIds` list: adding or removing saves the whole list as an ordinary
 * (offline, outbox-synced) Department update.
 */
export default function MemberListPage() {
  const session = useSession();
  const db = useLocalDb();
  const permissions = session?.permissions;
  let body: React.ReactNode;
  if (!can(permissions, 'userManagement', 'read')) {
    body = <NoAccessState />;
  } else if (!db) body = <LoadingState />;
  else body = <Members db={db} canUpdate={can(permissions, 'userManagement', 'update')} />;
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="5xl" mx="auto">
      <Heading as="h1" size="lg" mb="4">
        <Trans>Member list</Trans>
      </Heading>
      {body}
    </Box>
  );
}

function Members({ db, canUpdate }: { db: LocalDb; canUpdate: boolean }) {
  const { t } = useLingui();
  const [departmentId, setDepartmentId] = useState('');
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const departments = useResourceList(db, 'Department');
  const department = useResourceRecord(db, 'Department', departmentId || undefined);
  const users = useResourceList(db, 'User');
  const memberIds = (department?.memberIds as string[] | undefined) ?? [];
  const departmentName = String(department?.name ?? '');
  const memberName = removing?.name ?? '';
  const members = users?.filter((u) => memberIds.includes(u.id)) ?? [];

  async function save(next: string[], done: string) {
    if (!department) return;
    setProblem(null);
    try {
      await mutate(db, {
        resource: 'Department',
        op: 'update',
        payload: { id: department.id, memberIds: next },
      });
      toaster.create({ type: 'success', title: done });
    } catch {
      setProblem(t`The change could not be saved on this device. Please try again.`);
    }
  }

  return (
    <Stack gap="4">
      <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
        <Field.Label>
          <Trans>Department or group</Trans>
        </Field.Label>
        <RefSelect
          db={db}
          name="departmentId"
          resource="Department"
          labelFields={['name']}
          value={departmentId}
          onChange={setDepartmentId}
        />
      </Field.Root>
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {departments?.length === 0 && (
        <Text color="fg.muted" data-testid="members-empty">
          <Trans>There are no departments or groups yet. Add one under User management.</Trans>
        </Text>
      )}
      {!!departments?.length && !departmentId && (
        <Text color="fg.muted" data-testid="members-hint">
          <Trans>Choose a department or group to see and change its members.</Trans>
        </Text>
      )}
      {department && canUpdate && (
        <HStack align="end" wrap="wrap">
          <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
            <Field.Label>
              <Trans>Add a member</Trans>
            </Field.Label>
            <RefSelect
              db={db}
              name="addMember"
              resource="User"
              labelFields={USER_LABEL}
              value={adding}
              onChange={setAdding}
            />
          </Field.Root>
          <Button
            disabled={!adding || memberIds.includes(adding)}
            onClick={() => {
              void save([...memberIds, adding], t`Member added successfully.`);
              setAdding('');
            }}
          >
            <Trans>Add</Trans>
          </Button>
        </HStack>
      )}
      {department &&
        (members.length === 0 ? (
          <Text color="fg.muted">
            <Trans>This department has no members yet.</Trans>
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Name</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Username</Trans>
                  </Table.ColumnHeader>
                  {canUpdate && <Table.ColumnHeader />}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {members.map((u) => (
                  <Table.Row key={u.id}>
                    <Table.Cell>{refLabel(u, USER_LABEL)}</Table.Cell>
                    <Table.Cell>{String(u.username ?? '')}</Table.Cell>
                    {canUpdate && (
                      <Table.Cell textAlign="end">
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setRemoving({ id: u.id, name: refLabel(u, USER_LABEL) })}
                        >
                          <Trans>Remove</Trans>
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ))}
      <ConfirmDialog
        open={!!removing}
        title={
          <Trans>
            Remove {memberName} from {departmentName}?
          </Trans>
        }
        confirmLabel={<Trans>Remove</Trans>}
        destructive
        onConfirm={() => {
          if (removing)
            void save(
              memberIds.filter((id) => id !== removing.id),
              t`Member removed successfully.`,
            );
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <Trans>Their user account stays; only their membership of this group ends.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
