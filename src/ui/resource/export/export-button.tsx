import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { exportXlsx } from '@/ui/resource/export/export-xlsx';
import { DownloadIcon } from '@/ui/resource/resource-icons';
import type { AnyView } from '@/ui/resource/view-config';
import { toaster } from '@/ui/toaster';

/** Exports the list as shown (filtered and sorted) to Excel; busy while the workbook is built. */
type Props = { view: AnyView; db: LocalDb; rows: readonly LocalRow[] | undefined };

export function ExportButton({ view, db, rows }: Props) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  async function run() {
    if (!rows) return;
    setBusy(true);
    try {
      await exportXlsx(i18n, db, view, rows);
    } catch {
      toaster.create({ type: 'error', title: t`The Excel file could not be created. Please try again.` });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void run()}
      disabled={!rows?.length || busy}
      loading={busy}
      loadingText={t`Exporting…`}
    >
      <DownloadIcon />
      <Trans>Export to Excel</Trans>
    </Button>
  );
}
