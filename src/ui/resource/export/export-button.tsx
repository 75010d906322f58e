import { Spinner } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { exportXlsx } from '@/ui/resource/export/export-xlsx';
import { DownloadGlyph } from '@/ui/resource/resource-icons';
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
  // A plain button styled by the list's header (header-styles.ts): drawn before the list's first paint.
  return (
    <button
      type="button"
      className="lac-btn-outline"
      onClick={() => void run()}
      disabled={!rows?.length || busy}
      data-loading={busy ? '' : undefined}
    >
      {busy ? (
        <>
          <Spinner size="inherit" borderWidth="0.125em" color="inherit" />
          {t`Exporting…`}
        </>
      ) : (
        <>
          <DownloadGlyph />
          <Trans>Export to Excel</Trans>
        </>
      )}
    </button>
  );
}
