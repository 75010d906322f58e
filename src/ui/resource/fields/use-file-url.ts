import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { parseFileUrl } from '#contract/files.ts';
import type { LocalDb } from '@/data/db/local-db';
import { queryClient } from '@/data/http/query-client';
import { useSession } from '@/data/session/use-session';
import { signedUrlQuery } from '@/data/uploads/signed-urls';
import { uploadsOf } from '@/data/uploads/upload-types';
import { readStagedFile, stagedBlobId, uploadedUrlOf } from '@/data/uploads/uploads';

/** What a staged ref shows: an object URL of its Blob, or the uploaded file once it was sent. */
type Staged = { ref: string; url: string };

/**
 * The one way the console shows a file (<img>, <video>, a download link): a field's value or a
 * profile picture becomes a URL the browser can open without the bearer. A file staged on this
 * device gives an object URL of its Blob; an uploaded file (`/files/...`) a signed URL, asked for
 * in batches and renewed before it expires (offline: the bare path, which the service worker
 * answers from its cache); any other URL (an outside http(s) or data: URL) is used as it is.
 * `db` may be null where nothing is staged (the session's profile picture).
 */
export function useFileUrl(db: LocalDb | null, ref: string | undefined | null): string | null {
  const [staged, setStaged] = useState<Staged | null>(null);
  const blobId = ref ? stagedBlobId(ref) : null;
  useEffect(() => {
    if (!db || !ref || !blobId) return;
    let live = true;
    let objectUrl: string | null = null;
    void (async () => {
      const blob = await readStagedFile(db, ref);
      if (blob) objectUrl = URL.createObjectURL(blob);
      const url = objectUrl ?? (await uploadedUrlOf(db, ref));
      if (live && url) setStaged({ ref, url });
      else if (objectUrl) URL.revokeObjectURL(objectUrl);
    })();
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [db, ref, blobId]);

  const current = !ref ? null : blobId ? (staged?.ref === ref ? staged.url : null) : ref;
  const file = current ? parseFileUrl(current) : null;
  const session = useSession();
  const userKey = session ? `${session.companyID}:${session.userID}` : '';
  // The app's client itself (the one sign-out clears), so a thumbnail renders under any tree.
  const signed = useQuery({ ...signedUrlQuery(userKey, file?.path ?? ''), enabled: !!file }, queryClient);
  if (!current) return null;
  if (!file) return current;
  return signed.data?.url ?? null;
}

/**
 * A file reference's name and, while it is staged on this device, its upload entry (type, size,
 * progress): the staged file's own name, or an uploaded URL's last part.
 */
export function useFileFacts(db: LocalDb, ref: string) {
  const id = stagedBlobId(ref);
  const staged = useLiveQuery(() => (id ? uploadsOf(db).get(id) : undefined), [db, id]);
  const name = id ? (staged?.name ?? '') : decodeURIComponent(ref.split('/').pop()?.split('?')[0] ?? '');
  return { name, staged: id ? staged : undefined };
}
