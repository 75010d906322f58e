import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VIDEO_TOO_HIGH } from '#contract/media.ts';
import { testDb } from '#tests/src/data/fake-db.ts';
import { MiB, pngBlob } from '#tests/src/data/tus-fake.ts';
import { activateLocale } from '@/data/locale/locale-store';
import { uploadsOf } from '@/data/uploads/upload-types';
import { stageFile } from '@/data/uploads/uploads';
import { UploadProgress, UploadProgressBar } from '@/ui/resource/fields/upload-progress';
import { formatBytes } from '@/ui/resource/list/display-text';
import { renderUi } from '../render-ui';

describe('upload progress bar', () => {
  it('shows state, percent and bytes, and names them for screen readers', () => {
    renderUi(
      <UploadProgressBar upload={{ name: 'a.png', size: 4 * MiB, offset: MiB, state: 'uploading' }} />,
    );
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-label')).toBe('a.png: Uploading, 25%, 1 MB / 4 MB');
    expect(screen.getByText('Uploading')).toBeTruthy();
  });

  it('follows the staged file in IndexedDB until it is uploaded', async () => {
    const db = testDb();
    const { ref } = await stageFile(db, pngBlob(2 * MiB), 'banner');
    renderUi(<UploadProgress db={db} fileRef={ref} />);
    await waitFor(() => expect(screen.getByTestId('upload-progress').dataset.state).toBe('queued'));
    expect(screen.getByText('Waiting to upload')).toBeTruthy();
    await uploadsOf(db).update(ref.slice(5), { state: 'uploading', offset: MiB });
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    await uploadsOf(db).update(ref.slice(5), { state: 'done', offset: 2 * MiB });
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100'));
    expect(screen.getAllByText('Uploaded')).toHaveLength(2); // the label, and the polite announcement
    db.close();
  });

  it("shows a refusal of the server in the admin's language", async () => {
    await activateLocale('th');
    try {
      renderUi(
        <UploadProgressBar
          upload={{
            name: 'hd.mp4',
            size: MiB,
            offset: MiB,
            state: 'failed',
            error: { httpStatus: 422, message: VIDEO_TOO_HIGH },
          }}
        />,
      );
      expect(
        screen.getAllByText('อัปโหลดถูกปฏิเสธ: วิดีโอต้องมีความสูงน้อยกว่า 720 พิกเซล กรุณาเลือกวิดีโอที่เล็กกว่านี้'),
      ).toHaveLength(2);
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });

  it('formats bytes in the locale', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
  });
});
