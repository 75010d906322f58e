import { Box, Link, Switch, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LocalRow } from '@/data/db/local-types';
import { editableFields, mutate } from '@/data/outbox/outbox';
import { useSession } from '@/data/session/use-session';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { translateIssue } from '@/ui/form/validation-messages';
import { recordRules } from '@/ui/resource/form/record-rules';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { CellValue } from '@/ui/resource/list/cell-value';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { toaster } from '@/ui/toaster';

type Props = Pick<RowsProps, 'view' | 'db' | 'canUpdate' | 'linkOf'> & {
  row: LocalRow;
  field: string;
  name: string;
  lines?: number;
};

/** A list cell: the value, or the one-click switch when it is the view's row toggle and the role may edit. */
export function RowCell({ view, db, canUpdate, linkOf, row, field, name, lines }: Props) {
  if (canUpdate && view.rowToggle?.field === field)
    return <RowToggle view={view} db={db} row={row} field={field} name={name} />;
  const Cell = view.cells?.[field] ?? view.computed?.[field]?.cell;
  if (Cell) return <Cell db={db} row={row} />;
  const href = field === view.titleField ? linkOf?.(row) : null;
  if (href)
    return (
      <Link asChild fontWeight="medium" color="colorPalette.fg" onClick={(e) => e.stopPropagation()}>
        <RouterLink to={href}>
          <Text as="span" lineClamp={lines ?? 1} wordBreak="break-word">
            {name}
          </Text>
        </RouterLink>
      </Link>
    );
  return <CellValue view={view} db={db} field={field} value={row[field]} lines={lines} />;
}

/**
 * Switches a boolean (a user's active state) from the list, as an ordinary queued update: the
 * same rules as the form, offline like any edit. Turning it off asks first, saying what happens.
 */
function RowToggle({ view, db, row, field, name }: Omit<Props, 'canUpdate' | 'lines'>) {
  const { i18n, t } = useLingui();
  const toggle = view.rowToggle!;
  const userId = useSession()?.userID ?? null;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = row[field] === true;
  const label = i18n._(view.fields[field]!.label);

  async function apply(next: boolean) {
    setBusy(true);
    try {
      const payload = { ...editableFields(view.resource, row), [field]: next };
      const [broken] = Object.values(await recordRules(db, view, row.id, payload, userId));
      if (broken) {
        toaster.create({ type: 'error', title: translateIssue(i18n, broken) });
        return;
      }
      await mutate(db, { resource: view.resource, op: 'update', payload: { id: row.id, [field]: next } });
      toaster.create({ type: 'success', title: i18n._((next ? toggle.turnedOn : toggle.turnedOff)(name)) });
    } catch (error) {
      toastWriteError(i18n, error, msg`The change could not be saved on this device. Please try again.`);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    // The row's own click selects it; the switch (and its dialog, portalled) must not.
    <Box as="span" onClick={(e) => e.stopPropagation()}>
      <Switch.Root
        size="sm"
        checked={on}
        disabled={busy}
        onCheckedChange={(e) => (e.checked ? void apply(true) : setAsking(true))}
      >
        <Switch.HiddenInput aria-label={t`${label}: ${name}`} />
        <Switch.Control />
      </Switch.Root>
      <ConfirmDialog
        open={asking}
        title={i18n._(toggle.confirmOff.title(name))}
        confirmLabel={i18n._(toggle.confirmOff.action)}
        destructive
        busy={busy}
        onConfirm={() => void apply(false)}
        onCancel={() => setAsking(false)}
      >
        <Text>{i18n._(toggle.confirmOff.body(name))}</Text>
      </ConfirmDialog>
    </Box>
  );
}
