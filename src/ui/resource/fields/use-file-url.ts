import { useEffect, useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import { readStagedFile, stagedBlobId } from '@/data/uploads/uploads';

/** A displayable URL for a file field's value: the uploaded URL, or an object URL of the staged Blob. */
export function useFileUrl(db: LocalDb | null, ref: string | undefined): string | null {
  const [staged, setStaged] = useState<{ ref: string; url: string } | null>(null);
  const blobId = ref ? stagedBlobId(ref) : null;
  useEffect(() => {
    if (!db || !ref || !blobId) return;
    let live = true;
    let url: string | null = null;
    void readStagedFile(db, ref).then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setStaged({ ref, url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [db, ref, blobId]);
  if (!ref) return null;
  if (!blobId) return ref;
  return staged?.ref === ref ? staged.url : null;
}
