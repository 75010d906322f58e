import { Alert, Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { ImportReport, SkipReason } from '@/features/user-import/import-users';

/** What the import did: rows added (queued), rows not added and why, rows never tried. */
export function ImportReportView({ report, online }: { report: ImportReport; online: boolean }) {
  const { t } = useLingui();
  const added = report.added.length;
  const skipText = (r: SkipReason) => {
    if (r.kind === 'failed') {
      const message = r.message;
      return t`Not saved: ${message}`;
    }
    return r.column === 'employeeId'
      ? t`Skipped: a user with this employee ID already exists.`
      : t`Skipped: a user with this username already exists.`;
  };
  const notTried = report.notTried.join(', ');
  const stopped = report.stopped ?? '';
  return (
    <Stack gap="3" data-testid="import-report">
      <Heading as="h2" size="md">
        <Trans>Import finished</Trans>
      </Heading>
      <Alert.Root status={report.skipped.length || report.notTried.length ? 'warning' : 'success'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title data-testid="import-added">
            <Plural value={added} one="# user added." other="# users added." />
          </Alert.Title>
          <Alert.Description>
            {online ? (
              <Trans>They are being sent to the server.</Trans>
            ) : (
              <Trans>You are offline: they are saved on this device and will be sent when online.</Trans>
            )}{' '}
            <Trans>
              A row the server refuses later stays on the{' '}
              <Link asChild>
                <RouterLink to="/sync">Sync page</RouterLink>
              </Link>{' '}
              with the server's message.
            </Trans>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {report.skipped.length > 0 && (
        <Box as="ul" ps="4" listStyleType="disc" fontSize="sm" data-testid="import-skipped">
          {report.skipped.map(({ row, reason }) => {
            const text = skipText(reason);
            return (
              <li key={row}>
                <Trans>Row {row}</Trans>: {text}
              </li>
            );
          })}
        </Box>
      )}
      {report.notTried.length > 0 && (
        <Text color="fg.error" fontSize="sm" data-testid="import-not-tried">
          <Trans>
            The import stopped ({stopped}); these rows were not added: {notTried}. Fix the cause and import
            the same file again: rows already added are skipped.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}
