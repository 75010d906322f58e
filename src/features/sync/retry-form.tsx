import { Alert, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow, OutboxEntry } from '@/data/db/local-types';
import { retry } from '@/data/outbox/outbox-actions';
import { OutboxValidationError } from '@/data/outbox/outbox-errors';
import { showActionError } from '@/features/sync/action-error';
import { FormShell } from '@/ui/dialog/form-shell';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';
import { translateIssue } from '@/ui/form/validation-messages';
import { FieldInput } from '@/ui/resource/fields/field-input';
import {
  initialValues,
  sameValues,
  toPayload,
  validatePayload,
  visibleFields,
} from '@/ui/resource/form/form-values';
import { useResourceView } from '@/ui/resource/view-registry';
import { toaster } from '@/ui/toaster';

type Props = { db: LocalDb; entry: OutboxEntry; onClose: () => void };

/** A refused change, opened in the resource's own fields with what was sent; saving sends it again. */
export function RetryForm({ db, entry, onClose }: Props) {
  const { t, i18n } = useLingui();
  const view = useResourceView(entry.resource);
  const initial = useMemo(
    () => initialValues(view, { ...entry.payload, id: entry.recordId } as LocalRow),
    [view, entry],
  );
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useUnsavedWork(!sameValues(values, initial));
  const files = RESOURCES[entry.resource].files as Record<string, never> | undefined;

  async function save() {
    const payload = toPayload(view, values);
    const found = validatePayload(view, entry.recordId, payload);
    setIssues(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await retry(db, entry.id, payload);
      toaster.create({ type: 'success', title: t`The change will be sent again.` });
      onClose();
    } catch (error) {
      if (error instanceof OutboxValidationError)
        setIssues(Object.fromEntries(error.issues.map((i) => [i.path.split('.')[0] ?? '', i.message])));
      else showActionError(i18n, error);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" form="retry-form" loading={busy}>
        <Trans>Save and retry</Trans>
      </Button>
    </>
  );
  return (
    <FormShell open title={i18n._(view.messages.edit)} footer={footer} onClose={() => !busy && onClose()}>
      <form
        id="retry-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="4">
          {entry.problem && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{translateIssue(i18n, entry.problem.message)}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {visibleFields(view, values).map((field) => (
              <FieldInput
                key={field}
                name={field}
                view={view.fields[field]!}
                value={values[field] ?? ''}
                error={issues[field] ? translateIssue(i18n, issues[field]) : undefined}
                required={false}
                db={db}
                fileKind={files?.[field]}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [field]: value }));
                  setIssues(({ [field]: _, ...rest }) => rest);
                }}
                onProblem={() => undefined}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </form>
    </FormShell>
  );
}
