import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { RESOURCES } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceRecord } from '@/data/db/use-resource';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { FormShell } from '@/ui/dialog/form-shell';
import { FormAlert } from '@/ui/form/form-alert';
import { SubmitButton } from '@/ui/form/submit-button';
import { FieldInput } from '@/ui/resource/fields/field-input';
import { initialValues, mergeEdit, toPayload } from '@/ui/resource/form/form-values';
import { useResourceForm } from '@/ui/resource/form/use-resource-form';
import type { AnyView } from '@/ui/resource/view-config';

type Props = {
  view: AnyView;
  db: LocalDb;
  row: LocalRow | null;
  onClose: () => void;
  /** Fields a new record starts with (the topic whose contents are listed). */
  scope?: Record<string, string | null>;
};

const OPTIONAL_LOOKING = new Set(['select', 'switch', 'permissions']);
const isRequired = (view: AnyView, field: string, editing: boolean) => {
  const kind = view.fields[field]?.widget.kind ?? 'text';
  if (OPTIONAL_LOOKING.has(kind) || (kind === 'password' && editing)) return false;
  return !(RESOURCES[view.resource].fields.shape as Record<string, z.ZodType>)[field]?.safeParse('').success;
};

/** The create/edit form generated from the view config and the contract (mount it to open it). */
export function ResourceForm({ view, db, row, onClose, scope }: Props) {
  const { i18n } = useLingui();
  const form = useResourceForm(view, db, row, onClose, scope);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  async function submit() {
    if (await form.save()) return;
    // Take the admin to the first problem, even when it is scrolled out of the dialog.
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>(
        '[data-invalid] :is(input:not([type=file]), select, textarea, button), [role=alert]',
      );
      first?.scrollIntoView({ block: 'center' });
      first?.focus();
    });
  }
  const current = useResourceRecord(db, view.resource, row?.id);
  const changedElsewhere = !!row && current !== undefined && (current === null || current.rev !== row.rev);
  const clashes =
    changedElsewhere && current
      ? mergeEdit(
          toPayload(view, form.initial),
          toPayload(view, form.values),
          toPayload(view, initialValues(view, current)),
        ).clashes.map((f) => (view.fields[f] ? i18n._(view.fields[f].label) : f))
      : [];
  const clashList = clashes.join(', ');
  const files = RESOURCES[view.resource].files as Record<string, never> | undefined;
  const requestClose = () => (form.dirty && !form.saving ? setConfirmDiscard(true) : onClose());

  const footer = (
    <>
      <Button variant="outline" onClick={requestClose} disabled={form.saving}>
        <Trans>Cancel</Trans>
      </Button>
      <SubmitButton form={`form-${form.id}`} loading={form.saving}>
        <Trans>Save</Trans>
      </SubmitButton>
    </>
  );
  return (
    <FormShell
      open
      title={i18n._(row ? view.messages.edit : view.messages.add)}
      footer={footer}
      onClose={requestClose}
    >
      <form
        id={`form-${form.id}`}
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="4">
          {changedElsewhere && (
            <FormAlert status="warning">
              {current === null ? (
                <Trans>This record was deleted while you were editing it.</Trans>
              ) : clashes.length ? (
                <Trans>
                  This record was changed while you were editing it. You both changed {clashList}: saving
                  replaces their value with yours. Their other changes are kept.
                </Trans>
              ) : (
                <Trans>
                  This record was changed while you were editing it. Saving keeps those changes and adds
                  yours.
                </Trans>
              )}
            </FormAlert>
          )}
          {[form.problem, ...form.hiddenIssues].filter(Boolean).map((text) => (
            <FormAlert key={text}>{text}</FormAlert>
          ))}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {form.visible.map((field) => (
              <FieldInput
                key={field}
                name={field}
                editing={!!row}
                view={view.fields[field]!}
                value={form.values[field] ?? ''}
                error={form.errorOf(field)}
                required={isRequired(view, field, !!row)}
                db={db}
                fileKind={files?.[field]}
                onChange={(value) => form.set(field, value)}
                onProblem={(message) => form.setLocalProblem(field, message)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirmDiscard}
        title={<Trans>Discard changes?</Trans>}
        confirmLabel={<Trans>Discard</Trans>}
        destructive
        onConfirm={onClose}
        onCancel={() => setConfirmDiscard(false)}
      >
        <Trans>Your changes to this form have not been saved.</Trans>
      </ConfirmDialog>
    </FormShell>
  );
}
