import { Alert, Box, Button, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useRef } from 'react';
import { can } from '#contract/permissions.ts';
import { useLocalDb } from '@/data/db/use-local-db';
import { useSession } from '@/data/session/use-session';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { ImportPreview } from '@/features/user-import/import-preview';
import { ImportReportView } from '@/features/user-import/import-report-view';
import { downloadTemplate } from '@/features/user-import/template-file';
import { useReasonText } from '@/features/user-import/use-reason-text';
import { useUserImport } from '@/features/user-import/use-user-import';
import { NoAccessState } from '@/ui/resource/list/list-states';
import { useOnline } from '@/ui/use-online';

const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

export function UserImport({ analyse }: { analyse?: Parameters<typeof useUserImport>[1] }) {
  const { t } = useLingui();
  const db = useLocalDb();
  const engine = useSyncEngine();
  const online = useOnline();
  const { phase, pick, start, reset } = useUserImport(
    db,
    analyse,
    engine ? () => engine.syncNow() : undefined,
  );
  const { problem, column } = useReasonText();
  const input = useRef<HTMLInputElement>(null);
  const canImport = db !== null;

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void pick(file);
  }
  const again = () => {
    reset();
    input.current?.click();
  };

  return (
    <Stack gap="5" maxW="4xl" data-testid="user-import">
      <Heading as="h1" size="lg">
        <Trans>Import users from Excel</Trans>
      </Heading>
      <Text color="fg.muted">
        <Trans>
          Fill in the template (.xlsx or .xls), one user per row, every cell filled. You see what will be
          added before anything is saved.
        </Trans>
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={downloadTemplate} data-testid="import-template">
          <Trans>Download template</Trans>
        </Button>
        <Button onClick={() => input.current?.click()} disabled={phase.step === 'importing'}>
          <Trans>Choose Excel file</Trans>
        </Button>
        <Input
          ref={input}
          type="file"
          accept={ACCEPT}
          onChange={onFile}
          display="none"
          aria-label={t`Excel file of users`}
          data-testid="import-file"
        />
      </HStack>
      {!online && (
        <Alert.Root status="info" data-testid="import-offline">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>
              You are offline. You can still check a file and import it: the users are saved on this device
              and sent to the server when you are back online.
            </Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {phase.step === 'reading' && (
        <HStack>
          <Spinner size="sm" />
          <Text>
            <Trans>Checking {phase.name}…</Trans>
          </Text>
        </HStack>
      )}
      {phase.step === 'problem' && (
        <Alert.Root status="error" data-testid="import-problem">
          <Alert.Indicator />
          <Alert.Title>{problem(phase.problem, phase.detail)}</Alert.Title>
        </Alert.Root>
      )}
      {phase.step === 'columns' && (
        <Alert.Root status="error" data-testid="import-problem">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>The header row is missing these columns: {phase.missing.map(column).join(', ')}.</Trans>{' '}
            <Trans>Use the template.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {(phase.step === 'preview' || phase.step === 'importing') && (
        <Box>
          <Text fontWeight="semibold" mb="3">
            {phase.name}
          </Text>
          <ImportPreview
            valid={phase.valid}
            invalid={phase.invalid}
            progress={phase.step === 'importing' ? { done: phase.done, total: phase.valid.length } : null}
            canImport={canImport}
            onImport={() => void start()}
            onCancel={again}
          />
        </Box>
      )}
      {phase.step === 'done' && <ImportReportView report={phase.report} online={online} />}
    </Stack>
  );
}

/** Creating users is the userManagement area's create right; the server enforces the same. */
export default function UserImportPage() {
  const session = useSession();
  if (!can(session?.permissions, 'userManagement', 'create')) return <NoAccessState />;
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="7xl" mx="auto">
      <UserImport />
    </Box>
  );
}
