/// <reference lib="webworker" />

import { openLocalDb } from '@/data/db/local-db';
import type { FirstSyncRequest } from '@/data/sync/first-sync';
import { firstSync } from '@/data/sync/first-sync-round';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';

declare const self: DedicatedWorkerGlobalScope;

/** Runs one first sync for the user the page names, then says how it ended and closes (first-sync.ts). */
self.onmessage = async (event: MessageEvent<FirstSyncRequest>) => {
  const { companyID, userID, token } = event.data;
  const db = openLocalDb(companyID, userID);
  try {
    const outcome = await firstSync(db, {
      transport: httpTransport({ getToken: () => token }),
      uploads: httpUploads(() => token),
      locks: navigator.locks,
    });
    self.postMessage(outcome.kind);
  } catch {
    self.postMessage('failed');
  } finally {
    db.close();
    self.close();
  }
};
