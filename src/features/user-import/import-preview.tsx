import { Button, HStack, Progress, Stack, Stat, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FailingRows } from '@/features/user-import/failing-rows';
import type { InvalidRow, ValidRow } from '@/features/user-import/validate-rows';

interface Props {
  valid: ValidRow[];
  invalid: InvalidRow[];
  progress: { done: number; total: number } | null;
  canImport: boolean;
  onImport: () => void;
  onCancel: () => void;
}

/** Spec section 2: how many employees will be added or cannot be created, before anything is written. */
export function ImportPreview({ valid, invalid, progress, canImport, onImport, onCancel }: Props) {
  const { i18n } = useLingui();
  const n = valid.length;
  const m = invalid.length;
  return (
    <Stack gap="4" data-testid="import-preview">
      <HStack gap="6" wrap="wrap">
        <Stat.Root>
          <Stat.ValueText data-testid="import-valid-count">{i18n.number(n)}</Stat.ValueText>
          <Stat.Label>
            <Plural value={n} one="employee will be added" other="employees will be added" />
          </Stat.Label>
        </Stat.Root>
        <Stat.Root>
          <Stat.ValueText data-testid="import-invalid-count" color={m ? 'fg.error' : undefined}>
            {i18n.number(m)}
          </Stat.ValueText>
          <Stat.Label>
            <Plural value={m} one="cannot be created" other="cannot be created" />
          </Stat.Label>
        </Stat.Root>
      </HStack>
      {progress ? (
        <Progress.Root
          value={(progress.done / Math.max(1, progress.total)) * 100}
          maxW="md"
          data-testid="import-progress"
        >
          <Progress.Label fontSize="sm">
            <Trans>
              Importing {progress.done} of {progress.total}
            </Trans>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : (
        <HStack gap="2" wrap="wrap">
          <Button onClick={onImport} disabled={!canImport || n === 0} data-testid="import-confirm">
            <Plural value={n} one="Import # user" other="Import # users" />
          </Button>
          <Button variant="outline" onClick={onCancel}>
            <Trans>Choose another file</Trans>
          </Button>
        </HStack>
      )}
      {m > 0 && <FailingRows rows={invalid} />}
      {n === 0 && m === 0 && (
        <Text>
          <Trans>The file has a header row but no users.</Trans>
        </Text>
      )}
    </Stack>
  );
}
