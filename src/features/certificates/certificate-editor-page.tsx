import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearchParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceRecord } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { CertificateEditor } from './certificate-editor';
import { ADD_CERTIFICATE_PATH, CERTIFICATES_PATH } from './certificate-paths';

/** /home/certificate/add and /home/certificate/edit?id={id}: the certificate template editor. */
export default function CertificateEditorPage() {
  const session = useSession();
  const db = useLocalDb();
  const adding = useLocation().pathname === ADD_CERTIFICATE_PATH;
  const permissions = session?.permissions;
  let body: React.ReactNode;
  if (!can(permissions, 'course', adding ? 'create' : 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else body = <Frame adding={adding} db={db} canWrite={adding || can(permissions, 'course', 'update')} />;
  return (
    <Box px={{ base: '2', md: '6' }} py={{ base: '4', md: '6' }} maxW="6xl" mx="auto">
      {body}
    </Box>
  );
}

function Frame({ adding, db, canWrite }: { adding: boolean; db: LocalDb; canWrite: boolean }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const id = adding ? undefined : (params.get('id') ?? undefined);
  const row = useResourceRecord(db, 'CertificateTemplate', id);
  const title = adding ? t`Add certificate template` : t`Edit certificate template`;
  const head = (
    <Stack gap="1">
      <PageTrail
        crumbs={[{ label: t`Home` }, { label: t`Certificate templates`, to: CERTIFICATES_PATH }]}
        current={title}
      />
      <Heading as="h1" size="xl">
        {title}
      </Heading>
    </Stack>
  );
  if (!adding && row === undefined) return <LoadingState />;
  if (!adding && row === null)
    return (
      <Stack gap="4">
        {head}
        <Text>
          <Trans>This certificate template does not exist or was deleted.</Trans>
        </Text>
      </Stack>
    );
  return (
    <Stack gap="5">
      {head}
      <CertificateEditor key={row?.id ?? 'new'} db={db} row={row ?? null} readOnly={!canWrite} />
    </Stack>
  );
}
